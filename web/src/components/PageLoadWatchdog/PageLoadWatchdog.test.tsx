import { MantineProvider } from '@mantine/core';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../test/render';
import { PageLoadWatchdog } from './PageLoadWatchdog';

function routerWithPage(loader: () => Promise<unknown>) {
  const rootRoute = createRootRoute({ component: Outlet });
  const page = createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    loader,
    component: () => <p>loaded</p>,
  });
  return createRouter({
    routeTree: rootRoute.addChildren([page]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
}

describe('PageLoadWatchdog', () => {
  it('offers a retry when a page has not loaded within the time-out', async () => {
    const router = routerWithPage(() => new Promise(() => {}));
    render(
      <MantineProvider>
        <RouterProvider router={router} />
        <PageLoadWatchdog router={router} timeoutMs={60} />
      </MantineProvider>,
    );
    expect(await screen.findByTestId('page-load-timeout', {}, { timeout: 2000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('stays quiet when the page loads in time', async () => {
    const router = routerWithPage(async () => null);
    render(
      <MantineProvider>
        <RouterProvider router={router} />
        <PageLoadWatchdog router={router} timeoutMs={60} />
      </MantineProvider>,
    );
    expect(await screen.findByText('loaded')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(screen.queryByTestId('page-load-timeout')).toBeNull();
  });
});
