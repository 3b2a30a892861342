/**
 * The audit log: each change through the API is written with an entry naming who, when, from
 * where, through which route, and each changed field before and after; failed writes leave none;
 * administrators read it by filters, page by page and as CSV, and each read is itself an entry.
 * Nobody else reads it, and no secret is ever in it. Every write route's entry is checked by the
 * permission matrix (test/api/permission-matrix.test.ts).
 */
import type { AuditEntry, AuditPage } from '@shared/schemas/audit';
import type { Enterprise } from '@shared/schemas/enterprise';
import type { IssueDetail } from '@shared/schemas/issues';
import type { Project } from '@shared/schemas/projects';
import type { Repository, WebhookSettings } from '@shared/schemas/repositories';
import type { Role } from '@shared/schemas/system';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { app } from '../../functions/src/app';
import { runAudited } from '../../functions/src/core/audit/context';
import { listAuditEntries } from '../../functions/src/core/audit/log';
import { conditions } from '../../functions/src/core/db/expressions';
import { enterprisePartition, keys } from '../../functions/src/core/db/keys';
import { getItem, type TxOp, transact, updateItem } from '../../functions/src/core/db/operations';
import { FRONT_DOOR_HEADER } from '../../functions/src/core/http/origin';
import { newId } from '../../functions/src/core/ids';
import { CSV_COLUMNS } from '../../functions/src/modules/enterprise/audit-log';
import { createLocalApp, listen, type RunningServer } from '../../scripts/lib/local-server';
import {
  addMember,
  builtInRole,
  createEnterprise,
  createRole,
  expectStatus,
  freshSession,
  rolesPath,
  signUpMany,
  type TestUser,
  unique,
} from './helpers';
import { createIssue, createProject, createTag, issuesBase, projectsBase } from './issue-fixtures';
import { connect, gitServer, repositoriesBase, WorkingCopy } from './repository-fixtures';

const auditPath = (enterprise: Enterprise) =>
  `/api/pms/pmsEnterprise/${enterprise.enterpriseIdentifier}/audit`;

async function readLog(
  actor: TestUser,
  enterprise: Enterprise,
  query: Record<string, string> = {},
): Promise<AuditPage> {
  const search = new URLSearchParams(query);
  return expectStatus(await actor.client.get<AuditPage>(`${auditPath(enterprise)}?${search}`), 200).data;
}

/** Every entry of the filter, following the cursor to the end. */
async function wholeLog(
  actor: TestUser,
  enterprise: Enterprise,
  query: Record<string, string> = {},
): Promise<AuditEntry[]> {
  const rows: AuditEntry[] = [];
  let cursor: string | null = null;
  do {
    const page: AuditPage = await readLog(actor, enterprise, { ...query, ...(cursor ? { cursor } : {}) });
    rows.push(...page.rows);
    cursor = page.next;
  } while (cursor);
  return rows;
}

