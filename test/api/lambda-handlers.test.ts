/**
 * The deployed entry points: each group's Lambda `handler` (functions/src/modules/<name>/handler.ts),
 * invoked with API Gateway HTTP API (payload 2.0) events as the stack's routes deliver them, on
 * DynamoDB Local and s3rver. A request goes to the group whose manifest routes match its path,
 * as API Gateway would send it, and the browser's host arrives as X-Forwarded-Host (CloudFront's
 * forwarded-host function): here a tenant subdomain, so its Origin passes the CSRF check.
 *
 * Every group of the manifest needs its representative call below: a new group without one fails.
 */
import { CASE_TYPES } from '@shared/domain/testing';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { FRONT_DOOR_HEADER } from '../../functions/src/core/http/origin';
import { ENDPOINT_GROUPS, type EndpointGroupName } from '../../functions/src/manifest';
import { PASSWORD, unique } from './helpers';

type LambdaHandler = (
  event: APIGatewayProxyEventV2,
  context?: unknown,
) => Promise<APIGatewayProxyStructuredResultV2>;

const API_HOST = 'a1b2c3d4e5.execute-api.eu-west-1.amazonaws.com';
const ROOT_DOMAIN = 'workspace.example.test';

/** An API Gateway route path as a matcher: `{name}` is one segment, `{proxy+}` the rest. */
function routeMatcher(routePath: string): RegExp {
  const pattern = routePath
    .replace(/[.]/g, '\\.')
    .replace(/\{[^}]+\+\}/g, '.+')
    .replace(/\{[^}]+\}/g, '[^/]+');
  return new RegExp(`^${pattern}$`);
}

/** The group (and its route) API Gateway sends a path to; throws when none or several match. */
function routeOf(rawPath: string): { group: EndpointGroupName; route: string } {
  const matches = ENDPOINT_GROUPS.flatMap((g) =>
    (g.routes as readonly string[])
      .filter((r) => routeMatcher(r).test(rawPath))
      .map((route) => ({
        group: g.name,
        route,
      })),
  );
  if (matches.length !== 1) throw new Error(`${rawPath} matches ${matches.length} routes`);
  return matches[0]!;
}

const handlers = {} as Record<EndpointGroupName, LambdaHandler>;

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field
type Body = any;

interface Invocation {
  group: EndpointGroupName;
  status: number;
  body: Body;
  result: APIGatewayProxyStructuredResultV2;
}

interface EventOptions {
  body?: unknown;
  /** Send the JSON body base64-encoded, as API Gateway does for binary media. */
  base64?: boolean;
  /** The browser's host (X-Forwarded-Host and Origin). */
  host?: string;
  headers?: Record<string, string>;
  /** Invoke this group's handler whatever the path (a wrong route). */
  group?: EndpointGroupName;
}

/** A browser session seen from the functions: cookies kept from `result.cookies`. */
class GatewayClient {
  readonly jar = new Map<string, string>();

