/**
 * The project list's search params: page, keyword, status filter and "My projects". Plain
 * functions (validateSearch is part of the first script, zod is not).
 */
import { PROJECT_STATE } from '@shared/domain/work-items';
import { validateListSearch } from '../../../lib/search';
import type { ProjectListParams } from '../../../queries/projects';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '../../../queries/query-client';

export const PROJECT_STATUS_FILTERS = {
  open: PROJECT_STATE.on,
  paused: PROJECT_STATE.pause,
  closed: PROJECT_STATE.closed,
} as const;
export type ProjectStatusFilter = keyof typeof PROJECT_STATUS_FILTERS;

export interface ProjectSearch {
  pageNum?: number;
  keyword?: string;
  /** Absent: every status. */
  status?: ProjectStatusFilter;
  /** Only the caller's projects. */
  mine?: true;
}

export function validateProjectSearch(search: Record<string, unknown>): ProjectSearch {
  const result: ProjectSearch = validateListSearch(search);
  if (typeof search.status === 'string' && Object.hasOwn(PROJECT_STATUS_FILTERS, search.status)) {
    result.status = search.status as ProjectStatusFilter;
  }
  if (search.mine === true || search.mine === 'true') result.mine = true;
  return result;
}

export function projectListParams(search: ProjectSearch): ProjectListParams {
  return {
    pageNum: search.pageNum ?? DEFAULT_PAGE,
    pageSize: DEFAULT_PAGE_SIZE,
    keyword: search.keyword ?? '',
    status: search.status ? PROJECT_STATUS_FILTERS[search.status] : undefined,
    mine: search.mine ?? false,
  };
}
