/**
 * The case library calls (docs/api-conventions.md, "Test management"): create, read, edit,
 * list filters, batch, copy, confirm, delete, tags and types, permissions, other enterprises'
 * ids, and the flag a spec change raises on the cases covering it.
 */
import { MAX_SPEC_CASES } from '@shared/domain/testing';
import type { CaseDetail, CaseRow, CaseTag } from '@shared/schemas/testcases';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  caseModulesBase,
  casesBase,
  caseTagsBase,
  createCase,
  createCaseModule,
  createCaseTag,
  getCase,
  listCases,
} from './case-fixtures';
import { expectStatus, type TestUser, unique } from './helpers';
import { createIssue, createProject, createTeam, type Team } from './issue-fixtures';
import { createProduct, createSpec, pmsOf, reviewedSpec } from './product-fixtures';

const errorOf = (res: { body: { errorMessage: string } }) => res.body.errorMessage;
const ids = (rows: readonly { id: string }[]) => rows.map((r) => r.id);

const putCase = (actor: TestUser, team: Team, c: Pick<CaseDetail, 'id' | 'version'>, body: object) =>
  actor.client.put<CaseDetail>(`${casesBase(team.enterprise)}/${c.id}`, { version: c.version, ...body });

async function specOf(team: Team) {
  const identifier = team.enterprise.enterpriseIdentifier;
  const product = await createProduct(team.owner.client, identifier);
  return { product, spec: await reviewedSpec(team.owner.client, identifier, product.id) };
}

async function associated(team: Team, specId: string) {
  const pms = pmsOf(team.enterprise.enterpriseIdentifier);
  const res = await team.owner.client.get(pms(`productRequirementTracking/${specId}/associatedTestcase`));
  return expectStatus(res, 200).data as { caseId: string; title: string; needsConfirmation: boolean }[];
}

describe('creating and reading a case', () => {
  let team: Team;
  beforeAll(async () => {
    team = await createTeam(1);
  });

  it('numbers cases per project and answers the detail', async () => {
    const a = await createCase(team.owner, team, team.project.id, {
      title: 'Sign in works',
      precondition: 'An account',
      steps: [{ step: 'Open the page', expected: 'A form' }, { step: 'Submit' }],
      remark: 'Smoke',
      type: 3,
      priority: 1,
    });
    expect(a).toMatchObject({
      pmsProjectId: team.project.id,
      caseNumber: 1,
      title: 'Sign in works',
      moduleId: null,
      moduleName: '',
      type: 3,
      typeName: 'Interface',
      priority: 1,
      tagIds: [],
      needsConfirmation: false,
      specCount: 0,
      linkedIssueCount: 0,
      precondition: 'An account',
      steps: [
        { step: 'Open the page', expected: 'A form' },
        { step: 'Submit', expected: '' },
      ],
      remark: 'Smoke',
      specs: [],
      linkedIssues: [],
      version: 1,
    });
    expect(a.id.startsWith(`${team.project.id}.`)).toBe(true);
    expect(a.creator).toEqual({
      userId: team.owner.userId,
      login: team.owner.login,
      nickname: team.owner.nickname,
    });
    const b = await createCase(team.owner, team, team.project.id);
    expect(b).toMatchObject({
      caseNumber: 2,
      type: 1,
      typeName: 'Functional',
      priority: 3,
      precondition: '',
    });
    expect(await getCase(team.owner, team, a.id)).toEqual(a);
    // Numbers are per project.
    const other = await createProject(team.owner, team.enterprise);
    expect((await createCase(team.owner, team, other.id)).caseNumber).toBe(1);
  });

  it('files a case into a module and tags it, showing the module path', async () => {
    const parent = await createCaseModule(team.owner, team.enterprise, team.project.id, 'Accounts');
    const child = await createCaseModule(team.owner, team.enterprise, team.project.id, 'Sign in', parent.id);
    const tag = await createCaseTag(team.owner, team.enterprise);
    const c = await createCase(team.owner, team, team.project.id, {
      moduleId: child.id,
      tagIds: [tag.id, tag.id],
    });
    expect(c).toMatchObject({ moduleId: child.id, moduleName: 'Accounts / Sign in', tagIds: [tag.id] });
  });

  it('names the field of every refused reference', async () => {
    const post = (body: object) =>
      team.owner.client.post(casesBase(team.enterprise), {
        pmsProjectId: team.project.id,
        title: 'x',
        ...body,
      });
    const cases: [object, number, string][] = [
      [{ title: undefined }, 400, 'title: Please enter title'],
      [{ title: 'x'.repeat(201) }, 400, 'title: Title must be at most 200 characters'],
      [{ type: 9 }, 400, 'type: Type must be one of 1, 2, 3, 4, 5, 6, 7'],
      [{ priority: 5 }, 400, 'priority: Priority must be 1 (urgent), 2 (high), 3 (normal) or 4 (low)'],
      [{ tagIds: ['nope'] }, 400, 'tagIds: Tag nope does not exist'],
      [{ specIds: ['p.nope'] }, 400, 'specIds: Spec p.nope does not exist'],
      [
        { moduleId: `${team.project.id}.nope` },
        400,
        `moduleId: Module ${team.project.id}.nope does not exist in this project`,
      ],
      [{ pmsProjectId: 'nope' }, 404, 'Project nope does not exist'],
    ];
    for (const [body, status, message] of cases) {
      const res = await post(body);
      expect(res.status, message).toBe(status);
      expect(errorOf(res)).toBe(message);
    }
    // A module of another project of the enterprise is not one of this project's.
    const other = await createProject(team.owner, team.enterprise);
    const theirs = await createCaseModule(team.owner, team.enterprise, other.id);
    expect(errorOf(expectStatus(await post({ moduleId: theirs.id }), 400))).toBe(
      `moduleId: Module ${theirs.id} does not exist in this project`,
    );
    const missing = await team.owner.client.get(`${casesBase(team.enterprise)}/${team.project.id}.nope`);
    expect(errorOf(expectStatus(missing, 404))).toBe(`Case ${team.project.id}.nope does not exist`);
    expectStatus(await team.owner.client.get(`${casesBase(team.enterprise)}/a.b.c`), 404);
  });
});

