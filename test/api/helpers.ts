/**
 * Helpers for the API tests: a client with a cookie jar that sends the CSRF headers a browser
 * page of ours would send, unique names (tests share one table and never reset it), and the
 * usual set-up steps (users, enterprises, roles, members) done through the API itself.
 */
import type { CurrentUser } from '@shared/schemas/auth';
import type { Enterprise, Member } from '@shared/schemas/enterprise';
import type { Role } from '@shared/schemas/system';
import { app } from '../../functions/src/app';
import { clock } from '../../functions/src/core/clock';
import { FRONT_DOOR_HEADER } from '../../functions/src/core/http/origin';
import { startSession } from '../../functions/src/core/identity/sessions';

export const HTTP_ORIGIN = 'http://localhost';
export const HTTPS_ORIGIN = 'https://localhost';
export const PASSWORD = 'correct-horse-battery';

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field in tests
type Body = any;

export interface Res<T = Body> {
  status: number;
  body: Body;
  /** `body.data`, typed for convenience. */
  data: T;
  headers: Headers;
  setCookies: string[];
}

export interface CallOptions {
  body?: unknown;
  /** Sent as is (no JSON encoding); for malformed bodies and other content types. */
  rawBody?: string;
  /** Extra headers; `null` removes one the client would send by default. */
  headers?: Record<string, string | null>;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * API_TEST_URL: send the calls over HTTP to a deployed API (`npm run test:localstack`) instead of
 * into the app in this process. Behind CloudFront the browser's host arrives as X-Forwarded-Host;
 * the remote calls say `localhost`, the host of the Origin this client sends.
 */
const REMOTE_API_URL = process.env.API_TEST_URL?.replace(/\/+$/, '');

function remoteHeaders(
  headers: Record<string, string>,
  options: { https?: boolean },
): Record<string, string> {
  const names = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
  return {
    // The deployed stack's front-door secret (scripts/localstack-test.ts reads it), as CloudFront sends it.
    ...(process.env.FRONT_DOOR_SECRET ? { [FRONT_DOOR_HEADER]: process.env.FRONT_DOOR_SECRET } : {}),
    ...(names.has('x-forwarded-host') ? {} : { 'X-Forwarded-Host': 'localhost' }),
    ...(names.has('x-forwarded-proto') ? {} : { 'X-Forwarded-Proto': options.https ? 'https' : 'http' }),
    ...headers,
  };
}

/**
 * A request that says which host or scheme the browser used plays the front door (CloudFront),
 * so it carries the front door's secret (FRONT_DOOR_SECRET, test/setup/api-stack.ts); the
 * forwarded-headers test sends them without it.
 */
function throughFrontDoor(headers: Record<string, string>): Record<string, string> {
  const forwarding = Object.keys(headers).some((name) => /^x-forwarded-/i.test(name));
  const secret = process.env.FRONT_DOOR_SECRET;
  return forwarding && secret ? { [FRONT_DOOR_HEADER]: secret, ...headers } : headers;
}

/** A browser-like client: keeps cookies, sends X-Requested-With, Origin and JSON bodies. */
export class Client {
  readonly jar = new Map<string, string>();

  constructor(readonly options: { https?: boolean } = {}) {}

  get origin(): string {
    return this.options.https ? HTTPS_ORIGIN : HTTP_ORIGIN;
  }

