/**
 * Work items linked to sheet cases (`pmsProjectTestsheetIssues`, docs/api-conventions.md "Test
 * management"): filing a bug from a failed case (the bug and the link in one transaction), the
 * lists by sheet case and by sheet, linking and unlinking existing items, deleting a link or the
 * work item itself, the limits and the refusals.
 */
import { MAX_SHEET_CASE_ISSUES } from '@shared/domain/testing';
import type { SheetIssueRow } from '@shared/schemas/testruns';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_SHEET_LINKS_ON_DELETE } from '../../functions/src/modules/testruns/sheet-cases';
import { getCase, listCases } from './case-fixtures';
import { createRole, expectStatus, setRoles, type TestUser } from './helpers';
import { createIssue, createProject, createTeam, getIssue, type Team } from './issue-fixtures';
import {
  errorOf,
  getSheetCase,
  recordResult,
  type SheetWithCases,
  sheetIssuesBase,
  sheetWithCases,
} from './testrun-fixtures';

const summary = (user: TestUser) => ({ userId: user.userId, login: user.login, nickname: user.nickname });

async function linksOf(actor: TestUser, team: Team, query: Record<string, string>) {
  const params = new URLSearchParams({ pageSize: '100', ...query });
  const res = await actor.client.get(`${sheetIssuesBase(team)}/list?${params}`);
  return expectStatus(res, 200).data as { rows: SheetIssueRow[]; total: number };
}

