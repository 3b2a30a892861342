/**
 * The cases of a test sheet (`pmsProjectTestsheetCases`, docs/api-conventions.md "Test
 * management"): adding library cases, the list and its filters, recording results 0-4 with
 * their runs, batchUpdate, the detail (steps, runs, the case's live fields or its copy once
 * deleted), removing cases, and the refusals (400, 404, 409, other projects and enterprises).
 */
import type { SheetCaseRow } from '@shared/schemas/testruns';
import { beforeAll, describe, expect, it } from 'vitest';
import { casesBase, createCase, createCaseModule } from './case-fixtures';
import { createRole, expectStatus, setRoles, type TestUser } from './helpers';
import { createProject, createTeam, type Team } from './issue-fixtures';
import {
  addCases,
  createSheet,
  errorOf,
  getSheet,
  getSheetCase,
  listSheetCases,
  putResult,
  recordResult,
  sheetCasesBase,
  sheetWithCases,
} from './testrun-fixtures';

const summary = (user: TestUser) => ({ userId: user.userId, login: user.login, nickname: user.nickname });
const localOf = (id: string) => id.slice(id.lastIndexOf('.') + 1);

describe('adding cases to a sheet', () => {
  let team: Team;
  beforeAll(async () => {
    team = await createTeam(1);
  });

  it('adds library cases, skipping those already there, and lists them as rows', async () => {
    const sheet = await createSheet(team.owner, team);
    const a = await createCase(team.owner, team, team.project.id, { title: 'Sign in', priority: 2, type: 3 });
    const b = await createCase(team.owner, team, team.project.id, { title: 'Sign out' });
    expect(await addCases(team.owner, team, sheet.id, [a.id])).toEqual({ added: 1, skipped: 0 });
    expect(await addCases(team.owner, team, sheet.id, [b.id, a.id, b.id])).toEqual({ added: 1, skipped: 1 });
    const { rows, total } = await listSheetCases(team.owner, team, sheet.id);
    expect(total).toBe(2);
    expect(rows[0]).toEqual({
      id: `${team.project.id}.${localOf(sheet.id)}-${localOf(a.id)}`,
      projectTestsheetId: sheet.id,
      caseId: a.id,
      caseNumber: a.caseNumber,
      title: 'Sign in',
      moduleId: null,
      moduleName: '',
      type: 3,
      priority: 2,
      caseDeleted: false,
      result: 0,
      resultName: 'Not executed',
      executor: null,
      executedAt: null,
      note: '',
      assignee: null,
      linkIssueIds: [],
      runCount: 0,
      version: 1,
    });
    expect(rows[1]!.caseId).toBe(b.id);
    // Adding cases does not start the sheet.
    expect((await getSheet(team.owner, team, sheet.id)).status).toBe(0);
  });

  it('refuses unknown cases and cases of other projects or enterprises, adding nothing', async () => {
    const sheet = await createSheet(team.owner, team);
    const mine = await createCase(team.owner, team, team.project.id);
    const post = (caseIds: unknown) =>
      team.owner.client.post(sheetCasesBase(team), { projectTestsheetId: sheet.id, caseIds });
    const unknown = `${team.project.id}.nosuchcase`;
    expect(errorOf(expectStatus(await post([mine.id, unknown]), 404))).toBe(
      `Test case ${unknown} does not exist`,
    );
    const other = await createProject(team.owner, team.enterprise);
    const theirs = await createCase(team.owner, team, other.id);
    expect(errorOf(expectStatus(await post([mine.id, theirs.id]), 404))).toBe(
      `Test case ${theirs.id} does not exist`,
    );
    const stranger = await createTeam(0);
    const strangers = await createCase(stranger.owner, stranger, stranger.project.id);
    expect((await post([strangers.id])).status).toBe(404);
    expect((await listSheetCases(team.owner, team, sheet.id)).total).toBe(0);
    expect(errorOf(expectStatus(await post([]), 400))).toBe('caseIds: Please enter caseIds');
    const noSheet = await team.owner.client.post(sheetCasesBase(team), {
      projectTestsheetId: `${team.project.id}.nosuchsheet`,
      caseIds: [mine.id],
    });
    expect(errorOf(expectStatus(noSheet, 404))).toBe(
      `Test sheet ${team.project.id}.nosuchsheet does not exist`,
    );
    // Another enterprise's sheet through ours.
    const theirSheet = await createSheet(stranger.owner, stranger);
    const foreign = await team.owner.client.post(sheetCasesBase(team), {
      projectTestsheetId: theirSheet.id,
      caseIds: [mine.id],
    });
    expect(foreign.status).toBe(404);
  });

  it('needs test:sheet:edit to add and test:sheet:execute to record', async () => {
    const { sheet, rows } = await sheetWithCases(team.owner, team, 1);
    const member = team.members[0]!;
    const extra = await createCase(team.owner, team, team.project.id);
    // The built-in member role records results but does not edit sheets.
    const add = await member.client.post(sheetCasesBase(team), {
      projectTestsheetId: sheet.id,
      caseIds: [extra.id],
    });
    expect(add.status).toBe(403);
    expect((await putResult(member, team, rows[0]!, { result: 1 })).status).toBe(200);
    const readOnly = await createRole(team.owner, team.enterprise, ['test:sheet:list']);
    await setRoles(team.owner, team.enterprise, member, [readOnly.roleId]);
    const row = (await listSheetCases(member, team, sheet.id)).rows[0]!;
    expect((await putResult(member, team, row, { result: 2 })).status).toBe(403);
    expect((await member.client.delete(`${sheetCasesBase(team)}/${row.id}`)).status).toBe(403);
  });
});

