import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, type RenderOptions, render, renderHook } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { afterEach } from 'vitest';
import { theme } from '../theme';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

// happy-dom has no FontFaceSet; Mantine's autosize Textarea listens on it for web fonts loading.
if (typeof document !== 'undefined' && !('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
}

/** A query client for one test: no retries, nothing shared between tests. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY } } });
}

function Providers({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    // env="test": no transitions, so dropdowns and modals open and close at once.
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

/** Renders inside the app's providers (Mantine theme, a fresh QueryClient). */
export function renderWithProviders(
  ui: ReactElement,
  { queryClient = createTestQueryClient(), ...options }: RenderOptions & { queryClient?: QueryClient } = {},
) {
  return {
    queryClient,
    ...render(ui, {
      wrapper: ({ children }) => <Providers queryClient={queryClient}>{children}</Providers>,
      ...options,
    }),
  };
}

/** Renders a query or mutation hook with a query client (a fresh one unless given). */
export function renderQueryHook<Result>(hook: () => Result, queryClient = createTestQueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, ...renderHook(hook, { wrapper }) };
}

/**
 * A tiny router with memory history, at `path`, whose one page (under a root that renders only
 * its outlet) is `page`: a page that waits for `loader` if it has one.
 */
export function createTestRouter(
  page: { path: string; component: () => ReactNode; loader?: () => Promise<unknown> },
  path = '/',
) {
  const rootRoute = createRootRoute({ component: Outlet });
  const route = createRoute({ getParentRoute: () => rootRoute, ...page });
  return createRouter({
    routeTree: rootRoute.addChildren([route]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
}

/**
 * Renders a component that uses router links or hooks: the component is the page at `path` of a
 * tiny router with memory history (so `Link`s resolve and `useLocation` works). Use `findBy...`
 * queries: the router renders after its first load.
 */
export function renderWithRouter(
  ui: ReactElement,
  { path = '/', queryClient = createTestQueryClient() }: { path?: string; queryClient?: QueryClient } = {},
) {
  const router = createTestRouter({ path: '$', component: () => ui }, path);
  return {
    router,
    queryClient,
    ...render(
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>,
    ),
  };
}