describe('filing a bug from a failed case', () => {
  let team: Team;
  let made: SheetWithCases;

  beforeAll(async () => {
    team = await createTeam(1);
    made = await sheetWithCases(
      team.owner,
      team,
      [
        {
          title: 'Pay an invoice',
          priority: 2,
          precondition: 'An open invoice',
          steps: [
            { step: 'Open the invoice', expected: 'It shows the amount' },
            { step: 'Press Pay', expected: 'A receipt' },
            { step: 'Close it' },
          ],
        },
      ],
      { name: 'Release 2' },
    );
    await recordResult(team.owner, team, made.rows[0]!, 2, 'Error 500 after Pay');
  });

  it('creates a bug prefilled from the case and links it, both ways', async () => {
    const row = made.rows[0]!;
    const res = await team.owner.client.post(sheetIssuesBase(team), { projectTestsheetCasesId: row.id });
    const filed = expectStatus(res, 201).data;
    const issueId = filed.issueId as string;
    expect(filed.link).toEqual({
      id: `${row.id}~${issueId}`,
      projectTestsheetCasesId: row.id,
      caseTitle: 'Pay an invoice',
      issue: {
        id: issueId,
        issueNumber: 1,
        pmIssueType: 3,
        title: `[TC-${row.caseNumber}] Pay an invoice failed`,
        status: 1,
        statusName: 'To fix',
        priority: 2,
        assignee: null,
      },
      linkedAt: filed.link.linkedAt,
    });
    const bug = await getIssue(team.owner, team, issueId);
    expect(bug).toMatchObject({ pmIssueType: 3, priority: 2, pmsProjectId: team.project.id });
    const page = `/${team.enterprise.enterpriseIdentifier}/projects/${team.project.id}/test/sheet/${made.sheet.id}/caseDetail/${row.id}`;
    expect(bug.description).toBe(
      [
        `Found while running TC-${row.caseNumber} Pay an invoice in test sheet [Release 2](${page}).`,
        '### Preconditions',
        'An open invoice',
        '### Steps',
        '1. Open the invoice\n   - Expected: It shows the amount\n2. Press Pay\n   - Expected: A receipt\n3. Close it',
        '### Actual result',
        'Error 500 after Pay',
      ].join('\n\n'),
    );
    // The sheet case lists it, and both lists show the link.
    const detail = await getSheetCase(team.owner, team, row.id);
    expect(detail.linkIssueIds).toEqual([issueId]);
    expect(detail.linkedIssues).toEqual([filed.link.issue]);
    expect((await linksOf(team.owner, team, { projectTestsheetCasesId: row.id })).rows).toEqual([filed.link]);
    expect((await linksOf(team.owner, team, { projectTestsheetId: made.sheet.id })).rows).toEqual([
      filed.link,
    ]);
    // The library case is linked to the bug as well: it shows on the case and in the bug's cases.
    expect((await getCase(team.owner, team, row.caseId)).linkedIssues.map((i) => i.id)).toEqual([issueId]);
    const linkedCases = await listCases(team.owner, team, team.project.id, { issueId });
    expect(linkedCases.rows.map((c) => ({ id: c.id, count: c.linkedIssueCount }))).toEqual([
      { id: row.caseId, count: 1 },
    ]);
  });

  it('takes the title, description, priority and assignee given', async () => {
    const member = team.members[0]!;
    const res = await team.owner.client.post(sheetIssuesBase(team), {
      projectTestsheetCasesId: made.rows[0]!.id,
      title: 'Pay button broken',
      description: 'See the log',
      priority: 1,
      assigneeId: member.userId,
    });
    const filed = expectStatus(res, 201).data;
    expect(filed.link.issue).toMatchObject({
      title: 'Pay button broken',
      priority: 1,
      assignee: summary(member),
    });
    expect((await getIssue(team.owner, team, filed.issueId)).description).toBe('See the log');
    expect((await getSheetCase(team.owner, team, made.rows[0]!.id)).linkIssueIds).toHaveLength(2);
  });

  it('refuses an assignee outside the project, creating nothing', async () => {
    const before = await getSheetCase(team.owner, team, made.rows[0]!.id);
    const res = await team.owner.client.post(sheetIssuesBase(team), {
      projectTestsheetCasesId: made.rows[0]!.id,
      assigneeId: team.outsider.userId,
    });
    expect(errorOf(expectStatus(res, 400))).toBe(
      `assigneeId: User ${team.outsider.userId} is not a member of this project`,
    );
    expect(await getSheetCase(team.owner, team, made.rows[0]!.id)).toEqual(before);
    const unknown = `${team.project.id}.nosheet-nocase`;
    const missing = await team.owner.client.post(sheetIssuesBase(team), { projectTestsheetCasesId: unknown });
    expect(errorOf(expectStatus(missing, 404))).toBe(`Sheet case ${unknown} does not exist`);
  });

  it('lets whoever records results file a bug, and no one else', async () => {
    const member = team.members[0]!;
    const reader = await createRole(team.owner, team.enterprise, ['test:sheet:list', 'project:issue:add']);
    await setRoles(team.owner, team.enterprise, member, [reader.roleId]);
    const refused = await member.client.post(sheetIssuesBase(team), {
      projectTestsheetCasesId: made.rows[0]!.id,
    });
    expect(errorOf(expectStatus(refused, 403))).toBe('You need the permission test:sheet:execute');
    const role = await createRole(team.owner, team.enterprise, ['test:sheet:list', 'test:sheet:execute']);
    await setRoles(team.owner, team.enterprise, member, [role.roleId]);
    const res = await member.client.post(sheetIssuesBase(team), {
      projectTestsheetCasesId: made.rows[0]!.id,
    });
    expect(res.status).toBe(201);
    // Linking existing items needs test:sheet:execute only.
    const item = await createIssue(team.owner, team);
    const link = await member.client.post(`${sheetIssuesBase(team)}/batchAdd`, {
      projectTestsheetCasesId: made.rows[0]!.id,
      linkIssueIds: [item.id],
    });
    expect(link.status).toBe(200);
  });

  it('deleting the bug removes its links from the sheet case and the library case', async () => {
    const { rows } = await sheetWithCases(team.owner, team, 1);
    const filed = expectStatus(
      await team.owner.client.post(sheetIssuesBase(team), { projectTestsheetCasesId: rows[0]!.id }),
      201,
    ).data;
    expectStatus(await team.owner.client.delete(`${team.base}/${filed.issueId}`), 200);
    const detail = await getSheetCase(team.owner, team, rows[0]!.id);
    expect(detail).toMatchObject({ linkIssueIds: [], linkedIssues: [], version: 3 });
    expect((await linksOf(team.owner, team, { projectTestsheetCasesId: rows[0]!.id })).total).toBe(0);
    const libraryCase = await getCase(team.owner, team, rows[0]!.caseId);
    expect({ links: libraryCase.linkedIssues, count: libraryCase.linkedIssueCount }).toEqual({
      links: [],
      count: 0,
    });
  });
  it('refuses to delete an item linked to more sheet cases than its delete can update', async () => {
    const { rows } = await sheetWithCases(team.owner, team, MAX_SHEET_LINKS_ON_DELETE + 1);
    const item = await createIssue(team.owner, team);
    const link = (row: { id: string }) =>
      team.owner.client.post(`${sheetIssuesBase(team)}/batchAdd`, {
        projectTestsheetCasesId: row.id,
        linkIssueIds: [item.id],
      });
    for (const row of rows) expectStatus(await link(row), 200);
    const refused = await team.owner.client.delete(`${team.base}/${item.id}`);
    expect(errorOf(expectStatus(refused, 409))).toBe(
      `Work item #${item.issueNumber} is linked to ${rows.length} sheet cases; unlink some first (at most ${MAX_SHEET_LINKS_ON_DELETE} go with it)`,
    );
    const unlinked = await team.owner.client.put(`${sheetIssuesBase(team)}/unlink`, {
      projectTestsheetCasesId: rows[0]!.id,
      linkIssueIds: [item.id],
    });
    expectStatus(unlinked, 200);
    expectStatus(await team.owner.client.delete(`${team.base}/${item.id}`), 200);
    const after = await linksOf(team.owner, team, { projectTestsheetId: rows[0]!.projectTestsheetId });
    expect(after.total).toBe(0);
  });
});

