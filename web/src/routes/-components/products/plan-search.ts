/**
 * The plan list's search params: page and the displayed-status filter (4, expired, included).
 * Plain functions (validateSearch is part of the first script, zod is not).
 */
import { PLAN_STATUS } from '@shared/domain/products';
import type { PlanListParams } from '../../../queries/products';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '../../../queries/query-client';

export const PLAN_STATUS_FILTERS = {
  notStarted: PLAN_STATUS.notStarted,
  inProgress: PLAN_STATUS.inProgress,
  completed: PLAN_STATUS.completed,
  expired: PLAN_STATUS.expired,
  closed: PLAN_STATUS.closed,
} as const;
export type PlanStatusFilter = keyof typeof PLAN_STATUS_FILTERS;

export interface PlanSearch {
  pageNum?: number;
  /** Absent: every status. */
  status?: PlanStatusFilter;
}

export function validatePlanSearch(search: Record<string, unknown>): PlanSearch {
  const result: PlanSearch = {};
  const page = Number(search.pageNum);
  if (Number.isInteger(page) && page > 1) result.pageNum = page;
  if (typeof search.status === 'string' && Object.hasOwn(PLAN_STATUS_FILTERS, search.status)) {
    result.status = search.status as PlanStatusFilter;
  }
  return result;
}

export function planListParams(search: PlanSearch): PlanListParams {
  return {
    pageNum: search.pageNum ?? DEFAULT_PAGE,
    pageSize: DEFAULT_PAGE_SIZE,
    status: search.status ? PLAN_STATUS_FILTERS[search.status] : undefined,
  };
}
