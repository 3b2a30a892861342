/**
 * Test reports: made from a sheet, each keeps a snapshot of every case's result and the bugs
 * linked to the sheet's cases at that moment (modules/testruns/store/reports.ts). Later results,
 * edits or deletions never change a report: its detail and charts are built from the snapshot
 * alone, and only its name and summary can be edited.
 */

import { firstVersion, nowIso } from '@core/clock';
import { ConditionFailedError, onConditionFailed } from '@core/db/operations';
import { conflict, notFound, staleVersion } from '@core/errors';
import { summaryOf, userSummaries } from '@core/identity/people';
import { scopedId } from '@core/ids';
import { pageOf } from '@core/paging';
import { testResultName } from '@shared/domain/testing';
import { type IssueKind, issueStatusName } from '@shared/domain/work-item-workflow';
import { WORK_ITEM_KIND } from '@shared/domain/work-items';
import type { Page } from '@shared/schemas/common';
import type {
  Report,
  ReportBody,
  ReportBug,
  ReportCase,
  ReportChart,
  ReportDetail,
  ReportListQuery,
  ReportUpdateBody,
} from '@shared/schemas/testruns';
import { getIssues } from '../issues';
import { projectNotFound, requireProject } from '../projects';
import { getTestcases, listCaseModules, modulePaths } from '../testcases';
import { requireSheet, sheetNotFound } from './sheets';
import type { ReportRecord, ReportSnapshot } from './store/reports';
import * as db from './store/reports';
import { listSheetCases, type SheetCaseRecord } from './store/sheet-cases';
import { type SheetRecord, sheetExistsOp } from './store/sheets';
import { caseFieldsOf, countsOf, reportChartView, reportDetailView, reportView } from './views';

/** Reports one DELETE removes (one transaction). */
export const MAX_DELETE_REPORTS = 40;
/** A run's note as a report keeps it: the start of it (a 2000-case snapshot must fit). */
const MAX_SNAPSHOT_NOTE = 1000;

export const reportNotFound = (reportId: string) => notFound(`Test report ${reportId} does not exist`);
const staleReport = (report: ReportRecord) => staleVersion(`Test report ${report.name}`);

export async function requireReport(enterpriseId: string, reportId: string): Promise<ReportRecord> {
  const report = await db.getReport(enterpriseId, reportId);
  if (!report) throw reportNotFound(reportId);
  return report;
}

// ---- the snapshot -------------------------------------------------------------------------------

const clip = (text: string) =>
  text.length > MAX_SNAPSHOT_NOTE ? `${text.slice(0, MAX_SNAPSHOT_NOTE - 1)}…` : text;

/** Every case of the sheet as it shows now: live case fields, module path, executor's nickname. */
async function snapshotCases(enterpriseId: string, sheet: SheetRecord, records: readonly SheetCaseRecord[]) {
  const [live, modules, users] = await Promise.all([
    getTestcases(
      enterpriseId,
      records.map((r) => r.caseId),
    ),
    listCaseModules(enterpriseId, sheet.projectId),
    userSummaries(records.map((r) => r.executorId)),
  ]);
  const liveById = new Map(live.map((c) => [c.caseId, c]));
  const paths = modulePaths(modules);
  return records
    .map((record): ReportCase => {
      const fields = caseFieldsOf(record, liveById.get(record.caseId));
      return {
        caseId: record.caseId,
        caseNumber: fields.caseNumber,
        title: fields.title,
        moduleName: fields.moduleId ? (paths.get(fields.moduleId) ?? '') : '',
        priority: fields.priority,
        result: record.result,
        resultName: testResultName(record.result),
        executorName: record.executorId ? summaryOf(users, record.executorId).nickname : null,
        executedAt: record.executedAt,
        note: clip(record.note),
      };
    })
    .sort((a, b) => a.caseNumber - b.caseNumber);
}

/** The bugs (kind 3) linked to the sheet's cases, each once, by number. */
async function snapshotBugs(enterpriseId: string, sheet: SheetRecord, records: readonly SheetCaseRecord[]) {
  const ids = [...new Set(records.flatMap((r) => r.linkIssueIds))];
  const issues = await getIssues(enterpriseId, sheet.projectId, ids);
  return issues
    .filter((issue) => issue.pmIssueType === WORK_ITEM_KIND.bug)
    .sort((a, b) => a.issueNumber - b.issueNumber)
    .map(
      (issue): ReportBug => ({
        issueId: issue.issueId,
        issueNumber: issue.issueNumber,
        title: issue.title,
        priority: issue.priority,
        status: issue.status,
        statusName: issueStatusName(issue.pmIssueType as IssueKind, issue.status),
      }),
    );
}

