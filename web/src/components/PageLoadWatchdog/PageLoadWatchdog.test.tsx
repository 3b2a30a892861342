import { MantineProvider } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestRouter } from '../../test/render';
import { PageLoadWatchdog } from './PageLoadWatchdog';

const routerWithPage = (loader: () => Promise<unknown>) =>
  createTestRouter({ path: '/', loader, component: () => <p>loaded</p> });

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