describe('the list of a sheet', () => {
  let team: Team;
  let rows: SheetCaseRow[];
  let sheetId: string;
  let parentModule: string;
  let childModule: string;

  beforeAll(async () => {
    team = await createTeam(1);
    const parent = await createCaseModule(team.owner, team.enterprise, team.project.id, 'Accounts');
    const child = await createCaseModule(team.owner, team.enterprise, team.project.id, 'Login', parent.id);
    parentModule = parent.id;
    childModule = child.id;
    const made = await sheetWithCases(team.owner, team, [
      { title: 'Create an account', moduleId: parent.id },
      { title: 'Log in with a password', moduleId: child.id },
      { title: 'Export a report' },
      { title: 'Log out' },
    ]);
    sheetId = made.sheet.id;
    await recordResult(team.owner, team, made.rows[0]!, 1);
    await recordResult(team.owner, team, made.rows[1]!, 2);
    const assigned = await putResult(team.owner, team, made.rows[3]!, {
      result: 0,
      assigneeId: team.members[0]!.userId,
    });
    expectStatus(assigned, 200);
    rows = (await listSheetCases(team.owner, team, sheetId)).rows;
  });

  const titles = async (filters: Record<string, string | number>) =>
    (await listSheetCases(team.owner, team, sheetId, filters)).rows.map((r) => r.title);

  it('orders by case number and shows module paths', () => {
    expect(rows.map((r) => r.title)).toEqual([
      'Create an account',
      'Log in with a password',
      'Export a report',
      'Log out',
    ]);
    expect(rows.map((r) => r.caseNumber)).toEqual([1, 2, 3, 4]);
    expect(rows.map((r) => r.moduleName)).toEqual(['Accounts', 'Accounts / Login', '', '']);
    expect(rows[3]!.assignee).toEqual(summary(team.members[0]!));
  });

  it('filters by result, module with sub-modules, assignee and keyword', async () => {
    expect(await titles({ result: 1 })).toEqual(['Create an account']);
    expect(await titles({ result: 0 })).toEqual(['Export a report', 'Log out']);
    expect(await titles({ moduleId: parentModule })).toEqual(['Create an account', 'Log in with a password']);
    expect(await titles({ moduleId: childModule })).toEqual(['Log in with a password']);
    expect(await titles({ moduleId: 'none' })).toEqual(['Export a report', 'Log out']);
    expect(await titles({ assigneeId: team.members[0]!.userId })).toEqual(['Log out']);
    expect(await titles({ keyword: 'LOG' })).toEqual(['Log in with a password', 'Log out']);
    expect(await titles({ keyword: 'log password' })).toEqual(['Log in with a password']);
    expect(await titles({ keyword: 'TC-3' })).toEqual(['Export a report']);
    expect(await titles({ keyword: '4' })).toEqual(['Log out']);
  });

  it('pages', async () => {
    const query = new URLSearchParams({ projectTestsheetId: sheetId, pageSize: '3', pageNum: '2' });
    const page = expectStatus(await team.owner.client.get(`${sheetCasesBase(team)}/list?${query}`), 200).data;
    expect(page).toMatchObject({ total: 4, pageNum: 2, pageSize: 3 });
    expect(page.rows.map((r: SheetCaseRow) => r.title)).toEqual(['Log out']);
  });
});

