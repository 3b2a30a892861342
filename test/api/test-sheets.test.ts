/**
 * The test sheet calls (`pmsProjectTestsheet`, docs/api-conventions.md "Test management"):
 * create, read, list and tree with counts, edit and move (tree rules), complete and reopen, the
 * start with the first result, delete, permissions and ids of other projects and enterprises.
 */
import type { Sheet, SheetNode } from '@shared/schemas/testruns';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRole, expectStatus, setRoles, type TestUser } from './helpers';
import { createProject, createTeam, type Team } from './issue-fixtures';
import {
  createSheet,
  errorOf,
  getSheet,
  getSheetCase,
  listSheetCases,
  putSheet,
  recordResult,
  sheetsBase,
  sheetWithCases,
} from './testrun-fixtures';

const summary = (user: TestUser) => ({ userId: user.userId, login: user.login, nickname: user.nickname });
const NO_COUNTS = { total: 0, notExecuted: 0, passed: 0, failed: 0, blocked: 0, skipped: 0, passRate: 0 };

async function createSprint(team: Team, projectId = team.project.id) {
  const res = await team.owner.client.post(
    `/api/pms/${team.enterprise.enterpriseIdentifier}/pmsProjectSprint`,
    {
      pmsProjectId: projectId,
      name: 'Sprint 1',
      startDate: '2026-03-02',
      endDate: '2026-03-15',
    },
  );
  return expectStatus(res, 201).data as { id: string; name: string };
}

describe('creating and reading a sheet', () => {
  let team: Team;
  beforeAll(async () => {
    team = await createTeam(1);
  });

  it('creates a sheet that has not started, and reads it back', async () => {
    const sprint = await createSprint(team);
    const member = team.members[0]!;
    const sheet = await createSheet(team.owner, team, {
      name: '  Release 1.0  ',
      description: 'Regression',
      sprintId: sprint.id,
      ownerId: member.userId,
      startDate: '2026-03-02',
      endDate: '2026-03-06',
    });
    expect(sheet.id.startsWith(`${team.project.id}.`)).toBe(true);
    expect(sheet).toEqual({
      id: sheet.id,
      pmsProjectId: team.project.id,
      name: 'Release 1.0',
      description: 'Regression',
      root_id: null,
      sort: 0,
      sprintId: sprint.id,
      sprintName: 'Sprint 1',
      owner: summary(member),
      startDate: '2026-03-02',
      endDate: '2026-03-06',
      status: 0,
      statusName: 'Not started',
      completedAt: null,
      counts: NO_COUNTS,
      creator: summary(team.owner),
      createdAt: sheet.createdAt,
      updatedAt: sheet.createdAt,
      version: 1,
    });
    expect(await getSheet(team.owner, team, sheet.id)).toEqual(sheet);
    // Sheets go last among their siblings.
    expect((await createSheet(team.owner, team)).sort).toBe(1);
  });

  it('refuses bad bodies naming the field', async () => {
    const post = (body: object) =>
      team.owner.client.post(sheetsBase(team), { pmsProjectId: team.project.id, name: 'S', ...body });
    expect(errorOf(expectStatus(await post({ name: '' }), 400))).toBe('name: Please enter sheet name');
    expect(errorOf(expectStatus(await post({ startDate: '2026-03-05', endDate: '2026-03-04' }), 400))).toBe(
      'endDate: EndDate must be on or after startDate',
    );
    expect(errorOf(expectStatus(await post({ startDate: '2026-02-30' }), 400))).toBe(
      'startDate: StartDate is not a real date',
    );
    expect(errorOf(expectStatus(await post({ ownerId: team.outsider.userId }), 400))).toBe(
      `ownerId: User ${team.outsider.userId} is not a member of this project`,
    );
    const other = await createProject(team.owner, team.enterprise);
    const foreignSprint = await createSprint(team, other.id);
    expect(errorOf(expectStatus(await post({ sprintId: foreignSprint.id }), 400))).toBe(
      `sprintId: Sprint ${foreignSprint.id} is not a sprint of this project`,
    );
    const foreignSheet = await createSheet(team.owner, { enterprise: team.enterprise, project: other });
    expect(errorOf(expectStatus(await post({ root_id: foreignSheet.id }), 400))).toBe(
      `root_id: Sheet ${foreignSheet.id} does not exist in this project`,
    );
  });

  it('answers 404 for unknown ids, other projects and other enterprises', async () => {
    const base = sheetsBase(team);
    expect(
      expectStatus(await team.owner.client.get(`${base}/${team.project.id}.nosuchsheet`), 404).body,
    ).toMatchObject({ errorMessage: `Test sheet ${team.project.id}.nosuchsheet does not exist` });
    expect((await team.owner.client.get(`${base}/not-a-sheet-id`)).status).toBe(404);
    const post = await team.owner.client.post(base, { pmsProjectId: 'nosuchproject', name: 'S' });
    expect(errorOf(expectStatus(post, 404))).toBe('Project nosuchproject does not exist');
    const stranger = await createTeam(0);
    const theirs = await createSheet(stranger.owner, stranger);
    // Through our enterprise's path their sheet is not found; through theirs we are not members.
    expect((await team.owner.client.get(`${base}/${theirs.id}`)).status).toBe(404);
    expect((await team.owner.client.get(`${sheetsBase(stranger)}/${theirs.id}`)).status).toBe(404);
    const list = await team.owner.client.get(`${base}/list?pmsProjectId=${stranger.project.id}`);
    expect(list.status).toBe(404);
  });

  it('needs the permissions of the docs table', async () => {
    const member = team.members[0]!;
    // The built-in member role reads sheets but may not create them.
    expect((await member.client.get(`${sheetsBase(team)}/list?pmsProjectId=${team.project.id}`)).status).toBe(
      200,
    );
    const refused = await member.client.post(sheetsBase(team), { pmsProjectId: team.project.id, name: 'S' });
    expect(refused.status).toBe(403);
    const role = await createRole(team.owner, team.enterprise, ['test:sheet:list', 'test:sheet:add']);
    await setRoles(team.owner, team.enterprise, member, [role.roleId]);
    const sheet = await createSheet(member, team);
    expect((await putSheet(member, team, sheet, { name: 'X' })).status).toBe(403);
    expect((await member.client.delete(`${sheetsBase(team)}/${sheet.id}`)).status).toBe(403);
  });
});

