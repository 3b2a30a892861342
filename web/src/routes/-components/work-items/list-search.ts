/**
 * The work-item list's filters and sort as URL search params (validateSearch of the demand, task and
 * bug routes). Plain functions, not zod: validateSearch is part of the first script. Values that are
 * not allowed are dropped rather than refused, so a hand-edited or outdated link still opens.
 */
import { PRIORITIES } from '@shared/domain/priorities';
import { ISSUE_STATUS_IDS, type IssueKind } from '@shared/domain/work-item-workflow';
import { SORT_OPTIONS } from '@shared/domain/work-items';
import type { IssueOrderBy } from '@shared/schemas/issues';
import { anyFilterSet } from '../../../kit/FilterBar/bind-filters';
import { listParam, numbersParam } from '../../../lib/search';
import type { IssueListParams } from '../../../queries/issues';

export type StatusGroup = 'opened' | 'closed';

/** The list call's filters as the URL holds them (owner `none`: unassigned; no `orderBy`: `updatedAt`). */
export interface WorkItemSearch
  extends Pick<IssueListParams, 'status' | 'priority' | 'assigneeId' | 'tagId' | 'keyword' | 'orderBy'> {
  /** The status-group tab; absent: all. */
  statusGroup?: StatusGroup;
  /** Absent: descending. */
  sort?: 'asc';
}

export const DEFAULT_ORDER_BY: IssueOrderBy = 'updatedAt';
export const UNASSIGNED = 'none';
const MAX_VALUES = 50;
const MAX_ID_LENGTH = 64;
const MAX_KEYWORD_LENGTH = 100;

const ORDER_BY_VALUES: readonly string[] = SORT_OPTIONS.map((option) => option.value);
const PRIORITY_IDS: readonly number[] = PRIORITIES.map((priority) => priority.id);

function ids(raw: unknown): string[] | undefined {
  const result = [
    ...new Set(
      listParam(raw)
        .filter((value): value is string => typeof value === 'string')
        .map((value) => value.trim())
        .filter((value) => value !== '' && value.length <= MAX_ID_LENGTH),
    ),
  ].slice(0, MAX_VALUES);
  return result.length > 0 ? result : undefined;
}

export function validateWorkItemSearch(search: Record<string, unknown>): WorkItemSearch {
  const result: WorkItemSearch = {};
  if (search.statusGroup === 'opened' || search.statusGroup === 'closed')
    result.statusGroup = search.statusGroup;
  const status = numbersParam(search.status, ISSUE_STATUS_IDS);
  if (status) result.status = status;
  const priority = numbersParam(search.priority, PRIORITY_IDS);
  if (priority) result.priority = priority;
  const assigneeId = ids(search.assigneeId);
  if (assigneeId) result.assigneeId = assigneeId;
  const tagId = ids(search.tagId);
  if (tagId) result.tagId = tagId;
  const keyword =
    typeof search.keyword === 'string' ? search.keyword.trim().slice(0, MAX_KEYWORD_LENGTH) : '';
  if (keyword) result.keyword = keyword;
  if (
    typeof search.orderBy === 'string' &&
    search.orderBy !== DEFAULT_ORDER_BY &&
    ORDER_BY_VALUES.includes(search.orderBy)
  ) {
    result.orderBy = search.orderBy as IssueOrderBy;
  }
  if (search.sort === 'asc') result.sort = 'asc';
  return result;
}

/** Whether any filter (not the tab, not the sort) is set: the empty state then says "no match". */
/** What a work-item list filters by (the sort is not a filter). */
export const WORK_ITEM_FILTERS = ['status', 'priority', 'assigneeId', 'tagId', 'keyword'] as const;

export function hasFilters(search: WorkItemSearch): boolean {
  return anyFilterSet(search, WORK_ITEM_FILTERS);
}

/** The list call's parameters for a kind's list in a project. */
export function listParams(projectId: string, kind: IssueKind, search: WorkItemSearch): IssueListParams {
  return {
    pmsProjectId: projectId,
    pmIssueType: kind,
    statusGroup: search.statusGroup ?? 'all',
    status: search.status,
    priority: search.priority,
    assigneeId: search.assigneeId,
    tagId: search.tagId,
    keyword: search.keyword,
    orderBy: search.orderBy ?? DEFAULT_ORDER_BY,
    sort: search.sort ?? 'desc',
  };
}
