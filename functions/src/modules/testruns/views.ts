/**
 * Test sheets, sheet cases, runs, linked work items and reports as the API shows them, built
 * from explicit fields (the rule of core/identity/views.ts). People are resolved when a response is
 * built; a sheet case shows the library case's live fields while the case exists, and the copy
 * taken when it was added once the case is deleted.
 */

import { summaryOf } from '@core/identity/people';
import { PRIORITIES } from '@shared/domain/priorities';
import { passRate, SHEET_STATUSES, TEST_RESULT, TEST_RESULTS, testResultName } from '@shared/domain/testing';
import type { UserSummary } from '@shared/schemas/projects';
import type {
  LinkedIssue,
  Report,
  ReportChart,
  ReportDetail,
  ResultCounts,
  Sheet,
  SheetCaseRow,
  SheetIssueRow,
} from '@shared/schemas/testruns';
import { type IssueRecord, issueRefView } from '../issues';
import type { TestcaseRecord } from '../testcases';
import type { ReportRecord, ReportSnapshot } from './store/reports';
import type { SheetCaseRecord, SheetIssueLinkRecord, SheetRunRecord } from './store/sheet-cases';
import type { SheetRecord } from './store/sheets';

type Users = ReadonlyMap<string, UserSummary>;

const RESULT_KEYS = {
  [TEST_RESULT.notExecuted]: 'notExecuted',
  [TEST_RESULT.passed]: 'passed',
  [TEST_RESULT.failed]: 'failed',
  [TEST_RESULT.blocked]: 'blocked',
  [TEST_RESULT.skipped]: 'skipped',
} as const;

type ResultKey = (typeof RESULT_KEYS)[keyof typeof RESULT_KEYS];
export type ResultTally = Record<ResultKey, number>;

const emptyTally = (): ResultTally => ({ notExecuted: 0, passed: 0, failed: 0, blocked: 0, skipped: 0 });

/** How many of the results are each result (unknown values count as not executed). */
export function tally(results: Iterable<number>): ResultTally {
  const out = emptyTally();
  for (const result of results) out[RESULT_KEYS[result as keyof typeof RESULT_KEYS] ?? 'notExecuted'] += 1;
  return out;
}

/** The counts of a set of latest results, with the pass rate (passed / executed). */
export function countsOf(results: Iterable<number>): ResultCounts {
  const t = tally(results);
  const byId = Object.fromEntries(
    Object.entries(RESULT_KEYS).map(([id, key]) => [Number(id), t[key]]),
  ) as Record<number, number>;
  const total = t.notExecuted + t.passed + t.failed + t.blocked + t.skipped;
  return { total, ...t, passRate: passRate(byId) };
}

export const NO_CASES: ResultCounts = countsOf([]);

export function sheetView(
  sheet: SheetRecord,
  counts: ResultCounts,
  users: Users,
  sprintName: string | null,
): Sheet {
  return {
    id: sheet.sheetId,
    pmsProjectId: sheet.projectId,
    name: sheet.name,
    description: sheet.description,
    root_id: sheet.root_id,
    sort: sheet.sort,
    sprintId: sheet.sprintId,
    sprintName,
    owner: sheet.ownerId ? summaryOf(users, sheet.ownerId) : null,
    startDate: sheet.startDate,
    endDate: sheet.endDate,
    status: sheet.status,
    statusName: SHEET_STATUSES.find((s) => s.id === sheet.status)?.name ?? 'Unknown',
    completedAt: sheet.completedAt,
    counts,
    creator: summaryOf(users, sheet.creatorId),
    createdAt: sheet.createdAt,
    updatedAt: sheet.updatedAt,
    version: sheet.version,
  };
}

/** The fields a sheet case shows of its case: live while the case exists, the copy after. */
export function caseFieldsOf(record: SheetCaseRecord, live: TestcaseRecord | undefined) {
  const source = live ?? record;
  return {
    caseNumber: source.caseNumber,
    title: source.title,
    moduleId: source.moduleId,
    type: source.type,
    priority: source.priority,
    caseDeleted: live === undefined,
  };
}