describe('the list and the tree', () => {
  let team: Team;
  let parent: Sheet;
  let child: Sheet;
  let other: Sheet;

  beforeAll(async () => {
    team = await createTeam(1);
    const withCases = await sheetWithCases(team.owner, team, 3, { name: 'Alpha parent', sort: 5 });
    parent = withCases.sheet;
    // One passed, one failed, one not executed.
    await recordResult(team.owner, team, withCases.rows[0]!, 1);
    await recordResult(team.owner, team, withCases.rows[1]!, 2);
    child = (await sheetWithCases(team.owner, team, 1, { name: 'Beta child', root_id: parent.id })).sheet;
    other = await createSheet(team.owner, team, { name: 'Gamma', sort: 1 });
  });

  it('lists sheets newest first with counts computed from their cases', async () => {
    const res = await team.owner.client.get(`${sheetsBase(team)}/list?pmsProjectId=${team.project.id}`);
    const page = expectStatus(res, 200).data;
    expect(page.total).toBe(3);
    expect(page.rows.map((s: Sheet) => s.name)).toEqual(['Gamma', 'Beta child', 'Alpha parent']);
    const alpha = page.rows[2] as Sheet;
    expect(alpha.counts).toEqual({
      total: 3,
      notExecuted: 1,
      passed: 1,
      failed: 1,
      blocked: 0,
      skipped: 0,
      passRate: 0.5,
    });
    expect(alpha.status).toBe(1);
    expect((page.rows[1] as Sheet).counts).toEqual({ ...NO_COUNTS, total: 1, notExecuted: 1 });
    expect((page.rows[0] as Sheet).counts).toEqual(NO_COUNTS);
    // The same counts as the sheet itself shows.
    expect(await getSheet(team.owner, team, parent.id)).toEqual(alpha);
  });

  it('filters by status and name, and pages', async () => {
    const get = async (query: string) =>
      expectStatus(
        await team.owner.client.get(`${sheetsBase(team)}/list?pmsProjectId=${team.project.id}&${query}`),
        200,
      ).data;
    expect((await get('status=1')).rows.map((s: Sheet) => s.id)).toEqual([parent.id]);
    expect((await get('status=0')).rows.map((s: Sheet) => s.id)).toEqual([other.id, child.id]);
    expect((await get('keyword=CHILD')).rows.map((s: Sheet) => s.id)).toEqual([child.id]);
    const second = await get('pageSize=2&pageNum=2');
    expect(second).toMatchObject({ total: 3, pageNum: 2, pageSize: 2 });
    expect(second.rows.map((s: Sheet) => s.id)).toEqual([parent.id]);
  });

  it('builds the tree, siblings by sort', async () => {
    const res = await team.owner.client.get(`${sheetsBase(team)}/treeList?pmsProjectId=${team.project.id}`);
    const tree = expectStatus(res, 200).data as SheetNode[];
    expect(tree.map((n) => n.id)).toEqual([other.id, parent.id]);
    expect(tree[1]!.children.map((n) => n.id)).toEqual([child.id]);
    expect(tree[1]!.children[0]!.children).toEqual([]);
    expect(tree[1]!.counts.total).toBe(3);
    expect(tree[1]!.children[0]!.counts.total).toBe(1);
  });
});

