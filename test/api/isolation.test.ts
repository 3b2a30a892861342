/**
 * Tenant isolation. Every route of the OpenAPI document (so new routes are covered without
 * editing this file) is called by an administrator of enterprise A with enterprise B's
 * addresses and ids. Tenant routes must answer 403 or 404, and no answer may contain any of
 * B's data.
 */
import type { Enterprise } from '@shared/schemas/enterprise';
import type { Role } from '@shared/schemas/system';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  builtInRole,
  createEnterprise,
  createRole,
  deptPath,
  expectStatus,
  freshSession,
  type Res,
  signUp,
  signUpMany,
  type TestUser,
  unique,
} from './helpers';
import { type DocumentedRoute, documentedRoutes, fillPath } from './openapi-routes';

interface Tenant {
  enterprise: Enterprise;
  role: Role;
  member: TestUser;
}

let adminA: TestUser;
let a: Tenant;
let b: Tenant;
/** Strings only enterprise B's data contains. */
let secretsOfB: string[];

async function tenant(owner: TestUser, name: string): Promise<Tenant> {
  const enterprise = await createEnterprise(owner, name);
  const role = await createRole(owner, enterprise, ['docs:doc:list'], unique('secret'));
  const member = await signUp();
  await addMember(owner, enterprise, member, [role.roleId]);
  return { enterprise, role, member };
}

beforeAll(async () => {
  const [ownerA, ownerB, admin] = await signUpMany(3);
  adminA = admin!;
  a = await tenant(ownerA!, unique('Alpha '));
  b = await tenant(ownerB!, unique('Secret '));
  await addMember(ownerA!, a.enterprise, adminA, [
    (await builtInRole(ownerA!, a.enterprise, 'admin')).roleId,
  ]);
  secretsOfB = [
    b.enterprise.id,
    b.enterprise.enterpriseIdentifier,
    b.enterprise.name,
    b.role.roleId,
    b.role.roleKey,
    b.role.roleName,
  ];
});

const isTenantRoute = (route: DocumentedRoute) => route.access === 'member' || route.access === 'permission';
const ENTERPRISE_PARAMS = new Set(['identifier', 'enterpriseIdentifier', 'id']);
const USER_PARAMS = new Set(['userId', 'gitlinkUserId']);

/** Path and query values: the enterprise from `where`, sub-ids (roles, users) from `items`. */
function addressOf(route: DocumentedRoute, where: Tenant, items: Tenant): string {
  const values: Record<string, string> = {
    identifier: where.enterprise.enterpriseIdentifier,
    enterpriseIdentifier: where.enterprise.enterpriseIdentifier,
    id: where.enterprise.id,
    roleId: items.role.roleId,
    userId: items.member.userId,
    gitlinkUserId: items.member.userId,
    key: 'pms_priority',
  };
  const query = new URLSearchParams();
  for (const name of route.queryParams) {
    if (name === 'confirmIdentifier') query.set(name, where.enterprise.enterpriseIdentifier);
    if (name === 'roleId') query.set(name, items.role.roleId);
  }
  const search = query.toString();
  return fillPath(route.path, values) + (search ? `?${search}` : '');
}

/** A body that would be valid for the route, so a missing check would show as a success. */
function bodyFor(route: DocumentedRoute, items: Tenant): unknown {
  if (!route.hasBody) return undefined;
  const bodies: Record<string, unknown> = {
    'POST /api/auth/signup': {
      login: unique('u'),
      email: `${unique('m')}@example.test`,
      nickname: 'x',
      password: 'long-enough-1',
    },
    'POST /api/pms/pmsEnterprise': { identifier: unique('e'), name: 'Mine' },
    'PUT /api/pms/pmsEnterprise/{id}': { name: 'Hijacked', version: 1 },
    'PUT /api/system/dept/{id}/users/{userId}': { roleIds: [items.role.roleId] },
    'POST /api/system/dept/{id}/GitLinkUser': { gitlinkUserId: items.member.userId },
    'POST /api/system/SysDeptRole/dept/{id}/role': {
      roleName: 'Planted',
      roleKey: unique('planted'),
      permissions: [],
    },
    'PUT /api/system/SysDeptRole/dept/{id}/role/{roleId}': { roleName: 'Hijacked', version: 1 },
  };
  return bodies[route.id] ?? {};
}

