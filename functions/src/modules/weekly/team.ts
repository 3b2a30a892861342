/**
 * The views of a week: a project's team (`projectTeam`, report kind 5), the caller's own reports
 * across projects and the projects they lead (`personal`), and the items of the week
 * (`personalIssueList`, `projectIssueList`). Definitions: docs/weekly-reports.md.
 */
import { clock } from '@core/clock';
import { summaryOf, userSummaries } from '@core/identity/people';
import type { Tenant } from '@core/identity/tenancy';
import { pageOf } from '@core/paging';
import {
  addDays,
  ISSUE_CATEGORIES,
  PROJECT_ISSUE_CATEGORIES,
  REPORT_KIND,
  REPORT_STATUS,
  TREND_WEEKS,
} from '@shared/domain/weekly';
import type {
  PersonalIssues,
  PersonalWeekly,
  ProjectIssueListQuery,
  ProjectIssuePage,
  TeamWeekly,
  WeeklyIssue,
} from '@shared/schemas/weekly';
import type { IssueRecord } from '../issues';
import { listProjectMembers, listProjectMembershipsOfUser, listProjects } from '../projects';
import { accessOf, projectAccess, readableBy, weekFor } from './access';
import { projectState, trendCounts } from './activity';
import { listNotices } from './store/reminders';
import * as db from './store/reports';
import { issueSnapshotOf, noticeView, reportSummaryView, weeklyIssueView } from './views';
import { weekInfo } from './weeks';
import { categorize, categoryRules } from './work';

/** The most items a personal category lists. */
const PERSONAL_LIST_LIMIT = 100;

const isSubmitted = (report: Pick<db.ReportRecord, 'status'>) => report.status === REPORT_STATUS.submitted;

async function issueViews(issues: readonly IssueRecord[]): Promise<WeeklyIssue[]> {
  const users = await userSummaries(issues.map((issue) => issue.assigneeId));
  return issues.map((issue) => weeklyIssueView(issueSnapshotOf(issue), users));
}

export async function projectTeam(
  tenant: Tenant,
  query: { pmsProjectId: string; weekStart?: string },
): Promise<TeamWeekly> {
  const enterpriseId = tenant.enterprise.id;
  const week = weekFor(tenant, query.weekStart);
  // The project and the caller's membership come with the data: one round of reads, then the
  // access check (its refusal is all a non-member gets). The members' names are read as soon as
  // the members are known, beside the project's own reads rather than after them.
  const [state, { members, users }, reports] = await Promise.all([
    projectState(enterpriseId, query.pmsProjectId),
    listProjectMembers(enterpriseId, query.pmsProjectId).then(async (members) => ({
      members,
      users: await userSummaries(members.map((m) => m.userId)),
    })),
    db.listProjectReportSummaries(enterpriseId, query.pmsProjectId, week.start),
  ]);
  const me = members.find((member) => member.userId === tenant.principal.userId) ?? null;
  const access = readableBy(tenant, accessOf(tenant, state.project, me));
  const byUser = new Map(reports.map((r) => [r.userId, r]));
  const rows = members
    .map((member) => {
      const report = byUser.get(member.userId);
      return {
        user: summaryOf(users, member.userId),
        role: member.role,
        report: report ? reportSummaryView(report, users, state.project.name) : null,
      };
    })
    .sort((a, b) => a.user.nickname.localeCompare(b.user.nickname));
  const submitted = rows.filter((row) => row.report?.status === REPORT_STATUS.submitted).length;
  const trend = trendCounts(state, week, TREND_WEEKS);
  return {
    kind: REPORT_KIND.project,
    week: weekInfo(week),
    project: { id: state.project.projectId, name: state.project.name },
    // The chosen week is the trend's last.
    counts: trend.at(-1)!.counts,
    trend,
    members: rows,
    submitted,
    missing: rows.length - submitted,
    manages: access.manages,
  };
}

