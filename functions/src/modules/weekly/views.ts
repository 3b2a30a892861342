/** What the weekly-report calls answer, built from explicit fields. People are resolved when shown. */
import { summaryOf } from '@core/identity/people';
import { REPORT_KIND } from '@shared/domain/weekly';
import type { UserSummary } from '@shared/schemas/projects';
import type { Notice, ReportSummary, Revision, Template, WeeklyIssue } from '@shared/schemas/weekly';
import { type IssueRecord, issueRefView } from '../issues';
import type { NoticeRecord } from './store/reminders';
import {
  type IssueSnapshot,
  type ReportSummaryRecord,
  type RevisionRecord,
  reportIdOf,
} from './store/reports';
import type { TemplateRecord } from './store/templates';

type Users = ReadonlyMap<string, UserSummary>;

/** What a report keeps of an item when it is submitted. */
export function issueSnapshotOf(issue: IssueRecord): IssueSnapshot {
  return {
    issueId: issue.issueId,
    issueNumber: issue.issueNumber,
    pmIssueType: issue.pmIssueType,
    title: issue.title,
    status: issue.status,
    priority: issue.priority,
    assigneeId: issue.assigneeId,
    startDate: issue.startDate,
    endDate: issue.endDate,
    createdAt: issue.createdAt,
    closedAt: issue.closedAt,
  };
}

export function weeklyIssueView(issue: IssueSnapshot, users: Users): WeeklyIssue {
  return {
    ...issueRefView(issue),
    priority: issue.priority,
    assignee: issue.assigneeId ? summaryOf(users, issue.assigneeId) : null,
    startDate: issue.startDate,
    endDate: issue.endDate,
    createdAt: issue.createdAt,
    closedAt: issue.closedAt,
  };
}

export function reportSummaryView(
  report: ReportSummaryRecord,
  users: Users,
  projectName: string,
): ReportSummary {
  return {
    id: reportIdOf(report),
    kind: REPORT_KIND.member,
    pmsProjectId: report.projectId,
    projectName,
    user: summaryOf(users, report.userId),
    weekStart: report.weekStart,
    templateId: report.templateId,
    templateName: report.templateName,
    status: report.status,
    submittedAt: report.submittedAt,
    createdAt: report.createdAt,
    updatedAt: report.updatedAt,
    version: report.version,
  };
}

export function revisionView(revision: RevisionRecord, users: Users): Revision {
  return {
    revision: revision.revision,
    action: revision.action,
    user: summaryOf(users, revision.userId),
    at: revision.at,
    content: revision.content,
    items: revision.items,
  };
}

export function templateView(template: TemplateRecord): Template {
  return { id: template.templateId, name: template.name, builtIn: false, sections: template.sections };
}

export function noticeView(notice: NoticeRecord): Notice {
  return {
    id: reportIdOf(notice),
    kind: 'reminder',
    pmsProjectId: notice.projectId,
    projectName: notice.projectName,
    weekStart: notice.weekStart,
    message: `Your weekly report of ${notice.projectName} for the week of ${notice.weekStart} is not submitted yet`,
    createdAt: notice.createdAt,
  };
}
