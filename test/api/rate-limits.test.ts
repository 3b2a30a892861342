/**
 * The API's own request limits, per signed-in user and per enterprise (in this process), over
 * real HTTP to the embedded server: past a limit the answer is 429 in the error shape with
 * Retry-After, for that user or that enterprise only. The other API tests run with the limits
 * off (test/setup/api-stack.ts); this file sets low ones before the app loads and puts the
 * environment back after.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const saved = vi.hoisted(() => {
  const before = {
    user: process.env.RATE_LIMIT_USER_PER_MINUTE,
    enterprise: process.env.RATE_LIMIT_ENTERPRISE_PER_MINUTE,
  };
  process.env.RATE_LIMIT_USER_PER_MINUTE = '20';
  process.env.RATE_LIMIT_ENTERPRISE_PER_MINUTE = '30';
  return before;
});

import { app } from '../../functions/src/app';
import { createLocalApp, listen, type RunningServer } from '../../scripts/lib/local-server';
import { addMember, createEnterprise, signUp, signUpMany, type TestUser } from './helpers';

let server: RunningServer;

beforeAll(async () => {
  server = await listen(createLocalApp(app), 0, '127.0.0.1');
});

afterAll(async () => {
  await server?.close();
  for (const [name, value] of [
    ['RATE_LIMIT_USER_PER_MINUTE', saved.user],
    ['RATE_LIMIT_ENTERPRISE_PER_MINUTE', saved.enterprise],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

const get = (user: TestUser, path: string) =>
  fetch(`${server.url}${path}`, { headers: { Cookie: user.client.cookieHeader() } });

/** Sends `path` until an answer is 429 (at most `max` times); the 429 and how many passed. */
async function untilRefused(user: TestUser, path: string, max: number) {
  for (let passed = 0; passed < max; passed += 1) {
    const res = await get(user, path);
    if (res.status === 429) return { res, passed };
    expect(res.status).toBe(200);
  }
  throw new Error(`${max} requests to ${path} and no 429`);
}

describe('per-user limit', () => {
  it('refuses a user past the limit with 429 and Retry-After, and nobody else', async () => {
    const [busy, other] = await signUpMany(2);
    const { res, passed } = await untilRefused(busy!, '/api/auth/me', 30);
    expect(passed).toBeGreaterThanOrEqual(18);
    const seconds = Number(res.headers.get('retry-after'));
    expect(Number.isInteger(seconds) && seconds >= 1 && seconds <= 60).toBe(true);
    expect(await res.json()).toMatchObject({ success: false, errorCode: 'TOO_MANY_REQUESTS' });
    expect((await get(other!, '/api/auth/me')).status).toBe(200);
  });
});

describe('per-enterprise limit', () => {
  it('refuses the members of a busy enterprise in it, but not elsewhere', async () => {
    const owner = await signUp();
    const [colleague, outsider] = await signUpMany(2);
    const enterprise = await createEnterprise(owner);
    await addMember(owner, enterprise, colleague!);
    const projects = `/api/pms/${enterprise.enterpriseIdentifier}/pmsProject/list`;
    // Together they use up the enterprise's minute, each well within their own.
    for (let i = 0; i < 12; i += 1) expect((await get(owner, projects)).status).toBe(200);
    const { res, passed } = await untilRefused(colleague!, projects, 30);
    expect(passed).toBeLessThan(20);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await res.json()).errorMessage).toMatch(/enterprise/i);
    // The same members outside the enterprise, and other enterprises, are not held back.
    expect((await get(colleague!, '/api/auth/me')).status).toBe(200);
    const elsewhere = await createEnterprise(outsider!);
    expect((await get(outsider!, `/api/pms/${elsewhere.enterpriseIdentifier}/pmsProject/list`)).status).toBe(
      200,
    );
  });
});