describe('recording results', () => {
  let team: Team;
  beforeAll(async () => {
    team = await createTeam(1);
  });

  it('records each result 0-4 as a run; the row shows the latest, the detail every run', async () => {
    const { rows } = await sheetWithCases(team.owner, team, 1);
    let row = rows[0]!;
    const notes = ['', 'Looks fine', 'Button does nothing', 'No test data', 'Out of scope'];
    for (const result of [1, 2, 3, 4, 0]) {
      row = await recordResult(team.owner, team, row, result, notes[result] || undefined);
    }
    expect(row).toMatchObject({
      result: 0,
      resultName: 'Not executed',
      executor: summary(team.owner),
      note: '',
      runCount: 5,
      version: 6,
    });
    const detail = await getSheetCase(team.owner, team, row.id);
    expect(detail.runs.map((r) => [r.result, r.resultName, r.note])).toEqual([
      [0, 'Not executed', ''],
      [4, 'Skipped', 'Out of scope'],
      [3, 'Blocked', 'No test data'],
      [2, 'Failed', 'Button does nothing'],
      [1, 'Passed', 'Looks fine'],
    ]);
    expect(detail.runs.every((r) => r.executor.userId === team.owner.userId)).toBe(true);
    expect(detail.runs[0]!.executedAt).toBe(row.executedAt);
    const times = detail.runs.map((r) => r.executedAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('records who ran it and sets the assignee', async () => {
    const { rows } = await sheetWithCases(team.owner, team, 1);
    const member = team.members[0]!;
    const res = await putResult(member, team, rows[0]!, {
      result: 2,
      note: 'Crash',
      assigneeId: member.userId,
    });
    const row = expectStatus(res, 200).data;
    expect(row).toMatchObject({
      result: 2,
      resultName: 'Failed',
      executor: summary(member),
      note: 'Crash',
      assignee: summary(member),
      runCount: 1,
      version: 2,
    });
    expect(row.executedAt).not.toBe(null);
    const cleared = expectStatus(
      await putResult(member, team, row, { result: 1, assigneeId: null }),
      200,
    ).data;
    expect(cleared).toMatchObject({ assignee: null, note: '', result: 1 });
  });

  it('refuses a stale version, a bad result and an assignee outside the project', async () => {
    const { rows } = await sheetWithCases(team.owner, team, 1);
    const row = await recordResult(team.owner, team, rows[0]!, 1);
    const stale = await putResult(team.owner, team, rows[0]!, { result: 2 });
    expect(errorOf(expectStatus(stale, 409))).toBe(
      `Sheet case TC-${row.caseNumber} ${row.title} was changed by someone else; reload and try again`,
    );
    const bad = await putResult(team.owner, team, row, { result: 7 });
    expect(errorOf(expectStatus(bad, 400))).toBe(
      'result: Result must be 0 (not executed), 1 (passed), 2 (failed), 3 (blocked) or 4 (skipped)',
    );
    const missing = await team.owner.client.put(`${sheetCasesBase(team)}/${row.id}`, { result: 1 });
    expect(errorOf(expectStatus(missing, 400))).toBe('version: Please enter version');
    const outsider = await putResult(team.owner, team, row, { result: 1, assigneeId: team.outsider.userId });
    expect(errorOf(expectStatus(outsider, 400))).toBe(
      `assigneeId: User ${team.outsider.userId} is not a member of this project`,
    );
    const unknown = `${team.project.id}.nosheet-nocase`;
    const res = await team.owner.client.put(`${sheetCasesBase(team)}/${unknown}`, { result: 1, version: 1 });
    expect(errorOf(expectStatus(res, 404))).toBe(`Sheet case ${unknown} does not exist`);
    expect((await team.owner.client.get(`${sheetCasesBase(team)}/not-an-id`)).status).toBe(404);
    const stranger = await createTeam(0);
    const theirs = await sheetWithCases(stranger.owner, stranger, 1);
    expect((await team.owner.client.get(`${sheetCasesBase(team)}/${theirs.rows[0]!.id}`)).status).toBe(404);
    expect((await putResult(team.owner, team, theirs.rows[0]!, { result: 1 })).status).toBe(404);
  });
});

describe('batchUpdate', () => {
  let team: Team;
  beforeAll(async () => {
    team = await createTeam(1);
  });

  const batch = (body: object) => team.owner.client.put(`${sheetCasesBase(team)}/batchUpdate`, body);

  it('records one result for several cases (a run each) and starts the sheet, in one transaction', async () => {
    const { sheet, rows } = await sheetWithCases(team.owner, team, 3);
    const ids = [rows[2]!.id, rows[0]!.id];
    const res = expectStatus(await batch({ idList: ids, result: 3, note: 'Server down' }), 200)
      .data as SheetCaseRow[];
    expect(res.map((r) => [r.id, r.result, r.note, r.runCount, r.version])).toEqual([
      [rows[2]!.id, 3, 'Server down', 1, 2],
      [rows[0]!.id, 3, 'Server down', 1, 2],
    ]);
    expect((await getSheet(team.owner, team, sheet.id)).status).toBe(1);
    const detail = await getSheetCase(team.owner, team, rows[0]!.id);
    expect(detail.runs.map((r) => [r.result, r.note])).toEqual([[3, 'Server down']]);
    expect((await getSheetCase(team.owner, team, rows[1]!.id)).runs).toEqual([]);
  });

  it('sets the assignee alone without recording runs', async () => {
    const { sheet, rows } = await sheetWithCases(team.owner, team, 2);
    const member = team.members[0]!;
    const res = await batch({ idList: rows.map((r) => r.id), assigneeId: member.userId });
    const updated = expectStatus(res, 200).data as SheetCaseRow[];
    expect(updated.map((r) => [r.assignee?.userId, r.result, r.runCount, r.version])).toEqual([
      [member.userId, 0, 0, 2],
      [member.userId, 0, 0, 2],
    ]);
    expect((await getSheet(team.owner, team, sheet.id)).status).toBe(0);
  });

  it('refuses a note without a result, naming note, and changes nothing (the assignee neither)', async () => {
    const { rows } = await sheetWithCases(team.owner, team, 2);
    const member = team.members[0]!;
    const ids = rows.map((r) => r.id);
    const res = expectStatus(
      await batch({ idList: ids, note: 'Blocked by the login bug', assigneeId: member.userId }),
      400,
    );
    expect(errorOf(res)).toBe('note: A note is recorded with a result; send result too');
    for (const id of ids) {
      const detail = await getSheetCase(team.owner, team, id);
      expect([detail.assignee, detail.note, detail.runCount, detail.version]).toEqual([null, '', 0, 1]);
    }
    // An empty note loses nothing: the assignee alone is set.
    expectStatus(await batch({ idList: ids, note: '', assigneeId: member.userId }), 200);
  });

  it('refuses fields it does not know, naming them, instead of dropping them', async () => {
    const { rows } = await sheetWithCases(team.owner, team, 1);
    const res = expectStatus(await batch({ idList: [rows[0]!.id], result: 1, notes: 'Typo of note' }), 400);
    expect(errorOf(res)).toBe('body: Notes is not a field of this call');
    expect((await getSheetCase(team.owner, team, rows[0]!.id)).runCount).toBe(0);
  });

  it('refuses bad batches, changing nothing', async () => {
    const { rows } = await sheetWithCases(team.owner, team, 1);
    const other = await sheetWithCases(team.owner, team, 1);
    const unknown = `${team.project.id}.nosheet-nocase`;
    expect(errorOf(expectStatus(await batch({ idList: [rows[0]!.id, unknown], result: 1 }), 404))).toBe(
      `Sheet case ${unknown} does not exist`,
    );
    expect((await getSheetCase(team.owner, team, rows[0]!.id)).runCount).toBe(0);
    expect(
      errorOf(expectStatus(await batch({ idList: [rows[0]!.id, other.rows[0]!.id], result: 1 }), 400)),
    ).toBe('idList: The sheet cases must all belong to one test sheet');
    expect(errorOf(expectStatus(await batch({ idList: [rows[0]!.id] }), 400))).toBe(
      'idList: Please enter result or assigneeId',
    );
    expect(errorOf(expectStatus(await batch({ idList: [], result: 1 }), 400))).toBe(
      'idList: Please enter idList',
    );
    // 45 cases with their runs and the sheet's start fit one transaction; 46 are refused.
    const tooMany = Array.from({ length: 46 }, (_, i) => `${rows[0]!.id.slice(0, -2)}${i}`);
    expect(errorOf(expectStatus(await batch({ idList: tooMany, result: 1 }), 400))).toBe(
      'idList: IdList may hold at most 45 sheet cases',
    );
    expect(errorOf(expectStatus(await batch({ idList: [rows[0]!.id], result: 9 }), 400))).toMatch(
      /^result: /,
    );
  });
});

describe('one sheet case', () => {
  let team: Team;
  beforeAll(async () => {
    team = await createTeam(1);
  });

  it("shows the case's steps and live fields, and its copy once the case is deleted", async () => {
    const module = await createCaseModule(team.owner, team.enterprise, team.project.id, 'Billing');
    const { rows, caseIds } = await sheetWithCases(team.owner, team, [
      {
        title: 'Pay an invoice',
        moduleId: module.id,
        priority: 1,
        precondition: 'An open invoice',
        steps: [{ step: 'Open the invoice', expected: 'It shows the amount' }, { step: 'Pay' }],
      },
    ]);
    const detail = await getSheetCase(team.owner, team, rows[0]!.id);
    expect(detail).toEqual({
      ...rows[0],
      precondition: 'An open invoice',
      steps: [
        { step: 'Open the invoice', expected: 'It shows the amount' },
        { step: 'Pay', expected: '' },
      ],
      runs: [],
      linkedIssues: [],
    });
    expect(detail).toMatchObject({
      title: 'Pay an invoice',
      moduleName: 'Billing',
      priority: 1,
      caseDeleted: false,
    });
    // An edit of the library case shows in the sheet.
    const edit = await team.owner.client.put(`${casesBase(team.enterprise)}/${caseIds[0]}`, {
      version: 1,
      title: 'Pay an invoice by card',
      priority: 2,
    });
    expectStatus(edit, 200);
    expect(await getSheetCase(team.owner, team, rows[0]!.id)).toMatchObject({
      title: 'Pay an invoice by card',
      priority: 2,
      caseDeleted: false,
    });
    // Once deleted, the sheet keeps what the case was when it was added.
    expectStatus(await team.owner.client.delete(`${casesBase(team.enterprise)}/${caseIds[0]}`), 200);
    const kept = await getSheetCase(team.owner, team, rows[0]!.id);
    expect(kept).toMatchObject({
      title: 'Pay an invoice',
      priority: 1,
      moduleId: module.id,
      moduleName: 'Billing',
      caseDeleted: true,
      precondition: '',
      steps: [],
    });
    const row = (await listSheetCases(team.owner, team, rows[0]!.projectTestsheetId)).rows[0]!;
    expect(row).toMatchObject({ title: 'Pay an invoice', caseDeleted: true });
    // Results can still be recorded.
    expect((await recordResult(team.owner, team, row, 1)).result).toBe(1);
  });
});

describe('removing cases from a sheet', () => {
  let team: Team;
  beforeAll(async () => {
    team = await createTeam(1);
  });

  it('removes them with their runs, all or nothing', async () => {
    const { sheet, rows, caseIds } = await sheetWithCases(team.owner, team, 3);
    await recordResult(team.owner, team, rows[0]!, 2, 'Broken');
    const unknown = `${team.project.id}.nosheet-nocase`;
    const refused = await team.owner.client.delete(`${sheetCasesBase(team)}/${rows[0]!.id},${unknown}`);
    expect(errorOf(expectStatus(refused, 404))).toBe(`Sheet case ${unknown} does not exist`);
    expect((await listSheetCases(team.owner, team, sheet.id)).total).toBe(3);
    const removed = await team.owner.client.delete(`${sheetCasesBase(team)}/${rows[0]!.id},${rows[1]!.id}`);
    expectStatus(removed, 200);
    expect((await listSheetCases(team.owner, team, sheet.id)).rows.map((r) => r.id)).toEqual([rows[2]!.id]);
    expect((await team.owner.client.get(`${sheetCasesBase(team)}/${rows[0]!.id}`)).status).toBe(404);
    // Added again, the case starts afresh: its old runs went with it.
    expect(await addCases(team.owner, team, sheet.id, [caseIds[0]!])).toEqual({ added: 1, skipped: 0 });
    const again = await getSheetCase(team.owner, team, rows[0]!.id);
    expect(again).toMatchObject({ result: 0, runCount: 0, runs: [], version: 1 });
    expect(errorOf(expectStatus(await team.owner.client.delete(`${sheetCasesBase(team)}/,`), 400))).toBe(
      'ids: Please enter comma-separated sheet case ids',
    );
  });
});
