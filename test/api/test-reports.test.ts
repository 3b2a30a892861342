/**
 * Test reports (`testReport`, docs/api-conventions.md "Test management"): the snapshot a report
 * takes of a sheet's results and linked bugs, its charts, that later results, edits and
 * deletions never change it, the list, editing name and summary, deleting, and the refusals.
 */
import type { ReportChart, ReportDetail } from '@shared/schemas/testruns';
import { beforeAll, describe, expect, it } from 'vitest';
import { casesBase, createCaseModule } from './case-fixtures';
import { expectStatus, type TestUser } from './helpers';
import { createIssue, createTeam, type Team } from './issue-fixtures';
import {
  createReport,
  errorOf,
  listReports,
  putSheet,
  recordResult,
  reportsBase,
  type SheetWithCases,
  sheetIssuesBase,
  sheetsBase,
  sheetWithCases,
} from './testrun-fixtures';

const summary = (user: TestUser) => ({ userId: user.userId, login: user.login, nickname: user.nickname });

describe('a report and its snapshot', () => {
  let team: Team;
  let made: SheetWithCases;
  let report: ReportDetail;
  let chart: ReportChart;
  let bugId: string;
  let bugNumber: number;

  beforeAll(async () => {
    team = await createTeam(1);
    const module = await createCaseModule(team.owner, team.enterprise, team.project.id, 'Payments');
    made = await sheetWithCases(
      team.owner,
      team,
      [
        { title: 'Pay by card', moduleId: module.id, priority: 2 },
        { title: 'Pay by transfer', moduleId: module.id },
        { title: 'Export' },
        { title: 'Print', priority: 4 },
      ],
      { name: 'Release 3' },
    );
    const [card, transfer, exported] = made.rows;
    await recordResult(team.owner, team, card!, 1, 'Fine');
    await recordResult(team.members[0]!, team, transfer!, 2, 'Timeout');
    await recordResult(team.owner, team, exported!, 3);
    const filed = await team.owner.client.post(sheetIssuesBase(team), {
      projectTestsheetCasesId: transfer!.id,
      priority: 1,
    });
    bugId = expectStatus(filed, 201).data.issueId;
    bugNumber = expectStatus(filed, 201).data.link.issue.issueNumber;
    // A task linked to a case is not a bug: the report leaves it out.
    const task = await createIssue(team.owner, team, { pmIssueType: 2 });
    const link = await team.owner.client.post(`${sheetIssuesBase(team)}/batchAdd`, {
      projectTestsheetCasesId: exported!.id,
      linkIssueIds: [task.id],
    });
    expectStatus(link, 200);
    report = await createReport(team.owner, team, made.sheet.id, {
      name: 'RC report',
      summary: '**Ship it**',
    });
    chart = expectStatus(await team.owner.client.get(`${reportsBase(team)}/chart/${report.id}`), 200).data;
  });

  it("keeps every case's result and the linked bugs", () => {
    const [card, transfer, exported, printed] = made.rows;
    expect(report.id.startsWith(`${team.project.id}.`)).toBe(true);
    expect(report).toEqual({
      id: report.id,
      pmsProjectId: team.project.id,
      projectTestsheetId: made.sheet.id,
      sheetName: 'Release 3',
      name: 'RC report',
      summary: '**Ship it**',
      counts: { total: 4, notExecuted: 1, passed: 1, failed: 1, blocked: 1, skipped: 0, passRate: 1 / 3 },
      bugCount: 1,
      creator: summary(team.owner),
      createdAt: report.createdAt,
      updatedAt: report.createdAt,
      version: 1,
      cases: [
        {
          caseId: card!.caseId,
          caseNumber: card!.caseNumber,
          title: 'Pay by card',
          moduleName: 'Payments',
          priority: 2,
          result: 1,
          resultName: 'Passed',
          executorName: team.owner.nickname,
          executedAt: report.cases[0]!.executedAt,
          note: 'Fine',
        },
        {
          caseId: transfer!.caseId,
          caseNumber: transfer!.caseNumber,
          title: 'Pay by transfer',
          moduleName: 'Payments',
          priority: 3,
          result: 2,
          resultName: 'Failed',
          executorName: team.members[0]!.nickname,
          executedAt: report.cases[1]!.executedAt,
          note: 'Timeout',
        },
        {
          caseId: exported!.caseId,
          caseNumber: exported!.caseNumber,
          title: 'Export',
          moduleName: '',
          priority: 3,
          result: 3,
          resultName: 'Blocked',
          executorName: team.owner.nickname,
          executedAt: report.cases[2]!.executedAt,
          note: '',
        },
        {
          caseId: printed!.caseId,
          caseNumber: printed!.caseNumber,
          title: 'Print',
          moduleName: '',
          priority: 4,
          result: 0,
          resultName: 'Not executed',
          executorName: null,
          executedAt: null,
          note: '',
        },
      ],
      bugs: [
        {
          issueId: bugId,
          issueNumber: bugNumber,
          title: `[TC-${transfer!.caseNumber}] Pay by transfer failed`,
          priority: 1,
          status: 1,
          statusName: 'To fix',
        },
      ],
    });
    expect(report.cases.slice(0, 3).every((c) => typeof c.executedAt === 'string')).toBe(true);
  });

  it('charts the snapshot', () => {
    expect(chart).toEqual({
      passRate: report.counts,
      byResult: [
        { result: 0, name: 'Not executed', color: 'gray', count: 1 },
        { result: 1, name: 'Passed', color: 'green', count: 1 },
        { result: 2, name: 'Failed', color: 'red', count: 1 },
        { result: 3, name: 'Blocked', color: 'orange', count: 1 },
        { result: 4, name: 'Skipped', color: 'violet', count: 0 },
      ],
      byModule: [
        { moduleName: 'Payments', notExecuted: 0, passed: 1, failed: 1, blocked: 0, skipped: 0 },
        { moduleName: '', notExecuted: 1, passed: 0, failed: 0, blocked: 1, skipped: 0 },
      ],
      bugsByPriority: [
        { priority: 1, name: 'Urgent', color: 'red', count: 1 },
        { priority: 2, name: 'High', color: 'orange', count: 0 },
        { priority: 3, name: 'Normal', color: 'blue', count: 0 },
        { priority: 4, name: 'Low', color: 'green', count: 0 },
      ],
    });
  });

  it('never changes after later results, edits and deletions', async () => {
    const [card, , , printed] = made.rows;
    await recordResult(team.owner, team, printed!, 1);
    const cardNow = (
      await team.owner.client.get(
        `/api/pms/${team.enterprise.enterpriseIdentifier}/pmsProjectTestsheetCases/${card!.id}`,
      )
    ).data;
    await recordResult(team.owner, team, cardNow, 2, 'Broke again');
    expectStatus(await team.owner.client.delete(`${casesBase(team.enterprise)}/${made.caseIds[2]}`), 200);
    const sheet = expectStatus(await team.owner.client.get(`${sheetsBase(team)}/${made.sheet.id}`), 200).data;
    expectStatus(await putSheet(team.owner, team, sheet, { name: 'Release 3 final' }), 200);
    const bug = expectStatus(await team.owner.client.get(`${team.base}/${bugId}`), 200).data;
    expectStatus(
      await team.owner.client.put(`${team.base}/edit/${bugId}`, { version: bug.version, status: 2 }),
      200,
    );
    const read = expectStatus(await team.owner.client.get(`${reportsBase(team)}/${report.id}`), 200).data;
    expect(read).toEqual(report);
    const chartNow = expectStatus(
      await team.owner.client.get(`${reportsBase(team)}/chart/${report.id}`),
      200,
    ).data;
    expect(chartNow).toEqual(chart);
    // A new report shows the sheet as it is now.
    const fresh = await createReport(team.owner, team, made.sheet.id);
    expect(fresh.sheetName).toBe('Release 3 final');
    expect(fresh.counts).toMatchObject({ passed: 1, failed: 2, blocked: 1, notExecuted: 0 });
    expect(fresh.bugs[0]).toMatchObject({ status: 2, statusName: 'Fixing' });
    // Deleting the sheet keeps its reports.
    expectStatus(await team.owner.client.delete(`${sheetsBase(team)}/${made.sheet.id}`), 200);
    expect(expectStatus(await team.owner.client.get(`${reportsBase(team)}/${report.id}`), 200).data).toEqual(
      read,
    );
  });
});