  event(method: string, path: string, options: EventOptions = {}): APIGatewayProxyEventV2 {
    const [rawPath = '', rawQueryString = ''] = path.split('?');
    const host = options.host ?? ROOT_DOMAIN;
    const json = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = {
      host: API_HOST,
      'x-forwarded-host': host,
      'x-forwarded-proto': 'https',
      'x-forwarded-port': '443',
      'x-forwarded-for': '203.0.113.7',
      // The CloudFront origin's secret header: without it the forwarded host would not count.
      [FRONT_DOOR_HEADER]: process.env.FRONT_DOOR_SECRET ?? '',
      'user-agent': 'vitest',
      accept: 'application/json',
      ...(method === 'GET' ? {} : { origin: `https://${host}`, 'x-requested-with': 'XMLHttpRequest' }),
      ...(json === undefined
        ? {}
        : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(json)) }),
      ...options.headers,
    };
    const { route } = options.group ? { route: '$default' } : routeOf(rawPath);
    const routeKey = route === '$default' ? route : `ANY ${route}`;
    const query = new URLSearchParams(rawQueryString);
    const now = new Date();
    return {
      version: '2.0',
      routeKey,
      rawPath,
      rawQueryString,
      // API Gateway moves the Cookie header into `cookies`.
      ...(this.jar.size > 0 ? { cookies: [...this.jar].map(([name, value]) => `${name}=${value}`) } : {}),
      headers,
      ...(rawQueryString ? { queryStringParameters: Object.fromEntries(query) } : {}),
      requestContext: {
        accountId: '123456789012',
        apiId: 'a1b2c3d4e5',
        domainName: API_HOST,
        domainPrefix: 'a1b2c3d4e5',
        http: { method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: '203.0.113.7', userAgent: 'vitest' },
        requestId: unique('req'),
        routeKey,
        stage: '$default',
        time: now.toUTCString(),
        timeEpoch: now.getTime(),
      },
      ...(json === undefined
        ? { isBase64Encoded: false }
        : options.base64
          ? { body: Buffer.from(json).toString('base64'), isBase64Encoded: true }
          : { body: json, isBase64Encoded: false }),
    };
  }

  async invoke(method: string, path: string, options: EventOptions = {}): Promise<Invocation> {
    const group = options.group ?? routeOf(path.split('?')[0]!).group;
    const result = await handlers[group](this.event(method, path, options), {});
    for (const cookie of result.cookies ?? []) {
      const [pair = ''] = cookie.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (value) this.jar.set(name, value);
      else this.jar.delete(name);
    }
    const text = result.isBase64Encoded ? Buffer.from(result.body ?? '', 'base64').toString() : result.body;
    return { group, status: result.statusCode ?? 200, body: text ? JSON.parse(text) : undefined, result };
  }
}

interface World {
  client: GatewayClient;
  login: string;
  userId: string;
  identifier: string;
  /** The enterprise's tenant host. */
  tenant: string;
  projectId: string;
}

interface RepresentativeCall {
  method: string;
  path: (w: World) => string;
  body?: (w: World) => unknown;
  status: number;
  check: (data: Body, w: World) => void;
}

const pms = (w: World, rest: string) => `/api/pms/${w.identifier}/${rest}`;
const emptyPage = (data: Body) => expect(data).toMatchObject({ rows: [], total: 0, pageNum: 1 });

