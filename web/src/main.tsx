import './lib/zod-config';
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setClientNavigator } from './api/client';
import { App } from './app';
import { runtimeRootDomain, tenantHostRewrite } from './lib/tenant-host';
import { createQueryClient } from './queries/query-client';
import { createAppRouter, preloadCurrentRouteChunks } from './router';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient, tenantHostRewrite(window.location.hostname, runtimeRootDomain()));
setClientNavigator((path) => {
  void router.navigate({ to: path });
});
preloadCurrentRouteChunks(router);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);
