/**
 * One JSON line per API request (REQUEST_LOG: here a file, as `npm start` writes it), over real
 * HTTP to the embedded server: the request id the answer names in X-Request-Id, the enterprise,
 * the user, the matched route pattern (never the path with its ids), method, status and duration,
 * and nothing secret: no password, no session cookie, no token, no body.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// Before the app loads (it reads REQUEST_LOG once); the imports above are not there yet.
const logged = await vi.hoisted(async () => {
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const before = process.env.REQUEST_LOG;
  const dir = mkdtempSync(`${tmpdir()}/request-log-`);
  process.env.REQUEST_LOG = `${dir}/requests.log`;
  return { before, dir, file: process.env.REQUEST_LOG };
});

import { app } from '../../functions/src/app';
import { createLocalApp, listen, type RunningServer } from '../../scripts/lib/local-server';
import { PASSWORD, unique } from './helpers';

let server: RunningServer;

beforeAll(async () => {
  server = await listen(createLocalApp(app), 0, '127.0.0.1');
});

afterAll(async () => {
  await server?.close();
  if (logged.before === undefined) delete process.env.REQUEST_LOG;
  else process.env.REQUEST_LOG = logged.before;
  rmSync(logged.dir, { recursive: true, force: true });
});

const json = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };

// biome-ignore lint/suspicious/noExplicitAny: log lines are checked field by field
async function lineOf(requestId: string | null): Promise<any> {
  expect(requestId ?? '(no X-Request-Id header)').toMatch(/^[\w-]{8,}$/);
  await expect
    .poll(() => existsSync(logged.file) && readFileSync(logged.file, 'utf8').includes(`"${requestId}"`))
    .toBe(true);
  const lines = readFileSync(logged.file, 'utf8').trim().split('\n');
  return JSON.parse(lines.find((line) => line.includes(`"${requestId}"`))!);
}

describe('the request log', () => {
  it('has one line per request with ids, route pattern, status and duration, and no secrets', async () => {
    const login = unique('log');
    const signUp = await fetch(`${server.url}/api/auth/signup`, {
      method: 'POST',
      headers: { ...json, Origin: server.url },
      body: JSON.stringify({ login, email: `${login}@example.test`, nickname: 'Logan', password: PASSWORD }),
    });
    expect(signUp.status).toBe(201);
    const cookie = signUp.headers.getSetCookie()[0]!.split(';')[0]!;
    const user = (await signUp.json()).data;
    const signUpLine = await lineOf(signUp.headers.get('x-request-id'));
    expect(signUpLine).toMatchObject({ method: 'POST', route: '/api/auth/signup', status: 201 });

    const identifier = unique('lg');
    const created = await fetch(`${server.url}/api/pms/pmsEnterprise`, {
      method: 'POST',
      headers: { ...json, Origin: server.url, Cookie: cookie },
      body: JSON.stringify({ identifier, name: 'Logged Ltd' }),
    });
    const enterprise = (await created.json()).data;
    const project = await fetch(`${server.url}/api/pms/${identifier}/pmsProject`, {
      method: 'POST',
      headers: { ...json, Origin: server.url, Cookie: cookie },
      body: JSON.stringify({ name: 'Logged project' }),
    });
    const projectId = (await project.json()).data.id;

    const read = await fetch(`${server.url}/api/pms/${identifier}/pmsProject/${projectId}`, {
      headers: { Cookie: cookie },
    });
    expect(read.status).toBe(200);
    const line = await lineOf(read.headers.get('x-request-id'));
    expect(line).toEqual({
      time: expect.any(String),
      requestId: read.headers.get('x-request-id'),
      method: 'GET',
      route: '/api/pms/:identifier/pmsProject/:id',
      status: 200,
      durationMs: expect.any(Number),
      userId: user.userId,
      enterpriseId: enterprise.id,
    });

    // A refusal is logged too, with its id in the answer for support to find.
    const missing = await fetch(`${server.url}/api/pms/${identifier}/pmsProject/nope`, {
      headers: { Cookie: cookie },
    });
    expect(missing.status).toBe(404);
    expect(await lineOf(missing.headers.get('x-request-id'))).toMatchObject({
      status: 404,
      userId: user.userId,
    });

    const text = readFileSync(logged.file, 'utf8');
    for (const secret of [PASSWORD, cookie.split('=')[1]!, cookie, projectId, identifier]) {
      expect(text).not.toContain(secret);
    }
  });
});