/** One call per endpoint group; the keys must be exactly the manifest's groups. */
const CALLS: Record<EndpointGroupName, RepresentativeCall> = {
  auth: {
    method: 'GET',
    path: () => '/api/auth/me',
    status: 200,
    // The workspace's address comes from X-Forwarded-Host: the tenant host the browser used.
    check: (data, w) =>
      expect(data).toMatchObject({
        userId: w.userId,
        user: { login: w.login },
        gitlinkUrl: `https://${w.tenant}`,
      }),
  },
  enterprise: {
    method: 'GET',
    path: (w) => `/api/pms/pmsEnterprise/${w.identifier}`,
    status: 200,
    check: (data, w) =>
      expect(data).toMatchObject({ enterpriseIdentifier: w.identifier, name: 'Lambda Ltd' }),
  },
  system: {
    method: 'GET',
    path: () => '/api/system/dict/data/type/pms_priority',
    status: 200,
    check: (data) =>
      expect(data.map((e: { dictLabel: string }) => e.dictLabel)).toEqual([
        'Urgent',
        'High',
        'Normal',
        'Low',
      ]),
  },
  projects: {
    method: 'GET',
    path: (w) => pms(w, 'pmsProject/list'),
    status: 200,
    check: (data, w) => {
      expect(data.total).toBe(1);
      expect(data.rows[0]).toMatchObject({ id: w.projectId, name: 'Gateway' });
    },
  },
  issues: {
    method: 'POST',
    path: (w) => pms(w, 'pmsProjectIssues/add'),
    body: (w) => ({ pmsProjectId: w.projectId, pmIssueType: 2, title: 'Wire the handler' }),
    status: 201,
    check: (data, w) =>
      expect(data).toMatchObject({ pmsProjectId: w.projectId, title: 'Wire the handler', issueNumber: 1 }),
  },
  sprints: {
    method: 'GET',
    path: (w) => pms(w, `pmsProjectSprint/list?pmsProjectId=${w.projectId}`),
    status: 200,
    check: emptyPage,
  },
  products: {
    method: 'GET',
    path: (w) => pms(w, 'pmsProduct/list'),
    status: 200,
    check: emptyPage,
  },
  requirements: {
    method: 'GET',
    path: (w) => pms(w, 'productUserRequirement/statusList'),
    status: 200,
    check: (data) =>
      expect(data.map((s: { id: number; name: string }) => `${s.id} ${s.name}`)).toEqual([
        '1 Pending review',
        '2 Reviewed',
        '3 Refined',
        '4 Closed',
        '5 Rejected',
        '6 Changed',
      ]),
  },
  testcases: {
    method: 'GET',
    path: (w) => pms(w, 'pmsProjectTestcaseType/list'),
    status: 200,
    check: (data) => expect(data).toEqual(CASE_TYPES.map(({ id, name }) => ({ id, name }))),
  },
  testruns: {
    method: 'GET',
    path: (w) => pms(w, `testReport/list?pmsProjectId=${w.projectId}`),
    status: 200,
    check: emptyPage,
  },
  artifacts: {
    method: 'POST',
    path: (w) => pms(w, 'pmsProductLibraryRepositories/hosted'),
    body: () => ({ name: 'npm-releases', format: 'npm' }),
    status: 201,
    check: (data) =>
      expect(data).toMatchObject({
        name: 'npm-releases',
        format: 'npm',
        type: 'hosted',
        writePolicy: 'allow_once',
      }),
  },
  docs: {
    method: 'POST',
    path: (w) => pms(w, 'folders'),
    body: (w) => ({ space: w.projectId, title: 'Runbooks' }),
    status: 201,
    check: (data, w) =>
      expect(data).toMatchObject({ kind: 'folder', title: 'Runbooks', space: w.projectId, path: [] }),
  },
  repositories: {
    method: 'GET',
    path: (w) => pms(w, `pmsProjectRepository/list?pmsProjectId=${w.projectId}`),
    status: 200,
    check: emptyPage,
  },
  pipelines: {
    method: 'GET',
    path: (w) => pms(w, 'actions/node_types'),
    status: 200,
    // The first read of the catalogue writes the seeded set: one node type per icon.
    check: (data) => expect(data).toHaveLength(12),
  },
  weekly: {
    method: 'GET',
    path: (w) => pms(w, `pmsProjectWeeklyReport/projectTeam?pmsProjectId=${w.projectId}`),
    status: 200,
    // The creator manages the project: one member, nothing submitted this week yet.
    check: (data, w) =>
      expect(data).toMatchObject({
        kind: 5,
        project: { id: w.projectId, name: 'Gateway' },
        members: [{ user: { userId: w.userId }, role: 'manager', report: null }],
        submitted: 0,
        missing: 1,
      }),
  },
  dashboard: {
    method: 'GET',
    path: (w) => pms(w, 'myProjects'),
    status: 200,
    // The creator manages the project, which has no running sprint.
    check: (data, w) =>
      expect(data).toMatchObject({
        total: 1,
        rows: [{ id: w.projectId, name: 'Gateway', role: 'manager', runningSprint: null }],
      }),
  },
  notifications: {
    method: 'GET',
    path: (w) => pms(w, 'notifications/unreadCount'),
    status: 200,
    // Nobody has done anything to the creator yet.
    check: (data) => expect(data).toEqual({ count: 0 }),
  },
};

let world: World;