  cookieHeader(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async call<T = Body>(method: string, path: string, options: CallOptions = {}): Promise<Res<T>> {
    const headers: Record<string, string | null> = {};
    if (STATE_CHANGING.has(method)) {
      headers['X-Requested-With'] = 'XMLHttpRequest';
      headers.Origin = this.origin;
    }
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (this.options.https) headers['X-Forwarded-Proto'] = 'https';
    if (this.jar.size > 0) headers.Cookie = this.cookieHeader();
    Object.assign(headers, options.headers);
    const sent = throughFrontDoor(
      Object.fromEntries(Object.entries(headers).filter((e): e is [string, string] => e[1] !== null)),
    );
    const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const response = REMOTE_API_URL
      ? await fetch(`${REMOTE_API_URL}${path}`, { method, headers: remoteHeaders(sent, this.options), body })
      : await app.request(path, { method, headers: sent, body });
    const setCookies = response.headers.getSetCookie();
    this.remember(setCookies);
    // Spreadsheet and CSV downloads are files, not the JSON envelope: left unread, the rest parsed.
    const binary = /^(application\/(vnd\.|octet-stream)|text\/csv)/.test(
      response.headers.get('content-type') ?? '',
    );
    const text = binary ? '' : await response.text();
    const parsed = text ? JSON.parse(text) : undefined;
    return {
      status: response.status,
      body: parsed,
      data: parsed?.data,
      headers: response.headers,
      setCookies,
    };
  }

  private remember(setCookies: string[]): void {
    for (const cookie of setCookies) {
      const [pair = '', ...attributes] = cookie.split(';');
      const [name = '', value = ''] = pair.split('=');
      const expired = attributes.some((a) => a.trim().toLowerCase() === 'max-age=0');
      if (expired || value === '') this.jar.delete(name.trim());
      else this.jar.set(name.trim(), value.trim());
    }
  }

  get<T = Body>(path: string, options?: CallOptions) {
    return this.call<T>('GET', path, options);
  }
  post<T = Body>(path: string, body?: unknown, options?: CallOptions) {
    return this.call<T>('POST', path, { ...options, body });
  }
  put<T = Body>(path: string, body?: unknown, options?: CallOptions) {
    return this.call<T>('PUT', path, { ...options, body });
  }
  delete<T = Body>(path: string, options?: CallOptions) {
    return this.call<T>('DELETE', path, options);
  }

  /**
   * A request whose body goes as is (FormData for multipart uploads, bytes), answering the raw
   * Response (read binary answers with `arrayBuffer()`). Cookies, Origin and X-Requested-With as
   * in `call`; the body's own type (a FormData's boundary) unless `headers` say otherwise.
   */
  async raw(
    method: string,
    path: string,
    options: { body?: BodyInit; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = {};
    if (STATE_CHANGING.has(method)) {
      headers['X-Requested-With'] = 'XMLHttpRequest';
      headers.Origin = this.origin;
    }
    if (this.options.https) headers['X-Forwarded-Proto'] = 'https';
    if (this.jar.size > 0) headers.Cookie = this.cookieHeader();
    Object.assign(headers, options.headers);
    const init = { method, headers: throughFrontDoor(headers), body: options.body };
    const response = REMOTE_API_URL
      ? await fetch(`${REMOTE_API_URL}${path}`, {
          ...init,
          headers: remoteHeaders(init.headers, this.options),
        })
      : await app.request(path, init);
    this.remember(response.headers.getSetCookie());
    return response;
  }
}

/**
 * Runs `work` with the server's clock (functions/src/core/clock) stopped at `iso`, then lets it
 * run on again: scripted histories on fixed days.
 */
export async function atInstant<T>(iso: string, work: () => Promise<T>): Promise<T> {
  clock.now = () => Date.parse(iso);
  try {
    return await work();
  } finally {
    clock.now = Date.now;
  }
}

let counter = 0;

/** A name no other test uses: lower-case letters and digits, starting with `prefix`. */
export function unique(prefix: string): string {
  counter += 1;
  const random = Math.floor(Math.random() * 36 ** 4).toString(36);
  return `${prefix}${Date.now().toString(36)}${counter.toString(36)}${random}`;
}

export interface TestUser {
  client: Client;
  userId: string;
  login: string;
  email: string;
  nickname: string;
  password: string;
}

/** Signs a new user up through the API; the returned client is signed in. */
export async function signUp(
  options: { https?: boolean; nickname?: string; login?: string } = {},
): Promise<TestUser> {
  const client = new Client({ https: options.https });
  const login = options.login ?? unique('u');
  const email = `${login}@example.test`;
  const nickname = options.nickname ?? `Tester ${login}`;
  const res = await client.post<CurrentUser>('/api/auth/signup', {
    login,
    email,
    nickname,
    password: PASSWORD,
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { client, userId: res.data.userId, login, email, nickname, password: PASSWORD };
}

/** Several users at once (sign-up hashes a password, so in parallel is faster). */
export function signUpMany(count: number): Promise<TestUser[]> {
  return Promise.all(Array.from({ length: count }, () => signUp()));
}

/**
 * Another signed-in client for the same user, without a password check: the same function
 * sign-in uses, minus the deliberate scrypt cost. For tests that need many separate sessions.
 */
export async function freshSession(
  user: Pick<TestUser, 'userId'>,
  options: { https?: boolean } = {},
): Promise<Client> {
  const client = new Client(options);
  const { token } = await startSession(user.userId);
  client.jar.set(options.https ? '__Host-sid' : 'sid', token);
  return client;
}

/** Fails the test with the response when the status is not the expected one. */
export function expectStatus<T>(res: Res<T>, status: number): Res<T> {
  if (res.status !== status) {
    throw new Error(`expected HTTP ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
  }
  return res;
}

export async function createEnterprise(owner: TestUser, name = 'Test Enterprise'): Promise<Enterprise> {
  const identifier = unique('e');
  const res = await owner.client.post<Enterprise>('/api/pms/pmsEnterprise', { identifier, name });
  return expectStatus(res, 201).data;
}

export const deptPath = (enterprise: Enterprise) => `/api/system/dept/${enterprise.deptId}`;
export const rolesPath = (enterprise: Enterprise) => `/api/system/SysDeptRole/dept/${enterprise.deptId}`;

export async function listRoles(actor: TestUser, enterprise: Enterprise): Promise<Role[]> {
  return expectStatus(await actor.client.get<Role[]>(`${rolesPath(enterprise)}/list`), 200).data;
}

export async function builtInRole(
  actor: TestUser,
  enterprise: Enterprise,
  roleKey: 'admin' | 'member',
): Promise<Role> {
  const role = (await listRoles(actor, enterprise)).find((r) => r.roleKey === roleKey);
  if (!role) throw new Error(`no ${roleKey} role`);
  return role;
}

export async function createRole(
  actor: TestUser,
  enterprise: Enterprise,
  permissions: readonly string[],
  roleKey = unique('r'),
): Promise<Role> {
  const res = await actor.client.post<Role>(`${rolesPath(enterprise)}/role`, {
    roleName: `Role ${roleKey}`,
    roleKey,
    permissions,
  });
  return expectStatus(res, 201).data;
}

export async function addMember(
  actor: TestUser,
  enterprise: Enterprise,
  user: Pick<TestUser, 'userId'>,
  roleIds?: string[],
): Promise<Member> {
  const res = await actor.client.post<Member>(`${deptPath(enterprise)}/GitLinkUser`, {
    gitlinkUserId: user.userId,
    ...(roleIds ? { roleIds } : {}),
  });
  return expectStatus(res, 201).data;
}

export async function setRoles(
  actor: TestUser,
  enterprise: Enterprise,
  user: Pick<TestUser, 'userId'>,
  roleIds: string[],
): Promise<Member> {
  const res = await actor.client.put<Member>(`${deptPath(enterprise)}/users/${user.userId}`, { roleIds });
  return expectStatus(res, 200).data;
}