describe('editing a case', () => {
  let team: Team;
  beforeAll(async () => {
    team = await createTeam(1);
  });

  it('edits any fields at the version read and refuses a stale version', async () => {
    const c = await createCase(team.owner, team, team.project.id, { steps: [{ step: 'One' }] });
    const edited = expectStatus(
      await putCase(team.owner, team, c, {
        title: 'Renamed',
        steps: [{ step: 'A', expected: 'B' }],
        remark: 'R',
      }),
      200,
    ).data;
    expect(edited).toMatchObject({
      title: 'Renamed',
      steps: [{ step: 'A', expected: 'B' }],
      remark: 'R',
      version: 2,
    });
    expect(await getCase(team.owner, team, c.id)).toEqual(edited);
    const stale = await putCase(team.owner, team, c, { title: 'Late' });
    expect(errorOf(expectStatus(stale, 409))).toBe(
      `Case TC-${c.caseNumber} was changed by someone else; reload and try again`,
    );
    // Nothing to change: the case stays at its version.
    const same = expectStatus(await putCase(team.owner, team, edited, { title: 'Renamed' }), 200).data;
    expect(same.version).toBe(2);
    const cleared = expectStatus(
      await putCase(team.owner, team, edited, { moduleId: null, steps: [] }),
      200,
    ).data;
    expect(cleared).toMatchObject({ steps: [], version: 3 });
  });

  it('moves spec links with the case', async () => {
    const { spec } = await specOf(team);
    const second = (await specOf(team)).spec;
    const c = await createCase(team.owner, team, team.project.id, { specIds: [spec.id] });
    expect(c.specs).toEqual([
      {
        id: spec.id,
        productId: spec.productId,
        productName: expect.any(String),
        title: spec.title,
        status: spec.status,
        statusName: 'Reviewed',
        changed: false,
      },
    ]);
    expect((await associated(team, spec.id)).map((a) => a.caseId)).toEqual([c.id]);
    const moved = expectStatus(await putCase(team.owner, team, c, { specIds: [second.id] }), 200).data;
    expect(moved.specCount).toBe(1);
    expect(await associated(team, spec.id)).toEqual([]);
    expect(await associated(team, second.id)).toEqual([
      { caseId: c.id, pmsProjectId: team.project.id, title: c.title, needsConfirmation: false },
    ]);
  });
});