async function readCsv(actor: TestUser, enterprise: Enterprise, query: Record<string, string> = {}) {
  const res = await actor.client.raw('GET', `${auditPath(enterprise)}/csv?${new URLSearchParams(query)}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-log-.+\.csv"$/);
  // Kept as sent: text() would drop the byte-order mark.
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
}

/** The entry of the request that answered `res`. */
async function entryOf(actor: TestUser, enterprise: Enterprise, res: { headers: Headers }) {
  const requestId = res.headers.get('x-request-id');
  const rows = await wholeLog(actor, enterprise);
  const entry = rows.find((row) => row.requestId === requestId);
  if (!entry) throw new Error(`no audit entry for request ${requestId}`);
  return entry;
}

let owner: TestUser;
let admin: TestUser;
let member: TestUser;
let enterprise: Enterprise;

beforeAll(async () => {
  [owner, admin, member] = (await signUpMany(3)) as [TestUser, TestUser, TestUser];
  enterprise = await createEnterprise(owner);
  const adminRole = await builtInRole(owner, enterprise, 'admin');
  await addMember(owner, enterprise, admin, [adminRole.roleId]);
  await addMember(owner, enterprise, member);
});

describe('an entry of a change', () => {
  it('says who, where, which route and area, and each changed field before and after, nothing else', async () => {
    const project = await createProject(owner, enterprise, unique('Audited '));
    const res = expectStatus(
      await admin.client.put<Project>(`${projectsBase(enterprise)}/${project.id}`, {
        description: 'Now described',
        version: project.version,
      }),
      200,
    );
    const entry = await entryOf(owner, enterprise, res);
    expect(entry).toMatchObject({
      actor: { userId: admin.userId, login: admin.login, nickname: admin.nickname },
      route: 'PUT /api/pms/{identifier}/pmsProject/{id}',
      area: 'projects',
      action: 'update',
      truncated: false,
      query: null,
    });
    expect(Date.parse(entry.at)).toBeGreaterThan(Date.now() - 60_000);
    // Only what changed: not the name, not the version or the time stamp.
    expect(entry.objects).toEqual([
      {
        type: 'project',
        id: project.id,
        action: 'update',
        changes: [{ field: 'description', before: project.description, after: 'Now described' }],
      },
    ]);
  });

  it('of a create holds the new fields, and of a delete the fields as they were', async () => {
    const created = await admin.client.post<Role>(`${rolesPath(enterprise)}/role`, {
      roleName: 'Auditors',
      roleKey: unique('aud'),
      permissions: ['docs:doc:list'],
    });
    const role = expectStatus(created, 201).data;
    const createEntry = await entryOf(owner, enterprise, created);
    expect(createEntry).toMatchObject({
      route: 'POST /api/system/SysDeptRole/dept/{id}/role',
      area: 'system',
    });
    expect(createEntry.action).toBe('create');
    const roleObject = createEntry.objects.find((o) => o.type === 'role')!;
    expect(roleObject.changes).toContainEqual({ field: 'roleName', after: 'Auditors' });
    expect(roleObject.changes).toContainEqual({ field: 'permissions', after: ['docs:doc:list'] });
    expect(roleObject.changes.every((c) => !('before' in c))).toBe(true);

    const removed = expectStatus(
      await admin.client.delete(`${rolesPath(enterprise)}/role/${role.roleId}`),
      200,
    );
    const deleteEntry = await entryOf(owner, enterprise, removed);
    expect(deleteEntry.action).toBe('delete');
    const gone = deleteEntry.objects.find((o) => o.type === 'role')!;
    expect(gone).toMatchObject({ id: role.roleId, action: 'delete' });
    expect(gone.changes).toContainEqual({ field: 'roleName', before: 'Auditors' });
  });

  it('names the address the request came from, believing forwarding headers only from the front door', async () => {
    let server: RunningServer | undefined;
    try {
      server = await listen(createLocalApp(app), 0, '127.0.0.1');
      const project = await createProject(owner, enterprise);
      const client = await freshSession(owner);
      const edit = (version: number, headers: Record<string, string>) =>
        fetch(`${server!.url}${projectsBase(enterprise)}/${project.id}`, {
          method: 'PUT',
          headers: {
            'Content-Type': 'application/json',
            'X-Requested-With': 'XMLHttpRequest',
            Origin: server!.url,
            Cookie: client.cookieHeader(),
            ...headers,
          },
          body: JSON.stringify({ description: unique('d'), version }),
        });
      const direct = await edit(project.version, { 'True-Client-IP': '198.51.100.9' });
      expect(direct.status).toBe(200);
      expect((await entryOf(owner, enterprise, direct)).sourceAddress).toMatch(/^(::ffff:)?127\.0\.0\.1$/);

      const viaFrontDoor = await edit(project.version + 1, {
        'True-Client-IP': '203.0.113.7',
        [FRONT_DOOR_HEADER]: process.env.FRONT_DOOR_SECRET ?? '',
      });
      expect(viaFrontDoor.status).toBe(200);
      expect((await entryOf(owner, enterprise, viaFrontDoor)).sourceAddress).toBe('203.0.113.7');
    } finally {
      server?.close();
    }
  });

  it('keeps long values short, with a marker saying how much is left out', async () => {
    const project = await createProject(owner, enterprise);
    const base = issuesBase(enterprise);
    const res = await owner.client.post<IssueDetail>(`${base}/add`, {
      pmsProjectId: project.id,
      pmIssueType: 2,
      title: unique('Long '),
      description: 'x'.repeat(50_000),
    });
    expectStatus(res, 201);
    const entry = await entryOf(owner, enterprise, res);
    const item = entry.objects.find((o) => o.type === 'workItem')!;
    expect(item.action).toBe('create');
    const description = item.changes.find((c) => c.field === 'description')!;
    expect(description.after).toBe(`${'x'.repeat(2000)}… [48000 more characters]`);
  });
});

describe('a write that fails', () => {
  it('leaves no entry: not for 400, not for a stale version (409), not for a taken key', async () => {
    const project = await createProject(owner, enterprise);
    const path = `${projectsBase(enterprise)}/${project.id}`;
    const invalid = await owner.client.put(path, { name: '', version: project.version });
    expect(invalid.status).toBe(400);
    expectStatus(await owner.client.put(path, { description: 'first', version: project.version }), 200);
    const stale = await owner.client.put(path, { description: 'lost', version: project.version });
    expect(stale.status).toBe(409);
    const key = unique('taken');
    await createRole(owner, enterprise, [], key);
    const taken = await owner.client.post(`${rolesPath(enterprise)}/role`, {
      roleName: 'Twice',
      roleKey: key,
      permissions: [],
    });
    expect(taken.status).toBe(409);

    const rows = await wholeLog(owner, enterprise);
    const failed = [invalid, stale, taken].map((r) => r.headers.get('x-request-id'));
    expect(rows.filter((row) => failed.includes(row.requestId))).toEqual([]);
    // The change that failed is in no entry either: the description never became "lost".
    const changes = rows.flatMap((row) => row.objects.filter((o) => o.id === project.id));
    expect(JSON.stringify(changes)).not.toContain('lost');
  });

  it('is all or nothing with its entry: a failed condition writes neither', async () => {
    const enterpriseId = enterprise.id;
    const requestId = unique('req');
    const scope = {
      requestId,
      route: 'POST /test',
      area: 'system',
      sourceAddress: null,
      actorId: () => owner.userId,
      retentionDays: async () => 30,
      seen: new Map(),
    };
    const role = keys.role(enterpriseId, newId());
    const failing: TxOp[] = [
      { put: { ...role, entity: 'Role', roleName: 'Never' } },
      { check: keys.enterprise(enterpriseId), condition: { expression: 'attribute_not_exists(pk)' } },
    ];
    await expect(runAudited(scope, () => transact(failing))).rejects.toThrow('Condition failed');
    expect(await getItem(role)).toBeUndefined();
    const { entries } = await listAuditEntries(enterpriseId, {}, { limit: 100, maxMonths: 2 });
    expect(entries.filter((e) => e.requestId === requestId)).toEqual([]);

    // A transaction of 100 writes has no room for its entry: it is written right after it.
    // Items of a kind no module reads (an unknown kind is an object of its own sort-key word).
    const pk = enterprisePartition(enterpriseId);
    const bulk = Array.from({ length: 100 }, () => ({ pk, sk: `AUDITTEST#${newId()}`, name: 'bulk' }));
    await runAudited(scope, () => transact(bulk.map((item) => ({ put: item }))));
    const after = await listAuditEntries(enterpriseId, {}, { limit: 100, maxMonths: 2 });
    const entry = after.entries.find((e) => e.requestId === requestId)!;
    expect(entry.objects).toHaveLength(100);
    expect(entry.objects[0]).toMatchObject({ type: 'audittest', action: 'create' });
    expect(entry.expiresAt - Math.floor(Date.parse(entry.at) / 1000)).toBe(30 * 86_400);
  });
});