async function callAsAdminOfA(route: DocumentedRoute, path: string, body: unknown): Promise<Res> {
  // A fresh session per call: sign-in, logout and password calls end sessions.
  const client = await freshSession(adminA);
  return client.call(route.method, path, { body });
}

/** Fails if the answer holds any of B's data beyond what the request itself sent (`sent`). */
function expectNoSecrets(res: Res, context: string, sent = ''): void {
  const text = JSON.stringify(res.body ?? '');
  for (const secret of secretsOfB.filter((s) => !sent.includes(s))) {
    expect(text, `${context} leaked ${secret}`).not.toContain(secret);
  }
}

describe("an admin of enterprise A, addressing enterprise B's routes", () => {
  it.each(documentedRoutes().map((r) => [r.id, r] as const))('%s', async (_, route) => {
    const [path, body] = [addressOf(route, b, b), bodyFor(route, b)];
    const res = await callAsAdminOfA(route, path, body);
    if (isTenantRoute(route)) expect([403, 404], `${route.id} answered ${res.status}`).toContain(res.status);
    expectNoSecrets(res, route.id, path + JSON.stringify(body ?? ''));
  });

  it('changed nothing in B', async () => {
    const ownerBView = await freshSession({ userId: b.enterprise.ownerId });
    const enterprise = expectStatus(
      await ownerBView.get(`/api/pms/pmsEnterprise/${b.enterprise.enterpriseIdentifier}`),
      200,
    );
    expect(enterprise.data).toMatchObject({ name: b.enterprise.name, version: 1, memberCount: 2 });
    const role = expectStatus(
      await ownerBView.get(`/api/system/SysDeptRole/dept/${b.enterprise.id}/role/${b.role.roleId}`),
      200,
    );
    expect(role.data).toMatchObject({ roleName: b.role.roleName, version: 1, memberCount: 1 });
    const roles = expectStatus(
      await ownerBView.get(`/api/system/SysDeptRole/dept/${b.enterprise.id}/list`),
      200,
    ).data;
    expect(roles).toHaveLength(3);
  });
});

describe("an admin of enterprise A, addressing B's roles and members inside A", () => {
  // Adding a registered user is legitimate (users are global), so add routes are left out here.
  const routes = documentedRoutes().filter(
    (r) =>
      isTenantRoute(r) &&
      (r.pathParams.includes('roleId') ||
        r.queryParams.includes('roleId') ||
        (r.method !== 'POST' && r.pathParams.some((p) => USER_PARAMS.has(p)))),
  );

  it('covers the routes with role or member ids', () => {
    expect(routes.length).toBeGreaterThanOrEqual(7);
    for (const route of routes) expect(route.pathParams.some((p) => ENTERPRISE_PARAMS.has(p))).toBe(true);
  });

  it.each(routes.map((r) => [r.id, r] as const))('%s answers 404', async (_, route) => {
    const [path, body] = [addressOf(route, a, b), bodyFor(route, a)];
    const res = await callAsAdminOfA(route, path, body);
    expect(res.status, `${route.id}: ${JSON.stringify(res.body)}`).toBe(404);
    expectNoSecrets(res, route.id, path + JSON.stringify(body ?? ''));
  });

  it("refuses B's role ids in request bodies, naming the id", async () => {
    const client = await freshSession(adminA);
    const assign = expectStatus(
      await client.put(`${deptPath(a.enterprise)}/users/${a.member.userId}`, { roleIds: [b.role.roleId] }),
      400,
    );
    expect(assign.body.errorMessage).toBe(`roleIds: role ${b.role.roleId} does not exist in this enterprise`);
    const outsider = await signUp();
    expectStatus(
      await client.post(`${deptPath(a.enterprise)}/GitLinkUser`, {
        gitlinkUserId: outsider.userId,
        roleIds: [b.role.roleId],
      }),
      400,
    );
  });

  it("lists only A's data in every GET of A", async () => {
    for (const route of documentedRoutes().filter((r) => r.method === 'GET')) {
      const res = await callAsAdminOfA(route, addressOf(route, a, a), undefined);
      expect(res.status, `${route.id}: ${JSON.stringify(res.body)}`).toBe(200);
      expectNoSecrets(res, route.id);
      const isMemberList =
        /userList|SysUserDeptRole/.test(route.path) && !route.path.includes('gitlinkUserList');
      if (isMemberList) expect(JSON.stringify(res.body), route.id).not.toContain(b.member.userId);
    }
  });
});
