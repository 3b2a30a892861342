import type { AccessMap, AccessName } from '@shared/permissions/access';
import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { BusinessError, HttpError, isUnauthorized } from '../api/errors';

/**
 * Runs a route's load and finishes what the API client started (spec section 8), so the route
 * never flashes an error state on the way:
 * - 401: outside the development host the client is already taking the browser to the sign-in
 *   address, so the route waits for the page to go; on the development host it goes to /login.
 * - 403, 404, "the enterprise does not exist": the client went to the error page; the route
 *   redirects there too instead of rendering its error.
 *
 * `goPage` is the route's `location.publicHref`, the address as the address bar shows it: the
 * sign-in page goes back there through the browser history. On a tenant subdomain
 * (tenant-host.ts) `location.href` is the route's own path, `/acme/projects` for `/projects`,
 * which would bring the user back to the path form.
 */
export async function guardedLoad<T>(load: () => Promise<T>, goPage: string): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isUnauthorized(error)) {
      if (error.redirecting) await new Promise<never>(() => {});
      throw redirect({ to: '/login', search: { go_page: goPage } });
    }
    if ((error instanceof HttpError || error instanceof BusinessError) && error.navigatedTo) {
      throw redirect({ to: error.navigatedTo });
    }
    throw error;
  }
}

/** Each enterprise page declares an access name (ACCESS_RULES); without it the user gets /403. */
export function requireAccess(access: AccessMap, name: AccessName): void {
  if (!access[name]) throw redirect({ to: '/403' });
}

/** The `beforeLoad` of a page that needs one access name: `beforeLoad: accessGuard('products')`. */
export function accessGuard(name: AccessName) {
  return ({ context }: { context: { access: AccessMap } }): void => requireAccess(context.access, name);
}

/** The options every page whose loader reads its search shares: `...searchedRoute(...)`. */
interface SearchedRouteOptions<S, D> {
  validateSearch: (search: Record<string, unknown>) => S;
  beforeLoad: ReturnType<typeof accessGuard>;
  loaderDeps: (match: { search: S }) => D;
}

/**
 * A page whose loader reads its search (a list's filters and page, a week): its validator, its
 * access name, and what of the search the loader depends on, all of it unless `deps` picks.
 * `loader` and `component` stay literal in the route file, where the router splits them off.
 */
export function searchedRoute<S>(
  access: AccessName,
  validateSearch: (search: Record<string, unknown>) => S,
): SearchedRouteOptions<S, S>;
export function searchedRoute<S, D>(
  access: AccessName,
  validateSearch: (search: Record<string, unknown>) => S,
  deps: (search: S) => D,
): SearchedRouteOptions<S, D>;
export function searchedRoute<S, D>(
  access: AccessName,
  validateSearch: (search: Record<string, unknown>) => S,
  deps?: (search: S) => D,
): SearchedRouteOptions<S, S | D> {
  return {
    validateSearch,
    beforeLoad: accessGuard(access),
    loaderDeps: ({ search }) => (deps ? deps(search) : search),
  };
}

/**
 * The loader of a page built on one query (a product, a sprint, a plan, the label list, ...): it
 * waits for the query, guarded as `guardedLoad` says, so the page reads it with
 * `useSuspenseQuery` and opens whole.
 * `loader: (load) => loadQuery(productQueryOptions(load.params.productId), load)`.
 */
export function loadQuery<T, K extends QueryKey>(
  pageQuery: EnsureQueryDataOptions<T, Error, T, K>,
  {
    context: { queryClient },
    location,
  }: { context: { queryClient: QueryClient }; location: { publicHref: string } },
): Promise<T> {
  return guardedLoad(() => queryClient.ensureQueryData(pageQuery), location.publicHref);
}