describe('a "before" read earlier than the write', () => {
  it('is read again when another write moved the item in between: the entry and the answer are exact', async () => {
    const enterpriseId = enterprise.id;
    const requestId = unique('req');
    const key = { pk: enterprisePartition(enterpriseId), sk: `AUDITTEST#${newId()}` };
    const item = { ...key, name: 'first', size: 1 };
    const seen = new Map<string, Record<string, unknown> | null>();
    const scope = {
      requestId,
      route: 'PUT /test',
      area: 'system',
      sourceAddress: null,
      actorId: () => owner.userId,
      retentionDays: async () => 30,
      seen,
    };
    await transact([{ put: item }]);
    // The request reads the item ("first") ...
    await runAudited(scope, () => getItem(key));
    // ... another request renames it outside this one's scope ...
    await transact([{ update: key, set: { name: 'second' } }]);
    // ... and then this request writes blindly, without a condition of its own.
    const answered = await runAudited(scope, () => updateItem(key, { set: { size: 2 } }));
    expect(answered).toMatchObject({ name: 'second', size: 2 });

    const { entries } = await listAuditEntries(enterpriseId, {}, { limit: 100, maxMonths: 2 });
    const entry = entries.find((e) => e.requestId === requestId)!;
    expect(entry.objects).toHaveLength(1);
    // Only the size changed in this write; the rename was the other request's.
    expect(entry.objects[0]!.changes).toEqual([{ field: 'size', before: 1, after: 2 }]);
  });

  it("still reports the caller's own failed condition as such", async () => {
    const scope = {
      requestId: unique('req'),
      route: 'PUT /test',
      area: 'system',
      sourceAddress: null,
      actorId: () => owner.userId,
      retentionDays: async () => 30,
      seen: new Map(),
    };
    const key = { pk: enterprisePartition(enterprise.id), sk: `AUDITTEST#${newId()}` };
    await transact([{ put: { ...key, name: 'kept', version: 3 } }]);
    await runAudited(scope, () => getItem(key));
    await transact([{ update: key, set: { name: 'moved' } }]);
    const write = runAudited(scope, () =>
      transact([{ update: key, set: { name: 'mine' }, condition: conditions.version(2), label: 'stale' }]),
    );
    await expect(write).rejects.toMatchObject({ label: 'stale' });
    expect(await getItem(key)).toMatchObject({ name: 'moved', version: 3 });
  });
});