describe('the list', () => {
  let team: Team;
  let rows: CaseDetail[];
  let tag: CaseTag;
  let parent: string;
  let child: string;
  let specId: string;
  beforeAll(async () => {
    team = await createTeam(1);
    const p = await createCaseModule(team.owner, team.enterprise, team.project.id, 'Parent');
    const ch = await createCaseModule(team.owner, team.enterprise, team.project.id, 'Child', p.id);
    parent = p.id;
    child = ch.id;
    tag = await createCaseTag(team.owner, team.enterprise);
    specId = (await specOf(team)).spec.id;
    const make = (extra: Record<string, unknown>) => createCase(team.owner, team, team.project.id, extra);
    rows = [
      await make({ title: 'Login with password', moduleId: parent, priority: 1 }),
      await make({ title: 'Login with token', moduleId: child, tagIds: [tag.id], type: 2 }),
      await make({ title: 'Logout', specIds: [specId] }),
    ];
  });

  const find = async (filters: Record<string, string | number | boolean>) =>
    ids((await listCases(team.owner, team, team.project.id, filters)).rows);

  it('shows the newest number first, paged', async () => {
    const [a, b, c] = rows as [CaseDetail, CaseDetail, CaseDetail];
    const all = await listCases(team.owner, team, team.project.id);
    expect(ids(all.rows)).toEqual([c.id, b.id, a.id]);
    expect(all.total).toBe(3);
    const listed = all.rows[1] as CaseRow;
    expect(listed).toMatchObject({
      id: b.id,
      moduleName: 'Parent / Child',
      typeName: 'Performance',
      specCount: 0,
    });
    expect(Object.keys(listed)).not.toContain('steps');
    const page = await team.owner.client.get(
      `${casesBase(team.enterprise)}/list?pmsProjectId=${team.project.id}&pageNum=2&pageSize=2`,
    );
    expect(expectStatus(page, 200).data).toMatchObject({ total: 3, pageNum: 2, pageSize: 2 });
    expect(ids(page.data.rows)).toEqual([a.id]);
  });

  it('filters by module (with sub-modules), none, type, tag, priority, keyword, spec', async () => {
    const [a, b, c] = rows as [CaseDetail, CaseDetail, CaseDetail];
    expect(await find({ moduleId: parent })).toEqual([b.id, a.id]);
    expect(await find({ moduleId: child })).toEqual([b.id]);
    expect(await find({ moduleId: 'none' })).toEqual([c.id]);
    expect(await find({ type: 2 })).toEqual([b.id]);
    expect(await find({ tagId: tag.id })).toEqual([b.id]);
    expect(await find({ priority: 1 })).toEqual([a.id]);
    expect(await find({ keyword: 'login WITH' })).toEqual([b.id, a.id]);
    expect(await find({ keyword: 'token login' })).toEqual([b.id]);
    expect(await find({ keyword: `TC-${a.caseNumber}` })).toEqual([a.id]);
    expect(await find({ keyword: String(c.caseNumber) })).toEqual([c.id]);
    expect(await find({ specId })).toEqual([c.id]);
    expect(await find({ needsConfirmation: true })).toEqual([]);
    expect(await find({ needsConfirmation: false, priority: 3 })).toEqual([c.id, b.id]);
  });

  it('filters by linked work item', async () => {
    const [a] = rows as [CaseDetail];
    const issue = await createIssue(team.owner, team);
    expectStatus(
      await team.owner.client.put(`${team.base}/linkTestcase`, { issueId: issue.id, link: [a.id] }),
      200,
    );
    expect(await find({ issueId: issue.id })).toEqual([a.id]);
  });

  it('refuses bad filters and unknown projects', async () => {
    const res = await team.owner.client.get(
      `${casesBase(team.enterprise)}/list?pmsProjectId=${team.project.id}&needsConfirmation=maybe`,
    );
    expect(errorOf(expectStatus(res, 400))).toBe(
      'needsConfirmation: NeedsConfirmation must be true or false',
    );
    const none = await team.owner.client.get(`${casesBase(team.enterprise)}/list?pmsProjectId=nope`);
    expect(errorOf(expectStatus(none, 404))).toBe('Project nope does not exist');
  });
});

