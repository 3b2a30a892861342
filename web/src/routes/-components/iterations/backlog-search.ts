/**
 * The backlog filters of the planning and backlog pages, as URL search params: keyword, kind,
 * priorities, the page, and (planning) the sprint picked on the right. Plain functions, not zod:
 * validateSearch is part of the first script. Unknown values are dropped, so old links still open.
 */
import { PRIORITIES } from '@shared/domain/priorities';
import { UNFINISHED_STATUSES } from '@shared/domain/sprint-workflow';
import { ISSUE_KINDS, type IssueKind } from '@shared/domain/work-item-workflow';
import type { IssueListParams } from '../../../queries/issues';

export interface BacklogSearch {
  keyword?: string;
  kind?: IssueKind;
  priority?: number[];
  pageNum?: number;
  /** Planning: the sprint on the right. */
  sprint?: string;
}

const PRIORITY_IDS: readonly number[] = PRIORITIES.map((p) => p.id);
const MAX_KEYWORD_LENGTH = 100;

function priorities(raw: unknown): number[] | undefined {
  const values = Array.isArray(raw)
    ? raw
    : typeof raw === 'string'
      ? raw.split(',')
      : typeof raw === 'number'
        ? [raw]
        : [];
  const picked = new Set(values.map(Number));
  const result = PRIORITY_IDS.filter((id) => picked.has(id));
  return result.length > 0 ? result : undefined;
}

export function validateBacklogSearch(search: Record<string, unknown>): BacklogSearch {
  const result: BacklogSearch = {};
  const keyword =
    typeof search.keyword === 'string' ? search.keyword.trim().slice(0, MAX_KEYWORD_LENGTH) : '';
  if (keyword) result.keyword = keyword;
  const kind = Number(search.kind);
  if ((ISSUE_KINDS as readonly number[]).includes(kind)) result.kind = kind as IssueKind;
  const priority = priorities(search.priority);
  if (priority) result.priority = priority;
  const page = Number(search.pageNum);
  if (Number.isInteger(page) && page > 1) result.pageNum = page;
  if (typeof search.sprint === 'string' && search.sprint.trim() !== '' && search.sprint.length <= 64) {
    result.sprint = search.sprint.trim();
  }
  return result;
}

export function hasBacklogFilters(search: BacklogSearch): boolean {
  return Boolean(search.keyword || search.kind || search.priority);
}

/**
 * The list call's filters for the backlog (the query adds `sprintId=none`): unfinished items only,
 * the ones worth planning (finished ones would count as done the moment they join a sprint).
 */
export function backlogParams(projectId: string, search: BacklogSearch): IssueListParams {
  return {
    pmsProjectId: projectId,
    pmIssueType: search.kind,
    statusGroup: 'all',
    status: [...UNFINISHED_STATUSES],
    priority: search.priority,
    keyword: search.keyword,
    // The list's priority order ranks importance (`-priority`): descending puts urgent first.
    orderBy: 'priority',
    sort: 'desc',
  };
}