describe('reading the log', () => {
  let other: TestUser;

  beforeAll(async () => {
    other = (await signUpMany(1))[0]!;
    const adminRole = await builtInRole(owner, enterprise, 'admin');
    await addMember(owner, enterprise, other, [adminRole.roleId]);
    const project = await createProject(other, enterprise);
    await createTag(other, enterprise);
    await createIssue(other, { base: issuesBase(enterprise), project });
  });

  it('filters by actor, area, action and object', async () => {
    const byOther = await wholeLog(owner, enterprise, { actorId: other.userId });
    expect(byOther.length).toBeGreaterThanOrEqual(3);
    expect(byOther.every((row) => row.actor?.userId === other.userId)).toBe(true);

    const issues = await wholeLog(owner, enterprise, { area: 'issues' });
    expect(issues.length).toBeGreaterThanOrEqual(2);
    expect(issues.every((row) => row.area === 'issues')).toBe(true);

    const creates = await wholeLog(owner, enterprise, { action: 'create', actorId: other.userId });
    expect(creates.length).toBeGreaterThanOrEqual(3);
    expect(creates.every((row) => row.action === 'create')).toBe(true);

    const project = byOther.find((row) => row.route === 'POST /api/pms/{identifier}/pmsProject')!;
    const projectId = project.objects.find((o) => o.type === 'project')!.id;
    const concerning = await wholeLog(owner, enterprise, { objectId: projectId });
    // The project itself and the work item made in it.
    expect(concerning.map((row) => row.requestId)).toContain(project.requestId);
    expect(concerning.some((row) => row.objects.some((o) => o.type === 'workItem'))).toBe(true);
  });

  it('filters by time and pages through the entries, newest first, each once', async () => {
    const all = await wholeLog(owner, enterprise, { actorId: other.userId });
    const times = all.map((row) => row.at);
    expect([...times].sort().reverse()).toEqual(times);

    const paged: AuditEntry[] = [];
    let cursor: string | null = null;
    do {
      const page: AuditPage = await readLog(owner, enterprise, {
        actorId: other.userId,
        limit: '2',
        ...(cursor ? { cursor } : {}),
      });
      expect(page.rows.length).toBeLessThanOrEqual(2);
      paged.push(...page.rows);
      cursor = page.next;
    } while (cursor);
    expect(paged.map((row) => row.id)).toEqual(all.map((row) => row.id));

    const middle = all[1]!.at;
    const upTo = await wholeLog(owner, enterprise, { actorId: other.userId, to: middle });
    expect(upTo.map((row) => row.id)).toEqual(all.filter((row) => row.at <= middle).map((row) => row.id));
    const since = await wholeLog(owner, enterprise, { actorId: other.userId, from: middle });
    expect(since.map((row) => row.id)).toEqual(all.filter((row) => row.at >= middle).map((row) => row.id));
    const nothing = await readLog(owner, enterprise, {
      from: '2020-01-01T00:00:00Z',
      to: '2020-01-02T00:00:00Z',
    });
    expect(nothing).toMatchObject({ rows: [], next: null });
  });

  it('refuses bad filters with 400 naming the field', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ area: 'kitchen' }, 'Area must be one of'],
      [{ action: 'peek' }, 'Action must be one of'],
      [{ from: 'yesterday' }, 'from must be a time like'],
      [{ from: '2026-03-02T00:00:00Z', to: '2026-03-01T00:00:00Z' }, 'from must not be after to'],
      [{ cursor: 'DROP TABLE' }, 'cursor is not one this list gave out'],
      [{ limit: '500' }, 'limit must be at most 100'],
    ];
    for (const [query, message] of cases) {
      const res = await owner.client.get(`${auditPath(enterprise)}?${new URLSearchParams(query)}`);
      expect(res.status, JSON.stringify(query)).toBe(400);
      // Schema messages start with a capital, the service's own may not: the words are what count.
      expect(res.body.errorMessage.toLowerCase()).toContain(message.toLowerCase());
    }
  });

  it('gives the entries as CSV that reads back to the same entries', async () => {
    const rows = await wholeLog(owner, enterprise, { actorId: other.userId });
    const text = await readCsv(owner, enterprise, { actorId: other.userId });
    expect(text.startsWith('\uFEFF')).toBe(true);
    const parsed = Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.meta.fields).toEqual([...CSV_COLUMNS]);
    const expected = rows.flatMap((row) =>
      row.objects.map((object) => ({
        time: row.at,
        actorId: other.userId,
        actor: other.nickname,
        actorLogin: other.login,
        sourceAddress: row.sourceAddress ?? '',
        requestId: row.requestId,
        route: row.route,
        area: row.area,
        action: row.action,
        objectType: object.type,
        objectId: object.id,
        objectAction: object.action,
        changes: JSON.stringify(object.changes),
        query: '',
        truncated: '',
      })),
    );
    expect(parsed.data).toEqual(expected);
  });

  it('is itself an entry, with what was asked and by whom', async () => {
    await readLog(admin, enterprise, { area: 'issues', limit: '5' });
    await readCsv(admin, enterprise, { area: 'docs' });
    const reads = (await readLog(owner, enterprise, { action: 'read', actorId: admin.userId })).rows;
    expect(reads[0]).toMatchObject({
      route: 'GET /api/pms/pmsEnterprise/{identifier}/audit/csv',
      area: 'enterprise',
      action: 'read',
      query: { area: 'docs', format: 'csv' },
      objects: [],
    });
    expect(reads[1]).toMatchObject({
      route: 'GET /api/pms/pmsEnterprise/{identifier}/audit',
      query: { area: 'issues' },
    });
  });

  it('is for those who hold enterprise:audit:view: a plain member gets 403, a stranger 404', async () => {
    const refused = await member.client.get(auditPath(enterprise));
    expect(refused.status).toBe(403);
    expect(refused.body.errorMessage).toBe('You need the permission enterprise:audit:view');
    expect((await member.client.raw('GET', `${auditPath(enterprise)}/csv`)).status).toBe(403);

    const granted = await createRole(owner, enterprise, ['enterprise:audit:view']);
    const reader = (await signUpMany(1))[0]!;
    await addMember(owner, enterprise, reader, [granted.roleId]);
    expect((await readLog(reader, enterprise)).rows.length).toBeGreaterThan(0);

    const [stranger] = await signUpMany(1);
    const theirs = await createEnterprise(stranger!);
    const foreign = await stranger!.client.get(auditPath(enterprise));
    expect(foreign.status).toBe(404);
    // Their own log holds nothing of ours.
    const ownLog = await wholeLog(stranger!, theirs);
    const ourRequests = new Set((await wholeLog(owner, enterprise)).map((row) => row.requestId));
    expect(ownLog.length).toBeGreaterThan(0);
    expect(ownLog.filter((row) => ourRequests.has(row.requestId))).toEqual([]);
    expect(JSON.stringify(ownLog)).not.toContain(enterprise.id);
  });
});

