import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { PageLoadWatchdog } from './components/PageLoadWatchdog/PageLoadWatchdog';
import type { createAppRouter } from './router';
import { theme } from './theme';

const AppNotifications = lazy(() =>
  import('./components/AppNotifications/AppNotifications').then((m) => ({ default: m.AppNotifications })),
);

interface AppProps {
  router: ReturnType<typeof createAppRouter>;
  queryClient: QueryClient;
}

export function App({ router, queryClient }: AppProps) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      {/* Its own boundary: the page never waits for the notification area. */}
      <Suspense fallback={null}>
        <AppNotifications />
      </Suspense>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <PageLoadWatchdog router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
