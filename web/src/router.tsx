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

/**
 * Starts fetching the code of the routes the current address opens. The router fetches a route's
 * code only once every `beforeLoad` of the match has answered (for an enterprise page the
 * enterprise, then the user: two API calls in a row); fetched from the start, it arrives while
 * those calls run. The router's own later request finds it in flight or done.
 */
export function preloadCurrentRouteChunks(router: ReturnType<typeof createAppRouter>): void {
  for (const match of router.matchRoutes(router.latestLocation)) {
    const route = router.routesById[match.routeId as keyof typeof router.routesById];
    // A failure here is the router's to report when it asks for the chunk itself.
    if (route) void router.loadRouteChunk(route)?.catch(() => undefined);
  }
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