describe('secrets', () => {
  it('never appear in an entry: not a repository token, not a webhook secret, nor their sealed forms', async () => {
    const copy = await WorkingCopy.create();
    await copy.commit('Initial commit');
    await copy.push('main');
    const repository: Repository = await connect(owner, enterprise, copy);
    const base = repositoriesBase(enterprise);
    const webhook = expectStatus(
      await owner.client.get<WebhookSettings>(`${base}/${repository.id}/webhook`),
      200,
    ).data;
    const current = expectStatus(await owner.client.get<Repository>(`${base}/${repository.id}`), 200).data;
    expectStatus(
      await owner.client.put(`${base}/${repository.id}`, {
        token: gitServer.token,
        version: current.version,
      }),
      200,
    );
    const stored = await getItem(keys.repository(enterprise.id, repository.id));
    const secrets = [
      gitServer.token,
      Buffer.from(gitServer.token).toString('base64'),
      webhook.secret,
      String(stored?.tokenSealed),
      String(stored?.webhookSecretSealed),
    ];
    const rows = await wholeLog(owner, enterprise, { objectId: repository.id });
    expect(rows.map((row) => row.route)).toEqual(
      expect.arrayContaining([
        'POST /api/pms/{identifier}/pmsRepository',
        'PUT /api/pms/{identifier}/pmsRepository/{id}',
      ]),
    );
    const json = JSON.stringify(rows);
    const csv = await readCsv(owner, enterprise, { objectId: repository.id });
    for (const secret of secrets) {
      expect(json).not.toContain(secret);
      expect(csv).not.toContain(secret);
    }
    expect(json).not.toMatch(/Sealed|passwordHash|tokenHash/);
  });
});