describe('batch edit, copy, confirm and delete', () => {
  let team: Team;
  beforeAll(async () => {
    team = await createTeam(1);
  });

  it('batch-edits cases all or nothing', async () => {
    const module = await createCaseModule(team.owner, team.enterprise, team.project.id);
    const [t1, t2] = [
      await createCaseTag(team.owner, team.enterprise),
      await createCaseTag(team.owner, team.enterprise),
    ];
    const a = await createCase(team.owner, team, team.project.id, { tagIds: [t1.id] });
    const b = await createCase(team.owner, team, team.project.id);
    const url = `${casesBase(team.enterprise)}/batch`;
    const missing = await team.owner.client.put(url, { ids: [a.id, `${team.project.id}.gone`], priority: 1 });
    expect(errorOf(expectStatus(missing, 404))).toBe(`Case ${team.project.id}.gone does not exist`);
    expect((await getCase(team.owner, team, a.id)).version).toBe(1);
    const empty = await team.owner.client.put(url, { ids: [a.id] });
    expect(errorOf(expectStatus(empty, 400))).toBe('ids: Please enter moduleId, type, priority or addTagIds');
    const res = await team.owner.client.put<CaseRow[]>(url, {
      ids: [a.id, b.id],
      moduleId: module.id,
      priority: 2,
      addTagIds: [t1.id, t2.id],
    });
    expect(
      expectStatus(res, 200).data.map((r) => [r.id, r.moduleId, r.priority, r.tagIds, r.version]),
    ).toEqual([
      [a.id, module.id, 2, [t1.id, t2.id], 2],
      [b.id, module.id, 2, [t1.id, t2.id], 2],
    ]);
    const badTag = await team.owner.client.put(url, { ids: [a.id], addTagIds: ['nope'] });
    expect(errorOf(expectStatus(badTag, 400))).toBe('addTagIds: Tag nope does not exist');
  });

  it('copies cases with their content and spec links into another project and module', async () => {
    const { spec } = await specOf(team);
    const source = await createCase(team.owner, team, team.project.id, {
      title: 'Original',
      steps: [{ step: 'S', expected: 'E' }],
      precondition: 'P',
      specIds: [spec.id],
      priority: 4,
    });
    const target = await createProject(team.owner, team.enterprise);
    const module = await createCaseModule(team.owner, team.enterprise, target.id, 'Imported');
    const res = await team.owner.client.post<CaseRow[]>(`${casesBase(team.enterprise)}/copy`, {
      ids: [source.id],
      pmsProjectId: target.id,
      moduleId: module.id,
    });
    const [copy] = expectStatus(res, 201).data as [CaseRow];
    expect(copy).toMatchObject({
      pmsProjectId: target.id,
      caseNumber: 1,
      title: 'Original',
      moduleId: module.id,
      moduleName: 'Imported',
      priority: 4,
      specCount: 1,
      needsConfirmation: false,
      version: 1,
    });
    expect(await getCase(team.owner, team, copy.id)).toMatchObject({
      steps: [{ step: 'S', expected: 'E' }],
      precondition: 'P',
      specs: [{ id: spec.id, changed: false }],
    });
    expect((await associated(team, spec.id)).map((a) => a.caseId).sort()).toEqual(
      [source.id, copy.id].sort(),
    );
    // Same project by default, and a module of another project is refused.
    const again = await team.owner.client.post<CaseRow[]>(`${casesBase(team.enterprise)}/copy`, {
      ids: [source.id],
    });
    expect(expectStatus(again, 201).data[0]).toMatchObject({ pmsProjectId: team.project.id, moduleId: null });
    const wrong = await team.owner.client.post(`${casesBase(team.enterprise)}/copy`, {
      ids: [source.id],
      moduleId: module.id,
    });
    expect(errorOf(expectStatus(wrong, 400))).toBe(
      `moduleId: Module ${module.id} does not exist in this project`,
    );
    // A tag deleted since the case was saved is not copied.
    const gone = await createCaseTag(team.owner, team.enterprise);
    const tagged = await createCase(team.owner, team, team.project.id, { tagIds: [gone.id] });
    expectStatus(await team.owner.client.delete(`${caseTagsBase(team.enterprise)}/${gone.id}`), 200);
    const copied = await team.owner.client.post<CaseRow[]>(`${casesBase(team.enterprise)}/copy`, {
      ids: [tagged.id],
    });
    expect(expectStatus(copied, 201).data[0]!.tagIds).toEqual([]);
  });

  it('deletes cases all or nothing, with their spec links and work-item links', async () => {
    const { spec } = await specOf(team);
    const a = await createCase(team.owner, team, team.project.id, { specIds: [spec.id] });
    const b = await createCase(team.owner, team, team.project.id);
    const issue = await createIssue(team.owner, team);
    expectStatus(
      await team.owner.client.put(`${team.base}/linkTestcase`, { issueId: issue.id, link: [a.id, b.id] }),
      200,
    );
    const url = (list: string[]) => `${casesBase(team.enterprise)}/${list.join(',')}`;
    const missing = await team.owner.client.delete(url([a.id, `${team.project.id}.gone`]));
    expect(errorOf(expectStatus(missing, 404))).toBe(`Case ${team.project.id}.gone does not exist`);
    await getCase(team.owner, team, a.id);
    const tooMany = Array.from({ length: 41 }, (_, i) => `${team.project.id}.x${i}`);
    expect(errorOf(expectStatus(await team.owner.client.delete(url(tooMany)), 400))).toBe(
      'ids: At most 40 cases at a time',
    );
    expectStatus(await team.owner.client.delete(url([a.id])), 200);
    expectStatus(await team.owner.client.get(`${casesBase(team.enterprise)}/${a.id}`), 404);
    expect(await associated(team, spec.id)).toEqual([]);
    const linked = await team.owner.client.put<CaseRow[]>(`${team.base}/linkTestcase`, {
      issueId: issue.id,
      link: [b.id],
    });
    expect(ids(expectStatus(linked, 200).data)).toEqual([b.id]);
  });
});

