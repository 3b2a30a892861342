// @vitest-environment node
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SHOW_TYPE as SHARED_SHOW_TYPE } from '@shared/schemas/common';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type ApiClientDependencies,
  createApiClient,
  DEFAULT_ERROR_TEXT,
  dispositionFilename,
  LOGIN_URL_ENDPOINT,
  NETWORK_ERROR_TEXT,
  REQUEST_TIMEOUT_MS,
  SHOW_TYPE,
} from './client';
import { BusinessError, HttpError, NetworkError } from './errors';

/* A real HTTP server: each test says how it answers; every request it gets is recorded. */
type Handler = (req: IncomingMessage, res: ServerResponse) => void;
interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let base: string;
let handler: Handler;
let seen: Seen[] = [];

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** The server answers `path` with `status` and `body`; the login url call answers `loginUrl`. */
function answer(
  status: number,
  body: unknown,
  loginUrl: { status: number; body: unknown } | null = null,
): void {
  handler = (req, res) => {
    if (req.url === LOGIN_URL_ENDPOINT && loginUrl) return json(res, loginUrl.status, loginUrl.body);
    json(res, status, body);
  };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handler(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

afterEach(() => {
  seen = [];
  vi.useRealTimers();
});

const CURRENT = 'http://app.test/acme/members?pageNum=2';

function setup(overrides: Partial<ApiClientDependencies> = {}) {
  const feedback = { warning: vi.fn(), error: vi.fn(), notification: vi.fn() };
  const navigate = vi.fn();
  const redirect = vi.fn();
  const calls: { input: string; init: RequestInit }[] = [];
  const client = createApiClient({
    fetch: (input, init) => {
      calls.push({ input, init });
      return fetch(new URL(input, base), init);
    },
    feedback,
    navigate,
    redirect,
    currentAddress: () => CURRENT,
    isLocalDevHost: () => false,
    enterprise: () => ({ identifier: 'acme', hostingAddress: base }),
    ...overrides,
  });
  /** Every message shown, whatever its kind. */
  const shown = () => [
    ...feedback.warning.mock.calls.map(([m]) => ['warning', m]),
    ...feedback.error.mock.calls.map(([m]) => ['error', m]),
    ...feedback.notification.mock.calls.map(([t, m]) => ['notification', t, m]),
  ];
  return { client, feedback, navigate, redirect, calls, shown };
}

const ok = (data: unknown) => ({ success: true, data });
const fail = (errorMessage: string, showType = 2, errorCode = 'BAD_REQUEST', data?: unknown) => ({
  success: false,
  errorCode,
  errorMessage,
  showType,
  data,
});

describe('common request settings (spec section 7)', () => {
  it('sends X-Requested-With: XMLHttpRequest and asks for JSON', async () => {
    answer(200, ok(1));
    await setup().client.get('/api/auth/me');
    expect(seen[0]?.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(seen[0]?.headers.accept).toBe('application/json');
  });

  it('sends credentials with every request', async () => {
    answer(200, ok(1));
    const { client, calls } = setup();
    await client.post('/api/auth/signin', { login: 'a', password: 'b' });
    await client.get('/api/auth/me');
    expect(calls.map((c) => c.init.credentials)).toEqual(['include', 'include']);
  });

  it('sends bodies as JSON with a JSON content type', async () => {
    answer(201, ok({ id: 'e1' }));
    const { client } = setup();
    await client.post('/api/pms/pmsEnterprise', { identifier: 'acme', name: 'Acme' });
    expect(seen[0]).toMatchObject({ method: 'POST', body: '{"identifier":"acme","name":"Acme"}' });
    expect(seen[0]?.headers['content-type']).toBe('application/json');
  });

  it('marks bodiless state-changing calls as JSON too, and GETs not at all', async () => {
    answer(200, ok(null));
    const { client } = setup();
    await client.delete('/api/pms/pmsEnterprise/e1', { confirmIdentifier: 'acme' });
    await client.get('/api/pms/pmsEnterprise/myList');
    expect(seen[0]).toMatchObject({ method: 'DELETE', body: '' });
    expect(seen[0]?.headers['content-type']).toBe('application/json');
    expect(seen[1]?.headers['content-type']).toBeUndefined();
  });

  it('times out after 30 s with the no-response message', async () => {
    vi.useFakeTimers();
    const { client, feedback } = setup({
      fetch: (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    });
    let settled = false;
    const result = client.get('/api/slow').finally(() => {
      settled = true;
    });
    result.catch(() => {});
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).rejects.toMatchObject({ name: 'NetworkError', kind: 'none' });
    expect(REQUEST_TIMEOUT_MS).toBe(30_000);
    expect(feedback.error).toHaveBeenCalledWith('None response! Please retry.');
  });

  it('applies the url rules before sending', async () => {
    answer(200, ok(null));
    const { client, calls } = setup();
    await client.get('/api/pms/pmsProject/list', { pageNum: 1, pageSize: 10 });
    await client.get('/api/pms/pmsEnterprise/acme');
    await client.get('/api/pms/repositories/list');
    await client.get('/ruby/api/setting.json');
    expect(seen.map((s) => s.url)).toEqual([
      '/api/pms/acme/pmsProject/list?pageNum=1&pageSize=10',
      '/api/pms/pmsEnterprise/acme',
      '/api/pms/repositories/list',
      '/api/setting.json',
    ]);
    // The /ruby/api call went to the hosting address, not the page's origin.
    expect(calls[3]?.input).toBe(`${base}/api/setting.json`);
  });

  it('returns the data of a success envelope, and bodies without one whole', async () => {
    const { client } = setup();
    answer(200, ok({ userId: 'u1' }));
    await expect(client.get('/api/auth/me')).resolves.toEqual({ userId: 'u1' });
    answer(200, { setting: { name: 'Workspace', signUpOpen: true, version: '1' } });
    await expect(client.get('/ruby/api/setting.json')).resolves.toEqual({
      setting: { name: 'Workspace', signUpOpen: true, version: '1' },
    });
  });

  it('keeps SHOW_TYPE in step with the shared definition', () => {
    expect(SHOW_TYPE).toEqual(SHARED_SHOW_TYPE);
  });
});

describe('401 (spec section 8)', () => {
  it('fetches the login url and goes there with go_page holding the current address', async () => {
    answer(401, fail('Please sign in', 9, 'UNAUTHORIZED'), {
      status: 200,
      body: ok('http://login.test/login'),
    });
    const { client, redirect, navigate, shown } = setup();
    const error = await client.get('/api/auth/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 401, redirecting: true });
    expect(seen.map((s) => s.url)).toEqual(['/api/auth/me', LOGIN_URL_ENDPOINT]);
    expect(redirect).toHaveBeenCalledExactlyOnceWith(
      `http://login.test/login?go_page=${encodeURIComponent(CURRENT)}`,
    );
    expect(navigate).not.toHaveBeenCalled();
    expect(shown()).toEqual([]);
  });

  it('falls back to the login page of the hosting address when the login url call fails', async () => {
    answer(401, fail('Please sign in', 9, 'UNAUTHORIZED'), { status: 500, body: fail('boom') });
    const { client, redirect, shown } = setup();
    await expect(client.get('/api/auth/me')).rejects.toBeInstanceOf(HttpError);
    expect(redirect).toHaveBeenCalledExactlyOnceWith(`${base}/login?go_page=${encodeURIComponent(CURRENT)}`);
    expect(shown()).toEqual([]);
  });

  it('does not follow a login url that is not http(s); the hosting address’s sign-in page instead', async () => {
    answer(401, fail('Please sign in', 9, 'UNAUTHORIZED'), {
      status: 200,
      body: ok('javascript:alert(7)//'),
    });
    const { client, redirect } = setup();
    await expect(client.get('/api/auth/me')).rejects.toBeInstanceOf(HttpError);
    expect(redirect).toHaveBeenCalledExactlyOnceWith(`${base}/login?go_page=${encodeURIComponent(CURRENT)}`);
  });

  it('does not redirect on the local development host; the message is shown instead', async () => {
    answer(401, fail('Please sign in', 9, 'UNAUTHORIZED'));
    const { client, redirect, feedback } = setup({ isLocalDevHost: () => true });
    const error = await client.get('/api/auth/me').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, redirecting: false });
    expect(redirect).not.toHaveBeenCalled();
    expect(seen).toHaveLength(1);
    expect(feedback.error).toHaveBeenCalledWith('Please sign in');
  });

  it('sends the browser to sign in once when several calls get 401 together', async () => {
    answer(401, fail('Please sign in', 9), { status: 200, body: ok('http://login.test/login') });
    const { client, redirect } = setup();
    await Promise.allSettled([client.get('/a'), client.get('/b'), client.get('/c')]);
    expect(redirect).toHaveBeenCalledTimes(1);
  });
});

describe('404, 403 and other codes (spec section 8)', () => {
  it('404: shows the message and goes to /404', async () => {
    answer(404, fail('Role r1 does not exist', 2, 'NOT_FOUND'));
    const { client, feedback, navigate } = setup();
    await expect(client.get('/api/system/x')).rejects.toMatchObject({ status: 404, navigatedTo: '/404' });
    expect(feedback.error).toHaveBeenCalledExactlyOnceWith('Role r1 does not exist');
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/404');
  });

  it('a message saying the enterprise does not exist goes to /404 whatever the code', async () => {
    answer(400, fail('The enterprise does not exist'));
    const first = setup();
    await expect(first.client.get('/x')).rejects.toBeInstanceOf(HttpError);
    expect(first.navigate).toHaveBeenCalledExactlyOnceWith('/404');
    expect(first.feedback.error).toHaveBeenCalledExactlyOnceWith('The enterprise does not exist');

    answer(200, fail('The enterprise does not exist', 1));
    const second = setup();
    await expect(second.client.get('/x')).rejects.toBeInstanceOf(BusinessError);
    expect(second.navigate).toHaveBeenCalledExactlyOnceWith('/404');
    expect(second.shown()).toEqual([['error', 'The enterprise does not exist']]);
  });

  it('403: shows the message and goes to /403', async () => {
    answer(403, fail('You need the permission system:role:add', 2, 'FORBIDDEN'));
    const { client, feedback, navigate } = setup();
    await expect(client.post('/api/system/x', {})).rejects.toMatchObject({
      status: 403,
      errorCode: 'FORBIDDEN',
    });
    expect(feedback.error).toHaveBeenCalledExactlyOnceWith('You need the permission system:role:add');
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/403');
  });

  it('409 stale version: the message surfaces and the error carries the status', async () => {
    const message = 'The enterprise Acme was changed by someone else; reload and try again';
    answer(409, fail(message, 1, 'CONFLICT'));
    const { client, shown, navigate } = setup();
    const error = await client.put('/api/pms/pmsEnterprise/e1', { version: 1 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 409, errorCode: 'CONFLICT', errorMessage: message });
    expect(shown()).toEqual([['error', message]]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('any other code: shows the message, or "Operation failed" when it is empty', async () => {
    answer(400, fail('name: Please enter name'));
    const first = setup();
    await expect(first.client.post('/x', {})).rejects.toMatchObject({ status: 400 });
    expect(first.shown()).toEqual([['error', 'name: Please enter name']]);

    answer(500, { success: false, errorCode: 'INTERNAL', errorMessage: '', showType: 2 });
    const second = setup();
    await expect(second.client.get('/x')).rejects.toMatchObject({ status: 500 });
    expect(second.shown()).toEqual([['error', DEFAULT_ERROR_TEXT]]);
    expect(DEFAULT_ERROR_TEXT).toBe('Operation failed');
  });

  it('a non-JSON error body counts as an empty message', async () => {
    handler = (_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>Bad gateway</html>');
    };
    const { client, shown } = setup();
    await expect(client.get('/x')).rejects.toMatchObject({ status: 502 });
    expect(shown()).toEqual([['error', 'Operation failed']]);
  });
});

describe('the request id', () => {
  it('of a failure the server answered is shown with its message and kept on the error', async () => {
    handler = (_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json', 'x-request-id': 'req-42' });
      res.end(JSON.stringify(fail('Something went wrong; please try again', 2, 'INTERNAL_ERROR')));
    };
    const { client, feedback } = setup();
    const error = await client.get('/api/auth/me').catch((e: unknown) => e);
    expect(feedback.error).toHaveBeenCalledExactlyOnceWith(
      'Something went wrong; please try again',
      'req-42',
    );
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).requestId).toBe('req-42');
  });
});

describe('failure flag success:false (spec section 8)', () => {
  it('throws a BusinessError with errorCode, errorMessage, showType and data', async () => {
    answer(200, fail('Quota reached', 2, 'QUOTA', { limit: 3 }));
    const error = await setup()
      .client.get('/x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BusinessError);
    expect(error).toMatchObject({
      errorCode: 'QUOTA',
      errorMessage: 'Quota reached',
      showType: 2,
      data: { limit: 3 },
    });
  });

  it.each([
    [0, []],
    [1, [['warning', 'Quota reached']]],
    [2, [['error', 'Quota reached']]],
    [3, [['notification', 'QUOTA', 'Quota reached']]],
    [9, []],
    [7, [['error', 'Quota reached']]],
  ])('show type %i is presented as expected', async (showType, expected) => {
    answer(200, fail('Quota reached', showType, 'QUOTA'));
    const { client, shown, navigate, redirect } = setup();
    await expect(client.get('/x')).rejects.toBeInstanceOf(BusinessError);
    expect(shown()).toEqual(expected);
    expect(navigate).not.toHaveBeenCalled();
    expect(redirect).not.toHaveBeenCalled();
  });

  it('a failure without a show type is an error message', async () => {
    answer(200, { success: false, errorCode: 'X', errorMessage: 'Nope' });
    const { client, shown } = setup();
    await expect(client.get('/x')).rejects.toMatchObject({ showType: Number.NaN });
    expect(shown()).toEqual([['error', 'Nope']]);
  });
});

describe('urls that skip the handling', () => {
  it.each(['/api/pms/wikiPages/1', '/api/pms/deleteWiki/1'])(
    '%s fails without messages or navigation',
    async (url) => {
      const { client, shown, navigate, redirect } = setup();
      answer(404, fail('Page gone', 2));
      await expect(client.get(url)).rejects.toMatchObject({ status: 404 });
      answer(401, fail('Please sign in', 9));
      await expect(client.get(url)).rejects.toMatchObject({ status: 401, redirecting: false });
      answer(200, fail('Locked', 2));
      await expect(client.get(url)).rejects.toBeInstanceOf(BusinessError);
      expect(shown()).toEqual([]);
      expect(navigate).not.toHaveBeenCalled();
      expect(redirect).not.toHaveBeenCalled();
    },
  );
});

describe('network errors (spec section 8)', () => {
  it('no response (connection refused): "None response! Please retry."', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadBase = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { client, shown } = setup({ fetch: (input, init) => fetch(new URL(input, deadBase), init) });
    await expect(client.get('/x')).rejects.toMatchObject({ name: 'NetworkError', kind: 'none' });
    expect(shown()).toEqual([['error', NETWORK_ERROR_TEXT.none]]);
    expect(NETWORK_ERROR_TEXT.none).toBe('None response! Please retry.');
  });

  it('an unreadable response: "Response status: {status}"', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"success": tru');
    };
    const { client, shown } = setup();
    await expect(client.get('/x')).rejects.toMatchObject({ kind: 'response', status: 200 });
    expect(shown()).toEqual([['error', 'Response status: 200']]);
  });

  it('a request that cannot be sent: "Request error, please retry."', async () => {
    const { client, shown, calls } = setup();
    await expect(client.post('/x', { size: 1n })).rejects.toBeInstanceOf(NetworkError);
    expect(calls).toHaveLength(0);
    expect(shown()).toEqual([['error', 'Request error, please retry.']]);
  });

  it('a request the caller cancels fails silently', async () => {
    handler = () => {};
    const { client, shown } = setup();
    const controller = new AbortController();
    const result = client.get('/x', undefined, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(result).rejects.toThrow();
    expect(shown()).toEqual([]);
  });
});

describe('download', () => {
  const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

  function file(res: ServerResponse, bytes: string, disposition?: string): void {
    res.writeHead(200, {
      'content-type': XLSX,
      ...(disposition ? { 'content-disposition': disposition } : {}),
    });
    res.end(bytes);
  }

  function saving(overrides: Partial<ApiClientDependencies> = {}) {
    const saved: { name: string; text: Promise<string>; type: string }[] = [];
    const context = setup({
      saveFile: (blob, name) => saved.push({ name, text: blob.text(), type: blob.type }),
      ...overrides,
    });
    return { ...context, saved };
  }

  it('GETs with the url rules and headers, and saves under the Content-Disposition name', async () => {
    handler = (_req, res) => file(res, 'PK-bytes', 'attachment; filename="cases.xlsx"');
    const { client, saved, calls } = saving();
    const name = await client.download('/api/pms/pmsProjectTestcase/download', {
      params: { pmsProjectId: 'p1' },
    });
    expect(name).toBe('cases.xlsx');
    expect(seen[0]).toMatchObject({
      method: 'GET',
      url: '/api/pms/acme/pmsProjectTestcase/download?pmsProjectId=p1',
    });
    expect(seen[0]?.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(seen[0]?.headers['content-type']).toBeUndefined();
    expect(calls[0]?.init.credentials).toBe('include');
    expect(saved.map((s) => s.name)).toEqual(['cases.xlsx']);
    await expect(saved[0]?.text).resolves.toBe('PK-bytes');
    expect(saved[0]?.type).toBe(XLSX);
  });

  it('POSTs a body as JSON when there is one, and prefers the UTF-8 filename*', async () => {
    handler = (_req, res) =>
      file(res, 'x', `attachment; filename="cases.xlsx"; filename*=UTF-8''Fall%C3%A4lle%20TC.xlsx`);
    const { client, saved } = saving();
    await client.download('/api/pms/pmsProjectTestcase/partDownload', {
      body: { pmsProjectId: 'p1', ids: ['p1.a'] },
    });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/api/pms/acme/pmsProjectTestcase/partDownload',
      body: '{"pmsProjectId":"p1","ids":["p1.a"]}',
    });
    expect(seen[0]?.headers['content-type']).toBe('application/json');
    expect(saved.map((s) => s.name)).toEqual(['Fallälle TC.xlsx']);
  });

  it('falls back to the given name, then to the last segment of the url', async () => {
    handler = (_req, res) => file(res, 'x');
    const { client, saved } = saving();
    await client.download('/api/pms/pmsProjectTestcase/download', { filename: 'library.xlsx' });
    await client.download('/api/pms/pmsProjectTestcase/download?x=1');
    expect(saved.map((s) => s.name)).toEqual(['library.xlsx', 'download']);
  });

  it('a JSON failure goes through the section-8 handling and saves nothing', async () => {
    answer(403, fail('You need the permission test:case:import', 2, 'FORBIDDEN'));
    const { client, saved, feedback, navigate } = saving();
    await expect(client.download('/api/pms/pmsProjectTestcase/download')).rejects.toMatchObject({
      status: 403,
    });
    expect(feedback.error).toHaveBeenCalledExactlyOnceWith('You need the permission test:case:import');
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/403');
    expect(saved).toEqual([]);
  });

  it('a success envelope where a file was expected is a failure; skipErrorHandler keeps quiet', async () => {
    answer(200, ok({ nothing: true }));
    const first = saving();
    await expect(first.client.download('/x')).rejects.toMatchObject({ kind: 'response', status: 200 });
    expect(first.shown()).toEqual([['error', 'Response status: 200']]);

    answer(400, fail('pmsProjectId: Please enter pmsProjectId'));
    const second = saving();
    await expect(second.client.download('/x', { skipErrorHandler: true })).rejects.toBeInstanceOf(HttpError);
    expect(second.shown()).toEqual([]);
    expect(second.saved).toEqual([]);
  });

  it('no response: the no-response message', async () => {
    const { client, shown } = saving({ fetch: () => Promise.reject(new TypeError('offline')) });
    await expect(client.download('/x')).rejects.toMatchObject({ name: 'NetworkError', kind: 'none' });
    expect(shown()).toEqual([['error', NETWORK_ERROR_TEXT.none]]);
  });
});

describe('dispositionFilename', () => {
  it.each([
    ['attachment; filename="a b.xlsx"', 'a b.xlsx'],
    ['attachment; filename=plain.csv', 'plain.csv'],
    [`attachment; filename="x.xlsx"; filename*=UTF-8''%E7%94%A8%E4%BE%8B.xlsx`, '用例.xlsx'],
    [`attachment; filename*=UTF-8''%E0%A4%A; filename="fallback.xlsx"`, 'fallback.xlsx'],
    ['inline', null],
    [null, null],
  ])('%s gives %s', (header, expected) => {
    expect(dispositionFilename(header)).toBe(expected);
  });
});

describe('upload', () => {
  it('posts multipart with the common headers and returns the data', async () => {
    answer(201, ok({ rows: 1, created: 1 }));
    const { client, calls } = setup();
    const form = new FormData();
    form.append('pmsProjectId', 'p1');
    form.append('file', new Blob(['Title\nLogin works\n'], { type: 'text/csv' }), 'cases.csv');
    await expect(client.upload('/api/pms/pmsProjectTestcase/upload', form)).resolves.toEqual({
      rows: 1,
      created: 1,
    });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/pms/acme/pmsProjectTestcase/upload' });
    expect(seen[0]?.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(seen[0]?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]?.body).toContain('filename="cases.csv"');
    expect(seen[0]?.body).toContain('Login works');
    expect(calls[0]?.init.credentials).toBe('include');
  });

  it('fails like any call: the message is shown and the error carries the status', async () => {
    answer(413, fail('file: The file is larger than 5 MB', 2, 'PAYLOAD_TOO_LARGE'));
    const { client, shown, navigate } = setup();
    await expect(client.upload('/x', new FormData())).rejects.toMatchObject({
      status: 413,
      errorMessage: 'file: The file is larger than 5 MB',
    });
    expect(shown()).toEqual([['error', 'file: The file is larger than 5 MB']]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a business failure and a cancelled upload behave as in request', async () => {
    answer(200, fail('Locked', 1, 'LOCKED'));
    const first = setup();
    await expect(first.client.upload('/x', new FormData())).rejects.toBeInstanceOf(BusinessError);
    expect(first.shown()).toEqual([['warning', 'Locked']]);

    handler = () => {};
    const second = setup();
    const controller = new AbortController();
    const result = second.client.upload('/x', new FormData(), { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(result).rejects.toThrow();
    expect(second.shown()).toEqual([]);
  });
});
