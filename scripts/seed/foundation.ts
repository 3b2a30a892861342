/**
 * The demo enterprise: people, custom roles and memberships. Idempotent: a second run signs the
 * same people in and leaves what exists alone.
 */
import type { CurrentUser, Enterprise, Member, Role } from '@shared/index';
import { ApiRequestError, ApiSession } from '../lib/api-session';

export const DEMO_PASSWORD = 'demo-password-2026';
export const DEMO_IDENTIFIER = 'acme';

const PEOPLE = [
  { login: 'alice', nickname: 'Alice Chen', email: 'alice@acme.example' },
  { login: 'bob', nickname: 'Bob Martins', email: 'bob@acme.example' },
  { login: 'carol', nickname: 'Carol Okafor', email: 'carol@acme.example' },
  { login: 'dave', nickname: 'Dave Kowalski', email: 'dave@acme.example' },
  { login: 'erin', nickname: 'Erin Larsen', email: 'erin@acme.example' },
  { login: 'farid', nickname: 'Farid Haddad', email: 'farid@acme.example' },
  { login: 'grace', nickname: 'Grace Liu', email: 'grace@acme.example' },
  { login: 'hiro', nickname: 'Hiro Tanaka', email: 'hiro@acme.example' },
] as const;

/** Who holds which custom role; everyone not listed keeps the built-in member role. */
const ROLES = [
  {
    roleName: 'Developer',
    roleKey: 'developer',
    remark: 'Builds features: work items, iterations and code',
    permissions: [
      'project:project:list',
      'project:issue:list',
      'project:issue:add',
      'project:issue:edit',
      'project:issue:remove',
      'project:issue:comment',
      'project:sprint:list',
      'project:sprint:edit',
      'code:repository:list',
      'code:repository:link',
      'code:branch:add',
      'pipeline:pipeline:list',
      'pipeline:pipeline:run',
      'docs:doc:list',
      'docs:doc:add',
      'docs:doc:edit',
      'enterprise:member:list',
      'project:weekly:list',
      'project:weekly:add',
      'project:weekly:edit',
    ],
    holders: ['bob', 'dave', 'hiro'],
  },
  {
    roleName: 'QA engineer',
    roleKey: 'qa',
    remark: 'Owns the case library, runs test sheets and files bugs',
    permissions: [
      'project:project:list',
      'project:issue:list',
      'project:issue:add',
      'project:issue:comment',
      'test:case:list',
      'test:case:add',
      'test:case:edit',
      'test:case:import',
      'test:sheet:list',
      'test:sheet:add',
      'test:sheet:execute',
      'test:report:list',
      'test:report:add',
      'enterprise:member:list',
      'project:weekly:list',
      'project:weekly:add',
      'project:weekly:edit',
    ],
    holders: ['carol'],
  },
  {
    roleName: 'Product manager',
    roleKey: 'product-manager',
    remark: 'Runs products, plans and requirement reviews',
    permissions: [
      'product:product:list',
      'product:product:add',
      'product:product:edit',
      'product:plan:list',
      'product:plan:add',
      'product:plan:edit',
      'product:requirement:list',
      'product:requirement:add',
      'product:requirement:edit',
      'product:requirement:review',
      'product:spec:list',
      'product:spec:add',
      'product:spec:edit',
      'product:spec:review',
      'product:spec:change',
      'project:project:list',
      'enterprise:member:list',
      'project:weekly:list',
      'project:weekly:add',
      'project:weekly:edit',
    ],
    holders: ['erin'],
  },
  {
    roleName: 'Auditor',
    roleKey: 'auditor',
    remark: 'Read-only access for compliance reviews',
    permissions: [
      'enterprise:settings:view',
      'enterprise:member:list',
      'system:role:list',
      'project:project:list',
    ],
    holders: ['grace'],
  },
] as const;

async function signInOrUp(baseUrl: string, person: (typeof PEOPLE)[number]): Promise<ApiSession> {
  const session = new ApiSession(baseUrl);
  try {
    await session.post<CurrentUser>('/api/auth/signup', { ...person, password: DEMO_PASSWORD });
  } catch (error) {
    if (!(error instanceof ApiRequestError) || error.status !== 409) throw error;
    await session.post<CurrentUser>('/api/auth/signin', { login: person.login, password: DEMO_PASSWORD });
  }
  return session;
}

async function ensureEnterprise(owner: ApiSession): Promise<Enterprise> {
  const mine = await owner.get<Enterprise[]>('/api/pms/pmsEnterprise/myList');
  const existing = mine.find((e) => e.enterpriseIdentifier === DEMO_IDENTIFIER);
  if (existing) return existing;
  return owner.post<Enterprise>('/api/pms/pmsEnterprise', {
    identifier: DEMO_IDENTIFIER,
    name: 'Acme Robotics',
    description: 'Warehouse robots and the fleet software that runs them.',
  });
}

export interface FoundationSeed {
  enterprise: Enterprise;
  owner: ApiSession;
  sessions: Map<string, ApiSession>;
}

export async function seedFoundation(baseUrl: string): Promise<FoundationSeed> {
  const sessions = new Map<string, ApiSession>();
  for (const person of PEOPLE) sessions.set(person.login, await signInOrUp(baseUrl, person));
  const owner = sessions.get('alice')!;
  const enterprise = await ensureEnterprise(owner);
  const dept = `/api/system/dept/${enterprise.deptId}`;
  const roleBase = `/api/system/SysDeptRole/dept/${enterprise.deptId}`;

  const members = await owner.get<{ rows: Member[] }>(
    `/api/system/SysUserDeptRole/dept/${enterprise.deptId}/list?pageSize=100`,
  );
  const memberIds = new Set(members.rows.map((m) => m.userId));
  const userIdOf = new Map<string, string>();
  for (const [login, session] of sessions) {
    const me = await session.get<CurrentUser>('/api/auth/me');
    userIdOf.set(login, me.userId);
    if (login !== 'alice' && !memberIds.has(me.userId)) {
      await owner.post<Member>(`${dept}/GitLinkUser`, { gitlinkUserId: me.user.gitlinkUserId });
    }
  }

  const roles = await owner.get<Role[]>(`${roleBase}/list`);
  const memberRole = roles.find((r) => r.roleKey === 'member')!;
  for (const spec of ROLES) {
    const { holders, ...body } = spec;
    const role =
      roles.find((r) => r.roleKey === spec.roleKey) ??
      (await owner.post<Role>(`${roleBase}/role`, { ...body, permissions: [...body.permissions] }));
    for (const login of holders) {
      await owner.put<Member>(`${dept}/users/${userIdOf.get(login)}`, {
        roleIds: [memberRole.roleId, role.roleId],
      });
    }
  }
  return { enterprise, owner, sessions };
}
