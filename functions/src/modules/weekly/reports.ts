/**
 * A member's weekly report of a project (docs/weekly-reports.md, "A report's life"):
 *
 * - One per member, project and week; written from a template, for the current week or a past
 *   one that is still open (weeks close at the end of the following week).
 * - Submitting freezes the project's counts and the listed items as they are at that moment;
 *   the text and the items' completion stay editable until the week closes.
 * - Every write keeps a revision: the report's history.
 *
 * Every check is made before the one transaction that writes, so a refused call writes nothing.
 */
import { firstVersion, nowIso } from '@core/clock';
import { onConditionFailed } from '@core/db/operations';
import { conflict, forbidden, notFound, staleVersion } from '@core/errors';
import { userSummaries } from '@core/identity/people';
import type { Tenant } from '@core/identity/tenancy';
import { pageOf } from '@core/paging';
import { REPORT_STATUS } from '@shared/domain/weekly';
import type { Page } from '@shared/schemas/common';
import type {
  IssueCompletionBody,
  ReportAddBody,
  ReportDetail,
  ReportEditBody,
  ReportListQuery,
  ReportSummary,
} from '@shared/schemas/weekly';
import { memberAccess, projectAccess, weekFor } from './access';
import { type ProjectState, projectState, weekCounts } from './activity';
import { contentFor, itemsFor, sameItems } from './content';
import { enrol } from './enrolment';
import * as db from './store/reports';
import { resolveTemplate } from './templates';
import { issueSnapshotOf, reportSummaryView, revisionView, weeklyIssueView } from './views';
import { closesAt, isClosed, type Week, weekInfo, weekStarting } from './weeks';

const reportNotFound = (id: string) => notFound(`Weekly report ${id} does not exist`);

/** 409 once the week has closed: its reports are kept as they are. */
function assertOpen(week: Week): void {
  if (isClosed(week)) {
    const closed = new Date(closesAt(week)).toISOString();
    throw conflict(`The week of ${week.start} closed at ${closed}; its reports can no longer change`);
  }
}

/** What submitting freezes: the counts of the week and the listed items as they are now. */
function snapshotOf(state: ProjectState, week: Week, items: readonly db.StoredItem[]): db.ReportSnapshot {
  return {
    counts: weekCounts(state, week),
    issues: items.flatMap((item) => {
      const issue = state.rows.get(item.issueId);
      return issue ? [issueSnapshotOf(issue)] : [];
    }),
  };
}

function revisionOf(report: db.ReportRecord, action: db.RevisionRecord['action'], userId: string) {
  return {
    revision: report.revision,
    action,
    userId,
    at: report.updatedAt,
    content: report.content,
    items: report.items,
  };
}

/** The report named by `id`, if the caller may read it; 404 when there is none. */
async function loadReport(tenant: Tenant, id: string): Promise<db.ReportRecord> {
  const parts = db.parseReportId(id);
  if (!parts) throw reportNotFound(id);
  await projectAccess(tenant, parts.projectId);
  const report = await db.getReport(tenant.enterprise.id, parts.projectId, parts.weekStart, parts.userId);
  if (!report) throw reportNotFound(id);
  // A draft is its author's until it is submitted.
  if (report.status === REPORT_STATUS.draft && report.userId !== tenant.principal.userId) {
    throw forbidden('This report is a draft; only its author sees it until it is submitted');
  }
  return report;
}

function requireAuthor(tenant: Tenant, report: db.ReportRecord): void {
  if (report.userId !== tenant.principal.userId) {
    throw forbidden('Only the author of a weekly report may change it');
  }
}

const weekOfReport = (tenant: Tenant, report: db.ReportRecord) =>
  weekStarting(report.weekStart, tenant.enterprise.timeZone);

export async function createReport(tenant: Tenant, body: ReportAddBody): Promise<ReportDetail> {
  const enterpriseId = tenant.enterprise.id;
  const userId = tenant.principal.userId;
  await memberAccess(tenant, body.pmsProjectId);
  const week = weekFor(tenant, body.weekStart);
  assertOpen(week);
  const [template, state] = await Promise.all([
    resolveTemplate(enterpriseId, body.templateId),
    projectState(enterpriseId, body.pmsProjectId),
  ]);
  const content = contentFor(template.sections, body.content);
  const items = itemsFor(body.items ?? [], (id) => state.rows.has(id), state.project.name);
  const now = nowIso();
  const report: db.ReportRecord = {
    enterpriseId,
    projectId: body.pmsProjectId,
    userId,
    weekStart: week.start,
    templateId: template.id,
    templateName: template.name,
    sections: template.sections,
    content,
    items,
    status: body.submit ? REPORT_STATUS.submitted : REPORT_STATUS.draft,
    submittedAt: body.submit ? now : null,
    snapshot: body.submit ? snapshotOf(state, week, items) : null,
    revision: 1,
    ...firstVersion(now),
  };
  await onConditionFailed(
    db.createReport(report, revisionOf(report, body.submit ? 'submitted' : 'created', userId)),
    {
      exists: () =>
        conflict(
          `You already have a weekly report of ${state.project.name} for the week of ${week.start}; edit it instead`,
        ),
    },
  );
  await enrol(enterpriseId);
  return detailOf(tenant, report, state, [revisionOf(report, body.submit ? 'submitted' : 'created', userId)]);
}