beforeAll(async () => {
  for (const { name } of ENDPOINT_GROUPS) {
    const module: { handler: LambdaHandler } = await import(`../../functions/src/modules/${name}/handler.ts`);
    handlers[name] = module.handler;
  }

  // Sign up on the root domain, then work on the enterprise's own subdomain.
  const client = new GatewayClient();
  const login = unique('lam');
  const signup = await client.invoke('POST', '/api/auth/signup', {
    body: { login, email: `${login}@example.test`, nickname: 'Lambda Tester', password: PASSWORD },
  });
  expect(signup).toMatchObject({ group: 'auth', status: 201 });
  // Behind API Gateway the request is https: the host-only, Secure session cookie.
  expect(signup.result.cookies).toEqual([expect.stringMatching(/^__Host-sid=[^;]+;.*HttpOnly.*Secure/)]);

  const identifier = unique('lam');
  const enterprise = await client.invoke('POST', '/api/pms/pmsEnterprise', {
    body: { identifier, name: 'Lambda Ltd' },
  });
  expect(enterprise).toMatchObject({ group: 'enterprise', status: 201 });

  const tenant = `${identifier}.${ROOT_DOMAIN}`;
  const project = await client.invoke('POST', `/api/pms/${identifier}/pmsProject`, {
    host: tenant,
    body: { name: 'Gateway' },
  });
  expect(project).toMatchObject({ group: 'projects', status: 201 });

  world = {
    client,
    login,
    userId: signup.body.data.userId,
    identifier,
    tenant,
    projectId: project.body.data.id,
  };
});

describe('Lambda entry points behind API Gateway', () => {
  it('has a representative call for every endpoint group, and none for a group that does not exist', () => {
    expect(Object.keys(CALLS).sort()).toEqual(ENDPOINT_GROUPS.map((g) => g.name).sort());
  });

  it.each(ENDPOINT_GROUPS.map((g) => g.name))('%s answers its representative call', async (name) => {
    const call = CALLS[name];
    expect(call, `no representative call for the ${name} group`).toBeDefined();
    const res = await world.client.invoke(call.method, call.path(world), {
      host: world.tenant,
      ...(call.body ? { body: call.body(world) } : {}),
    });
    expect(res.group).toBe(name);
    expect(res.status, JSON.stringify(res.body)).toBe(call.status);
    expect(res.body.success).toBe(true);
    expect(res.result.headers?.['content-type']).toMatch(/^application\/json/);
    call.check(res.body.data, world);
  });

  it('answers a request routed to the wrong group with 404 in the error shape', async () => {
    const res = await world.client.invoke('GET', '/api/system/dict/data/type/pms_priority', {
      group: 'auth',
    });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
    expect(res.body.errorMessage).toEqual(expect.any(String));
  });

  it('reads a base64-encoded body', async () => {
    const res = await world.client.invoke('POST', pms(world, 'pmsProjectIssues/add'), {
      host: world.tenant,
      base64: true,
      body: { pmsProjectId: world.projectId, pmIssueType: 1, title: 'Encoded on the way in' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ title: 'Encoded on the way in', pmIssueType: 1 });
  });

  it('answers 401 in the error shape without a session', async () => {
    const res = await new GatewayClient().invoke('GET', '/api/pms/pmsEnterprise/myList');
    expect(res).toMatchObject({ group: 'enterprise', status: 401 });
    expect(res.body).toMatchObject({ success: false, errorCode: 'UNAUTHORIZED', showType: 9 });
  });

  it("names each request by API Gateway's request id (X-Request-Id, and the request log)", async () => {
    const client = new GatewayClient();
    const event = client.event('GET', '/api/setting.json');
    const result = await handlers.auth(event, {});
    expect(result.headers?.['x-request-id']).toBe(event.requestContext.requestId);
  });

  it('does not believe X-Forwarded-Host without the front door secret', async () => {
    const res = await world.client.invoke('POST', pms(world, 'pmsProject'), {
      host: world.tenant,
      headers: { [FRONT_DOOR_HEADER]: 'not-the-secret-of-this-stack' },
      body: { name: 'Forged' },
    });
    // The origin of the tenant host is not this function's own (the API Gateway host's).
    expect(res.status).toBe(403);
  });

  it('refuses a change from a host that is not the one the browser used (CSRF Origin check)', async () => {
    const res = await world.client.invoke('POST', pms(world, 'pmsProject'), {
      host: world.tenant,
      headers: { origin: 'https://evil.example' },
      body: { name: 'Forged' },
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, errorCode: 'FORBIDDEN' });
    expect(res.body.errorMessage).toBe('Requests from https://evil.example may not change data here');
  });
});