describe('the list, editing and deleting', () => {
  let team: Team;
  beforeAll(async () => {
    team = await createTeam(1);
  });

  it('lists newest first, filters by name and pages', async () => {
    const { sheet } = await sheetWithCases(team.owner, team, 1);
    const first = await createReport(team.owner, team, sheet.id, { name: 'Smoke run' });
    const second = await createReport(team.owner, team, sheet.id, { name: 'Full regression' });
    const third = await createReport(team.owner, team, sheet.id, { name: 'Smoke rerun' });
    const all = await listReports(team.owner, team);
    expect(all.rows.map((r) => r.id)).toEqual([third.id, second.id, first.id]);
    const { cases: _cases, bugs: _bugs, ...row } = first;
    expect(all.rows[2]).toEqual(row);
    expect((await listReports(team.owner, team, { keyword: 'SMOKE' })).rows.map((r) => r.id)).toEqual([
      third.id,
      first.id,
    ]);
    const page = await listReports(team.owner, team, { pageSize: 2, pageNum: 2 });
    expect(page.total).toBe(3);
    expect(page.rows.map((r) => r.id)).toEqual([first.id]);
  });

  it('edits name and summary at the version read', async () => {
    const { sheet } = await sheetWithCases(team.owner, team, 1);
    const report = await createReport(team.owner, team, sheet.id, { name: 'Draft' });
    const put = (body: object) => team.owner.client.put(`${reportsBase(team)}/${report.id}`, body);
    const edited = expectStatus(await put({ version: 1, name: 'Final', summary: 'All good' }), 200).data;
    expect(edited).toMatchObject({ name: 'Final', summary: 'All good', version: 2, counts: report.counts });
    expect(edited.updatedAt >= edited.createdAt).toBe(true);
    expect(errorOf(expectStatus(await put({ version: 1, name: 'Again' }), 409))).toBe(
      'Test report Final was changed by someone else; reload and try again',
    );
    expect(errorOf(expectStatus(await put({ version: 2, name: '' }), 400))).toBe(
      'name: Please enter report name',
    );
    const detail = expectStatus(await team.owner.client.get(`${reportsBase(team)}/${report.id}`), 200).data;
    expect(detail).toMatchObject({ name: 'Final', summary: 'All good', cases: report.cases, bugs: [] });
  });

  it('deletes reports all or nothing', async () => {
    const { sheet } = await sheetWithCases(team.owner, team, 1);
    const a = await createReport(team.owner, team, sheet.id);
    const b = await createReport(team.owner, team, sheet.id);
    const unknown = `${team.project.id}.nosuchreport`;
    const refused = await team.owner.client.delete(`${reportsBase(team)}/${a.id},${unknown},${b.id}`);
    expect(errorOf(expectStatus(refused, 404))).toBe(`Test report ${unknown} does not exist`);
    expectStatus(await team.owner.client.get(`${reportsBase(team)}/${a.id}`), 200);
    expectStatus(await team.owner.client.delete(`${reportsBase(team)}/${a.id},${b.id}`), 200);
    expect((await team.owner.client.get(`${reportsBase(team)}/${a.id}`)).status).toBe(404);
    expect((await team.owner.client.get(`${reportsBase(team)}/chart/${b.id}`)).status).toBe(404);
    const many = Array.from({ length: 41 }, (_, i) => `${team.project.id}.r${i}`).join(',');
    expect(errorOf(expectStatus(await team.owner.client.delete(`${reportsBase(team)}/${many}`), 400))).toBe(
      'ids: At most 40 reports at a time',
    );
  });

  it('refuses unknown sheets, other enterprises and callers without the permission', async () => {
    const post = (body: object) => team.owner.client.post(reportsBase(team), { name: 'R', ...body });
    const unknown = `${team.project.id}.nosuchsheet`;
    expect(errorOf(expectStatus(await post({ projectTestsheetId: unknown }), 404))).toBe(
      `Test sheet ${unknown} does not exist`,
    );
    expect(errorOf(expectStatus(await post({}), 400))).toBe(
      'projectTestsheetId: Please enter projectTestsheetId',
    );
    const stranger = await createTeam(0);
    const theirs = await sheetWithCases(stranger.owner, stranger, 1);
    const theirReport = await createReport(stranger.owner, stranger, theirs.sheet.id);
    expect((await post({ projectTestsheetId: theirs.sheet.id })).status).toBe(404);
    expect((await team.owner.client.get(`${reportsBase(team)}/${theirReport.id}`)).status).toBe(404);
    expect((await team.owner.client.get(`${reportsBase(team)}/chart/${theirReport.id}`)).status).toBe(404);
    expect((await team.owner.client.delete(`${reportsBase(team)}/${theirReport.id}`)).status).toBe(404);
    const list = await team.owner.client.get(`${reportsBase(team)}/list?pmsProjectId=${stranger.project.id}`);
    expect(list.status).toBe(404);
    // The built-in member role reads reports but does not make them.
    const member = team.members[0]!;
    const { sheet } = await sheetWithCases(team.owner, team, 1);
    expect(
      (await member.client.get(`${reportsBase(team)}/list?pmsProjectId=${team.project.id}`)).status,
    ).toBe(200);
    const refused = await member.client.post(reportsBase(team), { projectTestsheetId: sheet.id, name: 'R' });
    expect(refused.status).toBe(403);
  });
});