export async function editReport(tenant: Tenant, id: string, body: ReportEditBody): Promise<ReportDetail> {
  const report = await loadReport(tenant, id);
  requireAuthor(tenant, report);
  if (body.version !== report.version) throw staleVersion('The weekly report');
  const week = weekOfReport(tenant, report);
  assertOpen(week);
  const state = await projectState(tenant.enterprise.id, report.projectId);
  const content = body.content
    ? contentFor(report.sections, { ...report.content, ...body.content })
    : report.content;
  let items = report.items;
  if (body.items) {
    items = itemsFor(
      body.items,
      (issueId) => state.rows.has(issueId) || report.items.some((i) => i.issueId === issueId),
      state.project.name,
    );
    if (report.status === REPORT_STATUS.submitted && !sameItems(items, report.items)) {
      throw conflict(
        'The listed items are frozen since the report was submitted; only the text and completion change',
      );
    }
  }
  const submitting = body.submit === true && report.status === REPORT_STATUS.draft;
  const now = nowIso();
  const next: db.ReportRecord = {
    ...report,
    content,
    items,
    status: submitting ? REPORT_STATUS.submitted : report.status,
    submittedAt: submitting ? now : report.submittedAt,
    snapshot: submitting ? snapshotOf(state, week, items) : report.snapshot,
    revision: report.revision + 1,
    updatedAt: now,
    version: report.version + 1,
  };
  await save(
    next,
    report.version,
    revisionOf(next, submitting ? 'submitted' : 'edited', tenant.principal.userId),
  );
  return detailOf(tenant, next, state);
}

async function save(
  next: db.ReportRecord,
  expectedVersion: number,
  revision: db.RevisionRecord,
): Promise<void> {
  await onConditionFailed(db.saveReport(next, expectedVersion, revision), {
    stale: () => staleVersion('The weekly report'),
  });
}

/**
 * `issueCompletion`: how far a listed item is, set by the report's author (the route needs
 * `project:issue:edit`: the caller must be allowed to edit work items).
 */
export async function setCompletion(tenant: Tenant, body: IssueCompletionBody): Promise<ReportDetail> {
  const report = await loadReport(tenant, body.memberWeeklyId);
  requireAuthor(tenant, report);
  const listed = report.items.find((item) => item.issueId === body.issueId);
  if (!listed) throw notFound(`Work item ${body.issueId} is not listed in this weekly report`);
  if (body.version !== report.version) throw staleVersion('The weekly report');
  assertOpen(weekOfReport(tenant, report));
  const next: db.ReportRecord = {
    ...report,
    items: report.items.map((item) => (item === listed ? { ...item, completion: body.completion } : item)),
    revision: report.revision + 1,
    updatedAt: nowIso(),
    version: report.version + 1,
  };
  await save(next, report.version, revisionOf(next, 'completion', tenant.principal.userId));
  return detailOf(tenant, next, await projectState(tenant.enterprise.id, report.projectId));
}

/** Deletes a draft (its author's alone, like the draft itself) while the week is open. */
export async function deleteReport(tenant: Tenant, id: string): Promise<void> {
  const report = await loadReport(tenant, id);
  if (report.status === REPORT_STATUS.submitted) {
    throw conflict('A submitted weekly report is kept; edit its text instead');
  }
  requireAuthor(tenant, report);
  assertOpen(weekOfReport(tenant, report));
  await onConditionFailed(db.deleteDraft(report, report.version), {
    stale: () => staleVersion('The weekly report'),
  });
}

export async function reportDetail(tenant: Tenant, id: string): Promise<ReportDetail> {
  const report = await loadReport(tenant, id);
  return detailOf(tenant, report, await projectState(tenant.enterprise.id, report.projectId));
}

/** The report with its items and counts (frozen once submitted), its week and its history. */
async function detailOf(
  tenant: Tenant,
  report: db.ReportRecord,
  state: ProjectState,
  revisions?: db.RevisionRecord[],
): Promise<ReportDetail> {
  const week = weekOfReport(tenant, report);
  const history = revisions ?? (await db.listRevisions(report));
  const frozen = report.snapshot !== null;
  const issues = new Map(
    frozen
      ? report.snapshot!.issues.map((issue) => [issue.issueId, issue])
      : report.items.flatMap((item) => {
          const row = state.rows.get(item.issueId);
          return row ? [[item.issueId, issueSnapshotOf(row)] as const] : [];
        }),
  );
  const users = await userSummaries([
    report.userId,
    ...history.map((r) => r.userId),
    ...[...issues.values()].map((issue) => issue.assigneeId),
  ]);
  const info = weekInfo(week);
  return {
    ...reportSummaryView(report, users, state.project.name),
    sections: report.sections,
    content: report.content,
    items: report.items.map((item) => {
      const issue = issues.get(item.issueId);
      return { ...item, issue: issue ? weeklyIssueView(issue, users) : null };
    }),
    counts: frozen ? report.snapshot!.counts : weekCounts(state, week),
    frozen,
    week: info,
    editable: report.userId === tenant.principal.userId && info.state !== 'closed',
    history: history.map((r) => revisionView(r, users)),
  };
}

/** `list`: a project's reports, newest week first; others' drafts are left out. */
export async function listReports(tenant: Tenant, query: ReportListQuery): Promise<Page<ReportSummary>> {
  const access = await projectAccess(tenant, query.pmsProjectId);
  const reports = (
    await db.listProjectReportSummaries(tenant.enterprise.id, query.pmsProjectId, query.weekStart)
  ).filter(
    (r) =>
      (r.status === REPORT_STATUS.submitted || r.userId === tenant.principal.userId) &&
      (!query.userId || r.userId === query.userId) &&
      (!query.status || r.status === query.status),
  );
  reports.sort((a, b) => b.weekStart.localeCompare(a.weekStart) || a.userId.localeCompare(b.userId));
  return pageOf(reports, query, async (rows) => {
    const users = await userSummaries(rows.map((r) => r.userId));
    return rows.map((r) => reportSummaryView(r, users, access.project.name));
  });
}
