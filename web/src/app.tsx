import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { PageLoadWatchdog } from './components/PageLoadWatchdog/PageLoadWatchdog';
import type { createAppRouter } from './router';
import { theme } from './theme';

interface AppProps {
  router: ReturnType<typeof createAppRouter>;
  queryClient: QueryClient;
}

export function App({ router, queryClient }: AppProps) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications position="top-center" limit={4} />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <PageLoadWatchdog router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