describe('the spec-change flag', () => {
  let team: Team;
  beforeAll(async () => {
    team = await createTeam(1);
  });

  it('flags the cases covering a changed spec until they are confirmed or saved', async () => {
    const identifier = team.enterprise.enterpriseIdentifier;
    const { spec } = await specOf(team);
    const other = (await specOf(team)).spec;
    const a = await createCase(team.owner, team, team.project.id, { specIds: [spec.id, other.id] });
    const b = await createCase(team.owner, team, team.project.id, { specIds: [spec.id] });
    const untouched = await createCase(team.owner, team, team.project.id, { specIds: [other.id] });
    const changed = await team.owner.client.put(pmsOf(identifier)('productRequirementSpecs/change'), {
      id: spec.id,
      version: spec.version,
      title: 'Refunds v2',
      reason: 'Scope moved',
    });
    expectStatus(changed, 200);
    const flagged = await listCases(team.owner, team, team.project.id, { needsConfirmation: true });
    expect(ids(flagged.rows)).toEqual([b.id, a.id]);
    const detail = await getCase(team.owner, team, a.id);
    expect(detail.needsConfirmation).toBe(true);
    expect(detail.specs.map((s) => [s.id, s.title, s.changed, s.statusName])).toEqual([
      [spec.id, 'Refunds v2', true, 'Changed'],
      [other.id, other.title, false, 'Reviewed'],
    ]);
    expect((await getCase(team.owner, team, untouched.id)).needsConfirmation).toBe(false);
    expect(await associated(team, spec.id)).toEqual([
      { caseId: a.id, pmsProjectId: team.project.id, title: a.title, needsConfirmation: true },
      { caseId: b.id, pmsProjectId: team.project.id, title: b.title, needsConfirmation: true },
    ]);
    // The flag stepped the version: a save of the case as it was is stale.
    expectStatus(await putCase(team.owner, team, a, { title: 'x' }), 409);
    const confirmed = await team.owner.client.put<CaseRow[]>(`${casesBase(team.enterprise)}/confirm`, {
      ids: [a.id],
    });
    expect(expectStatus(confirmed, 200).data.map((r) => [r.id, r.needsConfirmation])).toEqual([
      [a.id, false],
    ]);
    expect((await getCase(team.owner, team, a.id)).specs.every((s) => !s.changed)).toBe(true);
    // Saving confirms too.
    const current = await getCase(team.owner, team, b.id);
    const saved = expectStatus(await putCase(team.owner, team, current, { remark: 'Checked' }), 200).data;
    expect(saved).toMatchObject({ needsConfirmation: false, remark: 'Checked' });
    expect(saved.specs[0]!.changed).toBe(false);
    expect((await listCases(team.owner, team, team.project.id, { needsConfirmation: true })).rows).toEqual(
      [],
    );
  });

  it(`lets a spec be covered by at most ${MAX_SPEC_CASES} cases`, async () => {
    const identifier = team.enterprise.enterpriseIdentifier;
    const product = await createProduct(team.owner.client, identifier);
    const spec = await createSpec(team.owner.client, identifier, product.id);
    const first = await createCase(team.owner, team, team.project.id, { specIds: [spec.id] });
    for (let i = 1; i < MAX_SPEC_CASES; i += 1) {
      expectStatus(
        await team.owner.client.post(`${casesBase(team.enterprise)}/copy`, { ids: [first.id] }),
        201,
      );
    }
    const res = await team.owner.client.post(casesBase(team.enterprise), {
      pmsProjectId: team.project.id,
      title: 'One too many',
      specIds: [spec.id],
    });
    expect(errorOf(expectStatus(res, 409))).toBe(
      `Spec SR-${spec.number} ${spec.title} is covered by ${MAX_SPEC_CASES} cases; a spec may have at most ${MAX_SPEC_CASES}`,
    );
  });
});

