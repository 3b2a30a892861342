/**
 * The per-process copies of sessions and tenants (functions/src/core/identity/cache.ts): a change
 * made through this process is seen at once; one made through another process (another Lambda
 * instance: the app's modules loaded afresh with `vi.resetModules`, sharing only DynamoDB Local)
 * stops working here within IDENTITY_TTL_MS, and not later.
 */
import { describe, expect, it, vi } from 'vitest';
import { clock } from '../../functions/src/core/clock';
import { IDENTITY_TTL_MS } from '../../functions/src/core/identity/cache';
import {
  addMember,
  type Client,
  createEnterprise,
  expectStatus,
  freshSession,
  signUp,
  signUpMany,
} from './helpers';

const ENTERPRISES = '/api/pms/pmsEnterprise';

/** A request through a second copy of the app, as `client` (its cookies and origin). */
async function throughOtherProcess(client: Client, method: string, path: string): Promise<number> {
  vi.resetModules();
  const { app } = await import('../../functions/src/app');
  const res = await app.request(path, {
    method,
    headers: { Cookie: client.cookieHeader(), 'X-Requested-With': 'XMLHttpRequest', Origin: client.origin },
  });
  return res.status;
}

/** Runs `check` with the clock moved past the copies' lifetime. */
async function afterCopiesExpire(check: () => Promise<void>): Promise<void> {
  const realNow = clock.now;
  clock.now = () => realNow() + IDENTITY_TTL_MS + 1;
  try {
    await check();
  } finally {
    clock.now = realNow;
  }
}

describe('identity copies', () => {
  it('ends a session at once when this process signs it out', async () => {
    const user = await signUp();
    const enterprise = await createEnterprise(user);
    const page = `${ENTERPRISES}/${enterprise.enterpriseIdentifier}`;
    expectStatus(await user.client.get(page), 200);
    const cookies = user.client.cookieHeader();
    expectStatus(await user.client.post('/api/accounts/logout.json'), 200);
    // The same token again, presented after the logout: refused at once.
    user.client.jar.clear();
    for (const pair of cookies.split('; ')) {
      const [name = '', value = ''] = pair.split('=');
      user.client.jar.set(name, value);
    }
    expect((await user.client.get(page)).status).toBe(401);
  });

  it('stops a session ended by another process within the copies lifetime', async () => {
    const user = await signUp();
    const enterprise = await createEnterprise(user);
    const page = `${ENTERPRISES}/${enterprise.enterpriseIdentifier}`;
    expectStatus(await user.client.get(page), 200);
    expect(await throughOtherProcess(user.client, 'POST', '/api/accounts/logout.json')).toBe(200);
    await afterCopiesExpire(async () => {
      expect((await user.client.get(page)).status).toBe(401);
    });
  });

  it('stops a session signed out from the session list by another process within the copies lifetime', async () => {
    const user = await signUp();
    const other = await freshSession(user);
    const sessions = expectStatus(await other.get('/api/auth/sessions'), 200).data;
    const otherId = sessions.find((s: { current: boolean }) => s.current).id;
    expect(await throughOtherProcess(user.client, 'DELETE', `/api/auth/sessions/${otherId}`)).toBe(200);
    await afterCopiesExpire(async () => {
      expect((await other.get('/api/auth/me')).status).toBe(401);
    });
  });

  it('stops a member removed by another process within the copies lifetime, and at once here', async () => {
    const [owner, member, other] = await signUpMany(3);
    const enterprise = await createEnterprise(owner!);
    await addMember(owner!, enterprise, member!);
    await addMember(owner!, enterprise, other!);
    const page = `${ENTERPRISES}/${enterprise.enterpriseIdentifier}`;
    expectStatus(await member!.client.get(page), 200);
    expectStatus(await other!.client.get(page), 200);

    const removal = `${page}/user/${member!.userId}`;
    expect(await throughOtherProcess(owner!.client, 'DELETE', removal)).toBe(200);
    await afterCopiesExpire(async () => {
      expect((await member!.client.get(page)).status).toBe(404);
    });

    expectStatus(await owner!.client.delete(`${page}/user/${other!.userId}`), 200);
    expect((await other!.client.get(page)).status).toBe(404);
  });
});
