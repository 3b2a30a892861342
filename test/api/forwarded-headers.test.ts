/**
 * X-Forwarded-Host and X-Forwarded-Proto are believed only from the front door: CloudFront, which
 * proves itself with the secret origin header (FRONT_DOOR_SECRET, test/setup/api-stack.ts sets
 * one). Sent by anyone else, over a real socket to the embedded server, they change nothing:
 * not the sign-in address, not the CSRF Origin check, not the cookie's name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app } from '../../functions/src/app';
import { FRONT_DOOR_HEADER } from '../../functions/src/core/http/origin';
import { createLocalApp, listen, type RunningServer } from '../../scripts/lib/local-server';
import { PASSWORD, signUp, unique } from './helpers';

let server: RunningServer;

beforeAll(async () => {
  server = await listen(createLocalApp(app), 0, '127.0.0.1');
});

afterAll(() => server?.close());

const SPOOFED = { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' };
const frontDoor = () => ({ [FRONT_DOOR_HEADER]: process.env.FRONT_DOOR_SECRET ?? '' });

/** A new person's sign-in through the embedded server, with `headers` added to the browser's. */
async function signInOverHttp(headers: Record<string, string> = {}): Promise<Response> {
  const user = await signUp();
  return fetch(`${server.url}/api/auth/signin`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      Origin: server.url,
      ...headers,
    },
    body: JSON.stringify({ login: user.login, password: PASSWORD }),
  });
}

/** A signed-in session over HTTP: the cookie of a sign-in through the embedded server. */
async function signedInCookie(): Promise<string> {
  const res = await signInOverHttp();
  expect(res.status).toBe(200);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

function createEnterprise(cookie: string, headers: Record<string, string>) {
  return fetch(`${server.url}/api/pms/pmsEnterprise`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      Cookie: cookie,
      ...headers,
    },
    body: JSON.stringify({ identifier: unique('fw'), name: 'Forwarded' }),
  });
}

describe('forwarding headers from a client that is not the front door', () => {
  it('do not change the sign-in address', async () => {
    for (const extra of [{}, { [FRONT_DOOR_HEADER]: 'guessed-but-not-the-secret' }] as Record<
      string,
      string
    >[]) {
      const res = await fetch(`${server.url}/api/pms/open/loginUrl`, { headers: { ...SPOOFED, ...extra } });
      expect((await res.json()).data).toBe(`${server.url}/login`);
    }
  });

  it('do not let a foreign Origin pass the CSRF check', async () => {
    const cookie = await signedInCookie();
    const res = await createEnterprise(cookie, {
      Origin: 'http://evil.example',
      'X-Forwarded-Host': 'evil.example',
    });
    expect(res.status).toBe(403);
    expect((await res.json()).errorMessage).toContain('http://evil.example');
  });

  it('do not make a plain-http sign-in set a Secure __Host- cookie', async () => {
    const res = await signInOverHttp({ 'X-Forwarded-Proto': 'https' });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()[0]).toMatch(/^sid=/);
  });
});

describe('forwarding headers from the front door', () => {
  it('give the host the browser used, for links and the CSRF check', async () => {
    const login = await fetch(`${server.url}/api/pms/open/loginUrl`, {
      headers: { 'X-Forwarded-Host': 'acme.pm.example.test', ...frontDoor() },
    });
    expect((await login.json()).data).toBe('http://acme.pm.example.test/login');
    const cookie = await signedInCookie();
    const res = await createEnterprise(cookie, {
      Origin: 'http://acme.pm.example.test',
      'X-Forwarded-Host': 'acme.pm.example.test',
      ...frontDoor(),
    });
    expect(res.status).toBe(201);
  });
});