async function takeSnapshot(enterpriseId: string, sheet: SheetRecord): Promise<ReportSnapshot> {
  const records = await listSheetCases(enterpriseId, sheet.sheetId);
  const [cases, bugs] = await Promise.all([
    snapshotCases(enterpriseId, sheet, records),
    snapshotBugs(enterpriseId, sheet, records),
  ]);
  return { cases, bugs };
}

// ---- calls --------------------------------------------------------------------------------------

/** Makes a report from a sheet: its snapshot of results and bugs now, in one transaction. */
export async function createReport(
  enterpriseId: string,
  userId: string,
  body: ReportBody,
): Promise<ReportDetail> {
  const sheet = await requireSheet(enterpriseId, body.projectTestsheetId);
  const snapshot = await takeSnapshot(enterpriseId, sheet);
  const at = nowIso();
  const record: ReportRecord = {
    enterpriseId,
    projectId: sheet.projectId,
    reportId: scopedId(sheet.projectId),
    sheetId: sheet.sheetId,
    sheetName: sheet.name,
    name: body.name,
    summary: body.summary ?? '',
    counts: countsOf(snapshot.cases.map((c) => c.result)),
    bugCount: snapshot.bugs.length,
    snapshotParts: 0,
    creatorId: userId,
    ...firstVersion(at),
  };
  let saved: ReportRecord;
  try {
    saved = await onConditionFailed(db.createReport(record, snapshot, sheetExistsOp(sheet)), {
      project: () => projectNotFound(sheet.projectId),
      sheet: () => sheetNotFound(sheet.sheetId),
    });
  } catch (error) {
    if (error instanceof db.SnapshotTooLargeError) {
      throw conflict(`Test sheet ${sheet.name} is too large for one report; split it into sub-sheets`);
    }
    throw error;
  }
  return reportDetailView(saved, snapshot, await userSummaries([userId]));
}

export async function getReportDetail(enterpriseId: string, reportId: string): Promise<ReportDetail> {
  const report = await requireReport(enterpriseId, reportId);
  const [snapshot, users] = await Promise.all([db.getSnapshot(report), userSummaries([report.creatorId])]);
  return reportDetailView(report, snapshot, users);
}

export async function reportChart(enterpriseId: string, reportId: string): Promise<ReportChart> {
  const report = await requireReport(enterpriseId, reportId);
  return reportChartView(report, await db.getSnapshot(report));
}

/** A page of the project's reports, newest first; `keyword` matches words of the name. */
export async function listReportPage(enterpriseId: string, query: ReportListQuery): Promise<Page<Report>> {
  await requireProject(enterpriseId, query.pmsProjectId);
  const words = (query.keyword ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const found = (await db.listReports(enterpriseId, query.pmsProjectId))
    .filter((r) => words.every((w) => r.name.toLowerCase().includes(w)))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.reportId.localeCompare(a.reportId));
  return pageOf(found, query, async (rows) => {
    const users = await userSummaries(rows.map((r) => r.creatorId));
    return rows.map((r) => reportView(r, users));
  });
}

/** Renames a report or edits its summary at the version read; the snapshot stays as it is. */
export async function updateReport(
  enterpriseId: string,
  reportId: string,
  body: ReportUpdateBody,
): Promise<Report> {
  const report = await requireReport(enterpriseId, reportId);
  if (report.version !== body.version) throw staleReport(report);
  const name = body.name ?? report.name;
  const summary = body.summary ?? report.summary;
  let saved = report;
  if (name !== report.name || summary !== report.summary) {
    saved = { ...report, name, summary, updatedAt: nowIso(), version: report.version + 1 };
    await onConditionFailed(db.updateReport(report, saved), { 'stale:report': () => staleReport(report) });
  }
  return reportView(saved, await userSummaries([saved.creatorId]));
}

/** Deletes reports all or nothing; 404 naming the first unknown id. */
export async function deleteReports(enterpriseId: string, ids: readonly string[]): Promise<void> {
  const found = new Map((await db.getReports(enterpriseId, ids)).map((r) => [r.reportId, r]));
  const reports = ids.map((id) => {
    const report = found.get(id);
    if (!report) throw reportNotFound(id);
    return report;
  });
  try {
    await db.deleteReports(reports);
  } catch (error) {
    if (error instanceof ConditionFailedError && error.label.startsWith('missing:')) {
      throw reportNotFound(error.label.slice('missing:'.length));
    }
    throw error;
  }
}