describe('linking existing work items', () => {
  let team: Team;
  beforeAll(async () => {
    team = await createTeam(1);
  });

  const batchAdd = (actor: TestUser, id: string, linkIssueIds: string[]) =>
    actor.client.post(`${sheetIssuesBase(team)}/batchAdd`, { projectTestsheetCasesId: id, linkIssueIds });
  const unlink = (id: string, linkIssueIds: string[]) =>
    team.owner.client.put(`${sheetIssuesBase(team)}/unlink`, { projectTestsheetCasesId: id, linkIssueIds });

  it('links, skips links that exist, unlinks and deletes one link; the items stay', async () => {
    const { rows } = await sheetWithCases(team.owner, team, [{ title: 'Search' }]);
    const a = await createIssue(team.owner, team, { pmIssueType: 3, title: 'Bug A' });
    const b = await createIssue(team.owner, team, {
      pmIssueType: 2,
      title: 'Task B',
      assigneeId: team.members[0]!.userId,
    });
    const linked = expectStatus(await batchAdd(team.owner, rows[0]!.id, [a.id, b.id]), 200)
      .data as SheetIssueRow[];
    expect(linked.map((r) => [r.id, r.caseTitle, r.issue.title, r.issue.assignee?.userId ?? null])).toEqual([
      [`${rows[0]!.id}~${a.id}`, 'Search', 'Bug A', null],
      [`${rows[0]!.id}~${b.id}`, 'Search', 'Task B', team.members[0]!.userId],
    ]);
    const again = expectStatus(await batchAdd(team.owner, rows[0]!.id, [b.id]), 200).data as SheetIssueRow[];
    expect(again).toEqual(linked);
    expect((await getSheetCase(team.owner, team, rows[0]!.id)).linkIssueIds).toEqual([a.id, b.id]);
    const left = expectStatus(await unlink(rows[0]!.id, [a.id]), 200).data as SheetIssueRow[];
    expect(left.map((r) => r.issue.id)).toEqual([b.id]);
    expectStatus(await team.owner.client.delete(`${sheetIssuesBase(team)}/${rows[0]!.id}~${b.id}`), 200);
    expect((await getSheetCase(team.owner, team, rows[0]!.id)).linkIssueIds).toEqual([]);
    const gone = await team.owner.client.delete(`${sheetIssuesBase(team)}/${rows[0]!.id}~${b.id}`);
    expect(errorOf(expectStatus(gone, 404))).toBe(`Link ${rows[0]!.id}~${b.id} does not exist`);
    expect((await team.owner.client.delete(`${sheetIssuesBase(team)}/nonsense`)).status).toBe(404);
    // The work items stay.
    expect((await getIssue(team.owner, team, a.id)).title).toBe('Bug A');
  });

  it('lists the links of a whole sheet by case number, and pages', async () => {
    const { sheet, rows } = await sheetWithCases(team.owner, team, [{ title: 'First' }, { title: 'Second' }]);
    const x = await createIssue(team.owner, team, { title: 'X' });
    const y = await createIssue(team.owner, team, { title: 'Y' });
    expectStatus(await batchAdd(team.owner, rows[1]!.id, [x.id]), 200);
    expectStatus(await batchAdd(team.owner, rows[0]!.id, [y.id, x.id]), 200);
    const all = await linksOf(team.owner, team, { projectTestsheetId: sheet.id });
    expect(all.rows.map((r) => [r.caseTitle, r.issue.title])).toEqual([
      ['First', 'Y'],
      ['First', 'X'],
      ['Second', 'X'],
    ]);
    const page = await linksOf(team.owner, team, {
      projectTestsheetId: sheet.id,
      pageSize: '2',
      pageNum: '2',
    });
    expect(page).toMatchObject({ total: 3 });
    expect(page.rows.map((r) => r.caseTitle)).toEqual(['Second']);
    const neither = await team.owner.client.get(`${sheetIssuesBase(team)}/list`);
    expect(errorOf(expectStatus(neither, 400))).toBe(
      'projectTestsheetCasesId: Please enter projectTestsheetCasesId or projectTestsheetId',
    );
  });

  it("refuses other projects' and unknown items, and more than the limit", async () => {
    const { rows } = await sheetWithCases(team.owner, team, 1);
    const other = await createProject(team.owner, team.enterprise);
    const foreign = await createIssue(team.owner, { base: team.base, project: other });
    const refused = await batchAdd(team.owner, rows[0]!.id, [foreign.id]);
    expect(errorOf(expectStatus(refused, 400))).toBe(
      `linkIssueIds: Work item ${foreign.id} is not a work item of this project`,
    );
    expect(errorOf(expectStatus(await batchAdd(team.owner, rows[0]!.id, ['nosuchitem']), 400))).toBe(
      'linkIssueIds: Work item nosuchitem is not a work item of this project',
    );
    const items = [];
    for (let i = 0; i <= MAX_SHEET_CASE_ISSUES; i += 1) items.push(await createIssue(team.owner, team));
    const first = items.slice(0, MAX_SHEET_CASE_ISSUES).map((i) => i.id);
    expect((expectStatus(await batchAdd(team.owner, rows[0]!.id, first), 200).data as unknown[]).length).toBe(
      MAX_SHEET_CASE_ISSUES,
    );
    const over = await batchAdd(team.owner, rows[0]!.id, [items[MAX_SHEET_CASE_ISSUES]!.id]);
    expect(errorOf(expectStatus(over, 409))).toBe(
      `Sheet case TC-${rows[0]!.caseNumber} may be linked to at most ${MAX_SHEET_CASE_ISSUES} work items; it would have ${MAX_SHEET_CASE_ISSUES + 1}`,
    );
    const filed = await team.owner.client.post(sheetIssuesBase(team), {
      projectTestsheetCasesId: rows[0]!.id,
    });
    expect(filed.status).toBe(409);
    // The refused bug was not created either: the next item gets the next number.
    const next = await createIssue(team.owner, team);
    expect(next.issueNumber).toBe(items[MAX_SHEET_CASE_ISSUES]!.issueNumber + 1);
  });

  it("does not let another enterprise's member see or change the links", async () => {
    const { rows } = await sheetWithCases(team.owner, team, 1);
    const item = await createIssue(team.owner, team);
    expectStatus(await batchAdd(team.owner, rows[0]!.id, [item.id]), 200);
    const stranger = await createTeam(0);
    const theirBase = sheetIssuesBase(stranger);
    const list = await stranger.owner.client.get(`${theirBase}/list?projectTestsheetCasesId=${rows[0]!.id}`);
    expect(list.status).toBe(404);
    const add = await stranger.owner.client.post(`${theirBase}/batchAdd`, {
      projectTestsheetCasesId: rows[0]!.id,
      linkIssueIds: [item.id],
    });
    expect(add.status).toBe(404);
    expect((await stranger.owner.client.delete(`${theirBase}/${rows[0]!.id}~${item.id}`)).status).toBe(404);
    expect((await getSheetCase(team.owner, team, rows[0]!.id)).linkIssueIds).toEqual([item.id]);
  });
});
