/**
 * The iteration list's search params: the state filter and the page. Plain functions, not zod:
 * validateSearch is part of the first script. Unknown values are dropped, so old links still open.
 */
import { ITERATION_STATE } from '@shared/domain/sprint-workflow';
import type { SprintListParams } from '../../../queries/sprints';

export const SPRINT_STATE_FILTERS = {
  inProgress: ITERATION_STATE.inProgress,
  notStarted: ITERATION_STATE.notStarted,
  closed: ITERATION_STATE.closed,
} as const;
export type SprintStateFilter = keyof typeof SPRINT_STATE_FILTERS;

/** Sprints are cards in a grid: a page fills three rows of three. */
export const SPRINT_PAGE_SIZE = 9;

export interface SprintSearch {
  /** Absent: every state (in progress first, as the list call orders them). */
  state?: SprintStateFilter;
  pageNum?: number;
}

export function validateSprintSearch(search: Record<string, unknown>): SprintSearch {
  const result: SprintSearch = {};
  if (typeof search.state === 'string' && Object.hasOwn(SPRINT_STATE_FILTERS, search.state)) {
    result.state = search.state as SprintStateFilter;
  }
  const page = Number(search.pageNum);
  if (Number.isInteger(page) && page > 1) result.pageNum = page;
  return result;
}

export function sprintListParams(projectId: string, search: SprintSearch): SprintListParams {
  return {
    pmsProjectId: projectId,
    status: search.state ? SPRINT_STATE_FILTERS[search.state] : undefined,
    pageNum: search.pageNum ?? 1,
    pageSize: SPRINT_PAGE_SIZE,
  };
}