export function sheetCaseRowView(
  record: SheetCaseRecord,
  live: TestcaseRecord | undefined,
  modulePaths: ReadonlyMap<string, string>,
  users: Users,
): SheetCaseRow {
  const fields = caseFieldsOf(record, live);
  return {
    id: record.sheetCaseId,
    projectTestsheetId: record.sheetId,
    caseId: record.caseId,
    ...fields,
    moduleName: fields.moduleId ? (modulePaths.get(fields.moduleId) ?? '') : '',
    result: record.result,
    resultName: testResultName(record.result),
    executor: record.executorId ? summaryOf(users, record.executorId) : null,
    executedAt: record.executedAt,
    note: record.note,
    assignee: record.assigneeId ? summaryOf(users, record.assigneeId) : null,
    linkIssueIds: [...record.linkIssueIds],
    runCount: record.runCount,
    version: record.version,
  };
}

export function runView(run: SheetRunRecord, users: Users) {
  return {
    result: run.result,
    resultName: testResultName(run.result),
    note: run.note,
    executor: summaryOf(users, run.executorId),
    executedAt: run.executedAt,
  };
}

export function linkedIssueView(issue: IssueRecord, users: Users): LinkedIssue {
  return {
    ...issueRefView(issue),
    priority: issue.priority,
    assignee: issue.assigneeId ? summaryOf(users, issue.assigneeId) : null,
  };
}

/** A link's id: `{sheetCaseId}~{issueId}` (neither id holds `~`). */
export const linkIdOf = (sheetCaseId: string, issueId: string) => `${sheetCaseId}~${issueId}`;

export function sheetIssueRowView(
  link: SheetIssueLinkRecord,
  caseTitle: string,
  issue: IssueRecord,
  users: Users,
): SheetIssueRow {
  return {
    id: linkIdOf(link.sheetCaseId, link.issueId),
    projectTestsheetCasesId: link.sheetCaseId,
    caseTitle,
    issue: linkedIssueView(issue, users),
    linkedAt: link.createdAt,
  };
}

// ---- reports ----------------------------------------------------------------------------------

export function reportView(report: ReportRecord, users: Users): Report {
  return {
    id: report.reportId,
    pmsProjectId: report.projectId,
    projectTestsheetId: report.sheetId,
    sheetName: report.sheetName,
    name: report.name,
    summary: report.summary,
    counts: report.counts,
    bugCount: report.bugCount,
    creator: summaryOf(users, report.creatorId),
    createdAt: report.createdAt,
    updatedAt: report.updatedAt,
    version: report.version,
  };
}

export function reportDetailView(report: ReportRecord, snapshot: ReportSnapshot, users: Users): ReportDetail {
  return { ...reportView(report, users), cases: snapshot.cases, bugs: snapshot.bugs };
}

/** One row per module path, by name ('' for cases without a module last), counts by result. */
function byModule(snapshot: ReportSnapshot): ReportChart['byModule'] {
  const rows = new Map<string, ResultTally>();
  for (const c of snapshot.cases) {
    const row = rows.get(c.moduleName) ?? emptyTally();
    row[RESULT_KEYS[c.result as keyof typeof RESULT_KEYS] ?? 'notExecuted'] += 1;
    rows.set(c.moduleName, row);
  }
  return [...rows]
    .sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)))
    .map(([moduleName, counts]) => ({ moduleName, ...counts }));
}

/** The three charts of a report, from its snapshot only. */
export function reportChartView(report: ReportRecord, snapshot: ReportSnapshot): ReportChart {
  const counts = report.counts;
  return {
    passRate: counts,
    byResult: TEST_RESULTS.map((r) => ({
      result: r.id,
      name: r.name,
      color: r.color,
      count: counts[RESULT_KEYS[r.id]],
    })),
    byModule: byModule(snapshot),
    bugsByPriority: PRIORITIES.map((p) => ({
      priority: p.id,
      name: p.label,
      color: p.color,
      count: snapshot.bugs.filter((b) => b.priority === p.id).length,
    })),
  };
}