/** The caller's reports of the week across their projects, the projects they manage, and reminders. */
export async function personalWeek(tenant: Tenant, query: { weekStart?: string }): Promise<PersonalWeekly> {
  const enterpriseId = tenant.enterprise.id;
  const userId = tenant.principal.userId;
  const week = weekFor(tenant, query.weekStart);
  const [memberships, projects, mine, notices] = await Promise.all([
    listProjectMembershipsOfUser(enterpriseId, userId),
    listProjects(enterpriseId),
    db.listUserReports(enterpriseId, userId, week.start),
    listNotices(enterpriseId, userId),
  ]);
  const nameOf = new Map(projects.map((p) => [p.projectId, p.name]));
  const memberOf = memberships
    .filter((m) => nameOf.has(m.projectId))
    .sort((a, b) => nameOf.get(a.projectId)!.localeCompare(nameOf.get(b.projectId)!));
  const led = memberOf.filter((m) => m.role === 'manager');
  const teams = await Promise.all(
    led.map(async (m) => {
      const [members, reports] = await Promise.all([
        listProjectMembers(enterpriseId, m.projectId),
        db.listProjectReportSummaries(enterpriseId, m.projectId, week.start),
      ]);
      return { projectId: m.projectId, members, reports: reports.filter(isSubmitted) };
    }),
  );
  const pending = await unansweredNotices(enterpriseId, notices);
  const users = await userSummaries([userId, ...teams.flatMap((t) => t.reports.map((r) => r.userId))]);
  const mineByProject = new Map(mine.map((r) => [r.projectId, r]));
  const project = (id: string) => ({ id, name: nameOf.get(id)! });
  return {
    week: weekInfo(week),
    reports: memberOf.map((m) => {
      const report = mineByProject.get(m.projectId);
      return {
        project: project(m.projectId),
        report: report ? reportSummaryView(report, users, nameOf.get(m.projectId)!) : null,
      };
    }),
    led: teams.map((team) => ({
      project: project(team.projectId),
      members: team.members.length,
      submitted: team.reports.length,
      reports: team.reports.map((r) => reportSummaryView(r, users, nameOf.get(team.projectId)!)),
    })),
    notices: pending.map(noticeView),
  };
}

/** Reminders whose report is still not submitted (one batch read of those reports). */
async function unansweredNotices(enterpriseId: string, notices: Awaited<ReturnType<typeof listNotices>>) {
  if (notices.length === 0) return [];
  const reports = await db.getReports(
    enterpriseId,
    notices.map((n) => ({ projectId: n.projectId, weekStart: n.weekStart, userId: n.userId })),
  );
  const submitted = new Set(reports.filter(isSubmitted).map(db.reportIdOf));
  return notices.filter((notice) => !submitted.has(db.reportIdOf(notice))).reverse();
}

/** The caller's items of the week in a project, and last week's plan. */
export async function personalIssues(
  tenant: Tenant,
  query: { pmsProjectId: string; weekStart?: string },
): Promise<PersonalIssues> {
  const enterpriseId = tenant.enterprise.id;
  const userId = tenant.principal.userId;
  const week = weekFor(tenant, query.weekStart);
  const [, state, lastWeek] = await Promise.all([
    projectAccess(tenant, query.pmsProjectId),
    projectState(enterpriseId, query.pmsProjectId),
    db.getReport(enterpriseId, query.pmsProjectId, addDays(week.start, -7), userId),
  ]);
  const mine = [...state.rows.values()].filter((issue) => issue.assigneeId === userId);
  const found = categorize(mine, categoryRules(week, clock.now()));
  const planIds = (lastWeek?.items ?? [])
    .filter((item) => item.list === 'nextWeek')
    .map((item) => item.issueId);
  const planned = planIds.flatMap((id) => {
    const issue = state.rows.get(id);
    return issue ? [issue] : [];
  });
  const lists = await Promise.all(
    ISSUE_CATEGORIES.map(
      async (c) => [c.id, await issueViews(found[c.id].slice(0, PERSONAL_LIST_LIMIT))] as const,
    ),
  );
  return {
    week: weekInfo(week),
    ...(Object.fromEntries(lists) as Record<(typeof ISSUE_CATEGORIES)[number]['id'], WeeklyIssue[]>),
    planned: await issueViews(planned),
    plannedNotes: lastWeek ? planText(lastWeek) : '',
  };
}

/** The text of last week's next-week sections: text as written, table rows one per line. */
function planText(report: db.ReportRecord): string {
  return report.sections
    .filter((section) => section.items === 'nextWeek')
    .map((section) => {
      const value = report.content[section.key];
      if (typeof value === 'string') return value;
      return (value ?? [])
        .map((row, i) => `${i + 1}. ${row.majorItem}${row.detail ? `: ${row.detail}` : ''}`)
        .join('\n');
    })
    .filter(Boolean)
    .join('\n\n');
}

/** One category of the project's items of the week, a page of it, with every category's size. */
export async function projectIssues(tenant: Tenant, query: ProjectIssueListQuery): Promise<ProjectIssuePage> {
  const week = weekFor(tenant, query.weekStart);
  const [, state] = await Promise.all([
    projectAccess(tenant, query.pmsProjectId),
    projectState(tenant.enterprise.id, query.pmsProjectId),
  ]);
  const found = categorize(state.rows.values(), categoryRules(week, clock.now()));
  const category = query.category as keyof typeof found;
  const page = await pageOf(found[category], query, issueViews);
  return {
    ...page,
    week: weekInfo(week),
    categories: Object.fromEntries(PROJECT_ISSUE_CATEGORIES.map((c) => [c.id, found[c.id].length])),
  };
}