describe('case tags and types', () => {
  let team: Team;
  beforeAll(async () => {
    team = await createTeam(1);
  });

  it('keeps an enterprise-wide vocabulary with unique names', async () => {
    const base = caseTagsBase(team.enterprise);
    const name = unique('Smoke');
    const tag = await createCaseTag(team.owner, team.enterprise, name);
    expect(tag).toMatchObject({ name, color: 'blue', version: 1 });
    const taken = await team.owner.client.post(base, { name: name.toUpperCase(), color: 'red' });
    expect(errorOf(expectStatus(taken, 409))).toBe(
      `name: A case tag named ${name.toUpperCase()} exists already`,
    );
    const renamed = expectStatus(
      await team.owner.client.put(`${base}/${tag.id}`, { version: 1, name: `${name}2`, color: 'red' }),
      200,
    ).data;
    expect(renamed).toMatchObject({ name: `${name}2`, color: 'red', version: 2 });
    expect(
      errorOf(
        expectStatus(await team.owner.client.put(`${base}/${tag.id}`, { version: 1, color: 'red' }), 409),
      ),
    ).toBe(`Case tag ${name}2 was changed by someone else; reload and try again`);
    const list = expectStatus(await team.owner.client.get(`${base}/list`), 200).data as CaseTag[];
    expect(list.map((t) => t.id)).toContain(tag.id);
    expectStatus(await team.owner.client.delete(`${base}/${tag.id}`), 200);
    expect(errorOf(expectStatus(await team.owner.client.delete(`${base}/${tag.id}`), 404))).toBe(
      `Case tag ${tag.id} does not exist`,
    );
    // The name is free again.
    await createCaseTag(team.owner, team.enterprise, name);
  });

  it('lists the case types', async () => {
    const res = await team.owner.client.get(
      `/api/pms/${team.enterprise.enterpriseIdentifier}/pmsProjectTestcaseType/list`,
    );
    expect(expectStatus(res, 200).data).toEqual([
      { id: 1, name: 'Functional' },
      { id: 2, name: 'Performance' },
      { id: 3, name: 'Interface' },
      { id: 4, name: 'Security' },
      { id: 5, name: 'Compatibility' },
      { id: 6, name: 'Usability' },
      { id: 7, name: 'Other' },
    ]);
  });
});

