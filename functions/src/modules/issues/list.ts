/**
 * The work-item list: filters, counts, sorts and pages the project's in-memory index
 * (modules/issues/project-index.ts), then reads only what the page shows (its people, the tags).
 */

import { nicknamesOf, userSummaries } from '@core/identity/people';
import { pageOf } from '@core/paging';
import { CLOSED_ISSUE_STATUS } from '@shared/domain/work-item-workflow';
import { STATUS_GROUPS } from '@shared/domain/work-items';
import type { IssueListQuery, IssueOrderBy, IssuePage } from '@shared/schemas/issues';
import { projectWithIndex } from './context';
import type { IssueRecord } from './store/work-items';
import { tagsAt } from './tags';
import { issueRowView } from './views';
import { keywordMatcher } from './work-items';

type Predicate = (row: IssueRecord) => boolean;

/** Every filter but the status ones (the tabs' counts ignore those). */
function otherFilters(query: IssueListQuery): Predicate[] {
  const predicates: Predicate[] = [];
  if (query.pmIssueType?.length) {
    const kinds = new Set<number>(query.pmIssueType);
    predicates.push((row) => kinds.has(row.pmIssueType));
  }
  if (query.priority?.length) {
    const priorities = new Set<number>(query.priority);
    predicates.push((row) => priorities.has(row.priority));
  }
  if (query.assigneeId?.length) {
    const assignees = new Set(query.assigneeId);
    const unassigned = assignees.has('none');
    predicates.push((row) => (row.assigneeId ? assignees.has(row.assigneeId) : unassigned));
  }
  if (query.tagId?.length) {
    const tags = new Set(query.tagId);
    predicates.push((row) => row.tagIds.some((id) => tags.has(id)));
  }
  if (query.parentId) {
    const parentId = query.parentId;
    predicates.push((row) => row.parentId === parentId);
  }
  if (query.sprintId) {
    // `none` is the backlog: the items planned in no sprint.
    const sprintId = query.sprintId === 'none' ? null : query.sprintId;
    predicates.push((row) => row.sprintId === sprintId);
  }
  if (query.keyword) predicates.push(keywordMatcher(query.keyword));
  return predicates;
}

/** The statuses `status`, `statusGroup` and `open` allow together (their intersection); null: all. */
function allowedStatuses(query: IssueListQuery): Set<number> | null {
  const sets: (readonly number[])[] = [];
  if (query.status?.length) sets.push(query.status);
  if (query.statusGroup) sets.push(STATUS_GROUPS[query.statusGroup]);
  if (query.open === 1) sets.push(STATUS_GROUPS.opened);
  if (query.open === 2) sets.push(STATUS_GROUPS.closed);
  if (sets.length === 0) return null;
  return new Set(STATUS_GROUPS.all.filter((s) => sets.every((set) => set.includes(s))));
}

type SortValue = string | number | null;

/**
 * The value an item sorts by. Priority sorts by urgency (1 urgent is the most urgent), so `desc`
 * puts urgent first; assignees by lower-cased nickname; missing values are null.
 */
function sortValue(
  orderBy: IssueOrderBy,
  row: IssueRecord,
  nicknames: ReadonlyMap<string, string>,
): SortValue {
  switch (orderBy) {
    case 'updatedAt':
      return row.updatedAt;
    case 'createdAt':
      return row.createdAt;
    case 'priority':
      return -row.priority;
    case 'startDate':
      return row.startDate;
    case 'endDate':
      return row.endDate;
    case 'assigneeInitials': {
      const nickname = row.assigneeId ? nicknames.get(row.assigneeId) : undefined;
      return nickname === undefined ? null : nickname.toLowerCase();
    }
  }
}

/** Sorts in place: by the value (missing values last either way), ties by number, newest first. */
function sortRows(
  rows: IssueRecord[],
  orderBy: IssueOrderBy,
  sort: 'asc' | 'desc',
  nicknames: ReadonlyMap<string, string>,
): IssueRecord[] {
  const direction = sort === 'asc' ? 1 : -1;
  const keyed = rows.map((row) => ({ row, value: sortValue(orderBy, row, nicknames) }));
  keyed.sort((a, b) => {
    if (a.value !== b.value) {
      if (a.value === null) return 1;
      if (b.value === null) return -1;
      return (a.value < b.value ? -1 : 1) * direction;
    }
    return b.row.issueNumber - a.row.issueNumber;
  });
  return keyed.map((k) => k.row);
}

export async function listIssues(enterpriseId: string, query: IssueListQuery): Promise<IssuePage> {
  const projectId = query.pmsProjectId;
  const { index, tagSeq } = await projectWithIndex(enterpriseId, projectId);

  const predicates = otherFilters(query);
  const base: IssueRecord[] = [];
  for (const row of index.rows.values()) {
    if (predicates.every((p) => p(row))) base.push(row);
  }
  const closed = base.reduce((n, row) => n + Number(row.status === CLOSED_ISSUE_STATUS), 0);
  const counts = { all: base.length, opened: base.length - closed, closed };

  const statuses = allowedStatuses(query);
  const matched = statuses ? base.filter((row) => statuses.has(row.status)) : base;

  const nicknames =
    query.orderBy === 'assigneeInitials'
      ? await nicknamesOf(matched.flatMap((row) => (row.assigneeId ? [row.assigneeId] : [])))
      : new Map<string, string>();
  const sorted = sortRows(matched, query.orderBy, query.sort, nicknames);
  const page = await pageOf(sorted, query, async (rows) => {
    const [users, tags] = await Promise.all([
      userSummaries(rows.flatMap((row) => [row.assigneeId, row.authorId])),
      tagsAt(enterpriseId, tagSeq),
    ]);
    const context = { users, tags: new Map(tags.map((t) => [t.tagId, t])) };
    return rows.map((row) => issueRowView(row, index, context));
  });
  return { ...page, counts };
}
