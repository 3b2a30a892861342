import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type LocationRewrite } from '@tanstack/react-router';
import { PageLoader } from './components/PageLoader/PageLoader';
import { RouteError } from './components/RouteError/RouteError';
import { NotFoundPage } from './components/StatusPage/StatusPage';
import { routeTree } from './routeTree.gen';

export interface RouterContext {
  queryClient: QueryClient;
}

/**
 * `rewrite` maps the address bar to the routes and back: on a tenant subdomain
 * (web/src/lib/tenant-host.ts) `/projects` is the route `/$identifier/projects`.
 */
export function createAppRouter(queryClient: QueryClient, rewrite?: LocationRewrite) {
  return createRouter({
    routeTree,
    ...(rewrite ? { rewrite } : {}),
    context: { queryClient },
    defaultPreload: 'intent',
    // TanStack Query owns caching; the router always asks it (ensureQueryData is cheap when cached).
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PageLoader,
    defaultPendingMs: 250,
    defaultPendingMinMs: 300,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: NotFoundPage,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