describe('editing, moving, completing and reopening', () => {
  let team: Team;
  beforeAll(async () => {
    team = await createTeam(1);
  });

  it('edits at the version read and refuses a stale one', async () => {
    const sheet = await createSheet(team.owner, team, { startDate: '2026-03-02' });
    const res = await putSheet(team.owner, team, sheet, {
      name: 'Renamed',
      description: 'Now with text',
      ownerId: team.members[0]!.userId,
      endDate: '2026-03-03',
    });
    const edited = expectStatus(res, 200).data;
    expect(edited).toMatchObject({
      name: 'Renamed',
      description: 'Now with text',
      owner: summary(team.members[0]!),
      startDate: '2026-03-02',
      endDate: '2026-03-03',
      version: 2,
    });
    const stale = await putSheet(team.owner, team, sheet, { name: 'Again' });
    expect(stale.status).toBe(409);
    expect(errorOf(stale)).toBe('Test sheet Renamed was changed by someone else; reload and try again');
    // The stored start date with a new end date before it.
    const early = await putSheet(team.owner, team, edited, { endDate: '2026-03-01' });
    expect(errorOf(expectStatus(early, 400))).toBe('endDate: EndDate must be on or after startDate');
    const cleared = expectStatus(
      await putSheet(team.owner, team, edited, { ownerId: null, startDate: null }),
      200,
    ).data;
    expect(cleared).toMatchObject({ owner: null, startDate: null, endDate: '2026-03-03', version: 3 });
    // Nothing changed: the same version.
    expect(
      expectStatus(await putSheet(team.owner, team, cleared, { name: 'Renamed' }), 200).data.version,
    ).toBe(3);
  });

  it('moves sheets within the tree, refusing cycles and more than five levels', async () => {
    const levels: Sheet[] = [];
    for (let i = 0; i < 5; i += 1) {
      levels.push(
        await createSheet(team.owner, team, { name: `Level ${i + 1}`, root_id: levels[i - 1]?.id ?? null }),
      );
    }
    const deep = await team.owner.client.post(sheetsBase(team), {
      pmsProjectId: team.project.id,
      name: 'Level 6',
      root_id: levels[4]!.id,
    });
    expect(errorOf(expectStatus(deep, 400))).toBe('root_id: Sheets may be at most 5 levels deep');
    const top = levels[0]!;
    const cycle = await putSheet(team.owner, team, top, { root_id: levels[2]!.id });
    expect(errorOf(expectStatus(cycle, 400))).toBe(
      'root_id: A sheet cannot move under itself or one of its sub-sheets',
    );
    // A two-level subtree under a sheet at level 4 would reach level 6.
    const pair = await createSheet(team.owner, team, { name: 'Pair' });
    await createSheet(team.owner, team, { name: 'Pair child', root_id: pair.id });
    const tooDeep = await putSheet(team.owner, team, pair, { root_id: levels[3]!.id });
    expect(errorOf(expectStatus(tooDeep, 400))).toBe('root_id: Sheets may be at most 5 levels deep');
    const moved = expectStatus(await putSheet(team.owner, team, pair, { root_id: levels[2]!.id }), 200).data;
    expect(moved).toMatchObject({ root_id: levels[2]!.id, version: 2 });
    const back = expectStatus(await putSheet(team.owner, team, moved, { root_id: null }), 200).data;
    expect(back.root_id).toBe(null);
  });

  it('completes and reopens; other moves are 409', async () => {
    const sheet = await createSheet(team.owner, team);
    const reopen = await putSheet(team.owner, team, sheet, { status: 1 });
    expect(errorOf(expectStatus(reopen, 409))).toBe(
      `Test sheet ${sheet.name} is not completed, so it cannot be reopened; it starts by itself with its first result`,
    );
    const done = expectStatus(await putSheet(team.owner, team, sheet, { status: 2 }), 200).data;
    expect(done).toMatchObject({ status: 2, statusName: 'Completed', version: 2 });
    expect(done.completedAt).toBe(done.updatedAt);
    const again = await putSheet(team.owner, team, done, { status: 2 });
    expect(errorOf(expectStatus(again, 409))).toBe(`Test sheet ${sheet.name} is completed already`);
    const reopened = expectStatus(await putSheet(team.owner, team, done, { status: 1 }), 200).data;
    expect(reopened).toMatchObject({ status: 1, statusName: 'In progress', completedAt: null, version: 3 });
    const bad = await putSheet(team.owner, team, reopened, { status: 0 });
    expect(errorOf(expectStatus(bad, 400))).toBe('status: Status must be 1 (reopen) or 2 (complete)');
  });

  it('starts by itself with its first recorded result, in that transaction', async () => {
    const { sheet, rows } = await sheetWithCases(team.owner, team, 2);
    // "Not executed" is a run but does not start the sheet.
    const reset = await recordResult(team.owner, team, rows[0]!, 0);
    expect((await getSheet(team.owner, team, sheet.id)).status).toBe(0);
    await recordResult(team.owner, team, reset, 3, 'Environment down');
    const started = await getSheet(team.owner, team, sheet.id);
    expect(started).toMatchObject({ status: 1, statusName: 'In progress', version: 2 });
    // An edit read before the start is stale.
    expect((await putSheet(team.owner, team, sheet, { name: 'Late' })).status).toBe(409);
    await recordResult(team.owner, team, rows[1]!, 1);
    expect((await getSheet(team.owner, team, sheet.id)).version).toBe(2);
    // Recording into a completed sheet keeps it completed.
    const done = expectStatus(await putSheet(team.owner, team, started, { status: 2 }), 200).data;
    const row = (await listSheetCases(team.owner, team, sheet.id)).rows[1]!;
    await recordResult(team.owner, team, row, 2);
    expect(await getSheet(team.owner, team, sheet.id)).toMatchObject({ status: 2, version: done.version });
  });
});