describe('retention', () => {
  it('is an enterprise setting of 30 to 3650 days, and each entry expires that long after it', async () => {
    const path = `/api/pms/pmsEnterprise/${enterprise.id}`;
    const current = expectStatus(
      await owner.client.get<Enterprise>(`/api/pms/pmsEnterprise/${enterprise.enterpriseIdentifier}`),
      200,
    ).data;
    expect(current.auditRetentionDays).toBe(365);
    const short = await owner.client.put(path, { auditRetentionDays: 10, version: current.version });
    expect(short.status).toBe(400);
    expect(short.body.errorMessage).toBe('auditRetentionDays: AuditRetentionDays must be at least 30 days');
    const saved = expectStatus(
      await owner.client.put<Enterprise>(path, { auditRetentionDays: 30, version: current.version }),
      200,
    );
    expect(saved.data.auditRetentionDays).toBe(30);
    const change = await entryOf(owner, enterprise, saved);
    expect(change.objects).toEqual([
      {
        type: 'enterprise',
        id: enterprise.id,
        action: 'update',
        changes: [{ field: 'auditRetentionDays', before: 365, after: 30 }],
      },
    ]);

    const later = await createTag(owner, enterprise);
    const { entries } = await listAuditEntries(
      enterprise.id,
      { objectId: later.id },
      { limit: 5, maxMonths: 2 },
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]!.expiresAt - Math.floor(Date.parse(entries[0]!.at) / 1000)).toBe(30 * 86_400);
  });
});
