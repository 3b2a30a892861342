import { computeAccess } from '@shared/permissions/access';
import { isRedirect } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../api/errors';
import { guardedLoad, requireAccess } from './route-guards';

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