describe('permissions and other enterprises', () => {
  let team: Team;
  let theirs: Team;
  let theirCase: CaseDetail;
  beforeAll(async () => {
    [team, theirs] = await Promise.all([createTeam(1), createTeam(1)]);
    theirCase = await createCase(theirs.owner, theirs, theirs.project.id);
  });

  it('lets a plain member read cases but not write them', async () => {
    const member = team.members[0]!;
    const c = await createCase(team.owner, team, team.project.id);
    expect((await getCase(member, team, c.id)).id).toBe(c.id);
    const res = await member.client.post(casesBase(team.enterprise), {
      pmsProjectId: team.project.id,
      title: 'x',
    });
    expect(errorOf(expectStatus(res, 403))).toMatch(/test:case:add/);
    expectStatus(await putCase(member, team, c, { title: 'y' }), 403);
    expectStatus(await member.client.delete(`${casesBase(team.enterprise)}/${c.id}`), 403);
    expectStatus(
      await member.client.post(caseTagsBase(team.enterprise), { name: unique('t'), color: 'blue' }),
      403,
    );
    expectStatus(
      await member.client.post(caseModulesBase(team.enterprise), {
        pmsProjectId: team.project.id,
        name: 'm',
      }),
      403,
    );
  });

  it("answers 404 to another enterprise's cases, projects, modules and tags", async () => {
    const mine = team.owner.client;
    const base = casesBase(team.enterprise);
    const theirModule = await createCaseModule(theirs.owner, theirs.enterprise, theirs.project.id);
    const theirTag = await createCaseTag(theirs.owner, theirs.enterprise);
    expectStatus(await mine.get(`${base}/${theirCase.id}`), 404);
    expectStatus(await mine.put(`${base}/${theirCase.id}`, { version: 1, title: 'x' }), 404);
    expectStatus(await mine.delete(`${base}/${theirCase.id}`), 404);
    expectStatus(await mine.put(`${base}/batch`, { ids: [theirCase.id], priority: 1 }), 404);
    expectStatus(await mine.put(`${base}/confirm`, { ids: [theirCase.id] }), 404);
    expectStatus(await mine.post(`${base}/copy`, { ids: [theirCase.id] }), 404);
    expectStatus(await mine.get(`${base}/list?pmsProjectId=${theirs.project.id}`), 404);
    expectStatus(await mine.post(base, { pmsProjectId: theirs.project.id, title: 'x' }), 404);
    const foreignModule = await mine.post(base, {
      pmsProjectId: team.project.id,
      title: 'x',
      moduleId: theirModule.id,
    });
    expectStatus(foreignModule, 400);
    expectStatus(
      await mine.post(base, { pmsProjectId: team.project.id, title: 'x', tagIds: [theirTag.id] }),
      400,
    );
    expectStatus(
      await mine.put(`${caseTagsBase(team.enterprise)}/${theirTag.id}`, { version: 1, color: 'red' }),
      404,
    );
    expectStatus(
      await mine.put(`${caseModulesBase(team.enterprise)}/${theirModule.id}`, { version: 1, name: 'x' }),
      404,
    );
    // Their own enterprise's path is closed to me altogether.
    expectStatus(await mine.get(`${casesBase(theirs.enterprise)}/${theirCase.id}`), 404);
    expect((await getCase(theirs.owner, theirs, theirCase.id)).version).toBe(1);
  });

  it("refuses another enterprise's specs", async () => {
    const { spec } = await specOf(theirs);
    const res = await team.owner.client.post(casesBase(team.enterprise), {
      pmsProjectId: team.project.id,
      title: 'x',
      specIds: [spec.id],
    });
    expect(errorOf(expectStatus(res, 400))).toBe(`specIds: Spec ${spec.id} does not exist`);
  });
});