describe('deleting a sheet', () => {
  let team: Team;
  beforeAll(async () => {
    team = await createTeam(1);
  });

  it('refuses while it has sub-sheets, then deletes it with its cases and runs', async () => {
    const { sheet, rows } = await sheetWithCases(team.owner, team, 2);
    await recordResult(team.owner, team, rows[0]!, 1);
    const sub = await createSheet(team.owner, team, { root_id: sheet.id });
    const refused = await team.owner.client.delete(`${sheetsBase(team)}/${sheet.id}`);
    expect(refused.status).toBe(409);
    expect(errorOf(refused)).toBe(`Test sheet ${sheet.name} has 1 sub-sheet; delete or move them first`);
    expectStatus(await team.owner.client.delete(`${sheetsBase(team)}/${sub.id}`), 200);
    expectStatus(await team.owner.client.delete(`${sheetsBase(team)}/${sheet.id}`), 200);
    expect((await team.owner.client.get(`${sheetsBase(team)}/${sheet.id}`)).status).toBe(404);
    const gone = await team.owner.client.get(
      `/api/pms/${team.enterprise.enterpriseIdentifier}/pmsProjectTestsheetCases/${rows[0]!.id}`,
    );
    expect(gone.status).toBe(404);
    expect((await team.owner.client.delete(`${sheetsBase(team)}/${sheet.id}`)).status).toBe(404);
    const list = await team.owner.client.get(`${sheetsBase(team)}/list?pmsProjectId=${team.project.id}`);
    expect(expectStatus(list, 200).data.total).toBe(0);
  });

  it('keeps the library cases', async () => {
    const { sheet, caseIds, rows } = await sheetWithCases(team.owner, team, 1);
    expect((await getSheetCase(team.owner, team, rows[0]!.id)).caseId).toBe(caseIds[0]);
    expectStatus(await team.owner.client.delete(`${sheetsBase(team)}/${sheet.id}`), 200);
    const library = await team.owner.client.get(
      `/api/pms/${team.enterprise.enterpriseIdentifier}/pmsProjectTestcase/${caseIds[0]}`,
    );
    expect(library.status).toBe(200);
  });
});
