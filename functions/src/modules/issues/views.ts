/**
 * Work items, tags and journals as the API shows them, built from explicit fields (the rule of
 * core/identity/views.ts): rows, references, details.
 */

import { summaryOf } from '@core/identity/people';
import { tagView } from '@core/tags/service';
import { type IssueKind, issueStatusName, nextStatuses } from '@shared/domain/work-item-workflow';
import type { IssueDetail, IssueRef, IssueRow, Journal } from '@shared/schemas/issues';
import type { UserSummary } from '@shared/schemas/projects';
import { childrenOf, type ProjectIndex } from './project-index';
import type { JournalRecord } from './store/journals';
import type { IssueTagRecord } from './store/tags';
import type { IssueRecord } from './store/work-items';

/** How the product names a work item anywhere: number, kind, title and status (with its name). */
export function issueRefView(issue: {
  issueId: string;
  issueNumber: number;
  pmIssueType: number;
  title: string;
  status: number;
}): IssueRef {
  return {
    id: issue.issueId,
    issueNumber: issue.issueNumber,
    pmIssueType: issue.pmIssueType,
    title: issue.title,
    status: issue.status,
    statusName: issueStatusName(issue.pmIssueType as IssueKind, issue.status),
  };
}

/** What a row needs besides the item: people and tags (deleted tags are simply not shown). */
export interface RowContext {
  users: ReadonlyMap<string, UserSummary>;
  tags: ReadonlyMap<string, IssueTagRecord>;
}

export function issueRowView(issue: IssueRecord, index: ProjectIndex, context: RowContext): IssueRow {
  return {
    ...issueRefView(issue),
    issueId: issue.issueId,
    pmsProjectId: issue.projectId,
    priority: issue.priority,
    assignee: issue.assigneeId ? summaryOf(context.users, issue.assigneeId) : null,
    author: summaryOf(context.users, issue.authorId),
    tags: issue.tagIds.flatMap((id) => {
      const tag = context.tags.get(id);
      return tag ? [tagView(tag)] : [];
    }),
    startDate: issue.startDate,
    endDate: issue.endDate,
    estimatedHours: issue.estimatedHours,
    parentId: issue.parentId,
    childCount: childrenOf(index, issue.issueId).length,
    sprintId: issue.sprintId,
    createdAt: issue.createdAt,
    updatedAt: issue.updatedAt,
    closedAt: issue.closedAt,
    version: issue.version,
  };
}

const byNumber = (a: IssueRecord, b: IssueRecord) => a.issueNumber - b.issueNumber;

export function issueDetailView(
  issue: IssueRecord,
  index: ProjectIndex,
  context: RowContext,
  description: string,
  linkedIds: readonly string[],
): IssueDetail {
  const parent = issue.parentId ? index.rows.get(issue.parentId) : undefined;
  const links = linkedIds.flatMap((id) => {
    const linked = index.rows.get(id);
    return linked ? [linked] : [];
  });
  return {
    ...issueRowView(issue, index, context),
    description,
    parent: parent ? issueRefView(parent) : null,
    children: [...childrenOf(index, issue.issueId)].sort(byNumber).map(issueRefView),
    links: links.sort(byNumber).map(issueRefView),
    nextStatuses: [...nextStatuses(issue.status)],
  };
}

export function journalView(journal: JournalRecord, users: ReadonlyMap<string, UserSummary>): Journal {
  return {
    id: journal.journalId,
    issueId: journal.issueId,
    issueNumber: journal.issueNumber,
    pmIssueType: journal.pmIssueType,
    issueTitle: journal.issueTitle,
    kind: journal.kind,
    user: summaryOf(users, journal.userId),
    notes: journal.notes,
    details: journal.details.map((d) => ({
      field: d.field,
      label: d.label,
      oldValue: d.oldValue ?? null,
      newValue: d.newValue ?? null,
    })),
    pmProjectRepositoryId: journal.pmProjectRepositoryId ?? null,
    createdAt: journal.createdAt,
    updatedAt: journal.updatedAt,
    version: journal.version,
  };
}
