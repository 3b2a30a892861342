import { computeAccess } from '@shared/permissions/access';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  isRedirect,
  type LocationRewrite,
} from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../api/errors';
import { safeGoPage } from './go-page';
import { guardedLoad, requireAccess } from './route-guards';
import { validateGoPageSearch } from './search';
import { tenantRewrite } from './tenant-host';

async function caught(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => null,
    (error: unknown) => error,
  );
}

describe('route guards', () => {
  it('passes the loaded value through', async () => {
    await expect(guardedLoad(async () => 42, '/x')).resolves.toBe(42);
  });

  it('sends a 401 that the client did not redirect to /login with go_page', async () => {
    const error = await caught(guardedLoad(() => Promise.reject(new HttpError(401, null)), '/acme/members'));
    expect(isRedirect(error)).toBe(true);
    expect(error).toMatchObject({ options: { to: '/login', search: { go_page: '/acme/members' } } });
  });

  it('waits while the client takes the browser to the sign-in page', async () => {
    const pending = guardedLoad(() => Promise.reject(new HttpError(401, null, true)), '/');
    const outcome = await Promise.race([
      pending.then(
        () => 'settled',
        () => 'settled',
      ),
      new Promise((r) => setTimeout(() => r('waiting'), 30)),
    ]);
    expect(outcome).toBe('waiting');
  });

  it('follows the client to the error page it went to', async () => {
    const notFound = new HttpError(404, { errorMessage: 'The enterprise does not exist' });
    notFound.navigatedTo = '/404';
    const error = await caught(guardedLoad(() => Promise.reject(notFound), '/x'));
    expect(error).toMatchObject({ options: { to: '/404' } });
  });

  it('lets other failures through to the error state', async () => {
    const failure = new HttpError(500, null);
    expect(await caught(guardedLoad(() => Promise.reject(failure), '/x'))).toBe(failure);
  });

  it('requireAccess sends to /403 without the access name', () => {
    const access = computeAccess({ userId: 'u', permissions: ['enterprise:member:list'], roles: [] });
    expect(() => requireAccess(access, 'members')).not.toThrow();
    let thrown: unknown;
    try {
      requireAccess(access, 'adminRoles');
    } catch (error) {
      thrown = error;
    }
    expect(isRedirect(thrown)).toBe(true);
    expect(thrown).toMatchObject({ options: { to: '/403' } });
  });
});

describe('go_page in both address forms', () => {
  const origin = 'https://acme.example.com';
  let signedIn = false;
  const rootRoute = createRootRoute();
  const tenant = createRoute({ getParentRoute: () => rootRoute, path: '$identifier' });
  const projects = createRoute({
    getParentRoute: () => tenant,
    path: 'projects',
    beforeLoad: ({ location }) =>
      guardedLoad(async () => {
        if (!signedIn) throw new HttpError(401, null);
      }, location.publicHref),
  });
  const login = createRoute({
    getParentRoute: () => rootRoute,
    path: 'login',
    validateSearch: validateGoPageSearch,
  });
  const routeTree = rootRoute.addChildren([tenant.addChildren([projects]), login]);

  /** Opens `address` signed out, then signs in and goes to go_page as the sign-in page does. */
  async function signInFrom(address: string, rewrite?: LocationRewrite) {
    signedIn = false;
    const router = createRouter({
      routeTree,
      history: createMemoryHistory({ initialEntries: [address] }),
      origin,
      ...(rewrite ? { rewrite } : {}),
    });
    await router.load();
    expect(router.state.location.pathname).toBe('/login');
    const goPage = (router.state.location.search as { go_page?: string }).go_page;
    signedIn = true;
    router.history.push(safeGoPage(goPage, origin));
    await router.load();
    return { goPage, address: router.history.location.href, route: router.state.location.href };
  }

  it('is the address bar on a tenant subdomain, and leads back to the same page', async () => {
    const result = await signInFrom('/projects?page=2', tenantRewrite('acme', 'example.com'));
    expect(result).toEqual({
      goPage: '/projects?page=2',
      address: '/projects?page=2',
      route: '/acme/projects?page=2',
    });
  });

  it('is the path in the path form', async () => {
    const result = await signInFrom('/acme/projects');
    expect(result).toEqual({ goPage: '/acme/projects', address: '/acme/projects', route: '/acme/projects' });
  });
});
