/**
 * The user-requirement and spec lists' filters, module and page as URL search params (the routes'
 * validateSearch). Plain functions, not zod: validateSearch is part of the first script. Values
 * that are not allowed are dropped rather than refused, so an old or hand-edited link still opens.
 */
import { PRIORITIES } from '@shared/domain/priorities';
import { REQUIREMENT_SOURCES, SPEC_TYPES } from '@shared/domain/products';
import { STATUS_LISTS } from '@shared/domain/requirement-workflow';
import { anyFilterSet } from '../../../kit/FilterBar/bind-filters';
import {
  definedParams,
  idParam,
  numbersParam,
  oneOfParam,
  pageParam,
  type SearchNavigate,
} from '../../../lib/search';
import type { SpecListParams, UserRequirementListParams } from '../../../queries/requirements';

export type UserRequirementSearch = {
  keyword?: string;
  status?: number[];
  priority?: number[];
  tagId?: string;
  source?: number;
  /** The module picked in the tree (with everything under it). */
  moduleId?: string;
  /** Absent: the first page. */
  pageNum?: number;
};

export type SpecSearch = {
  keyword?: string;
  status?: number[];
  priority?: number[];
  type?: number[];
  planId?: string;
  ownerId?: string;
  moduleId?: string;
  pageNum?: number;
};

const MAX_KEYWORD_LENGTH = 80;

const ids = (list: readonly { id: number }[]) => list.map((entry) => entry.id);
const PRIORITY_IDS = ids(PRIORITIES);
const SOURCE_IDS = ids(REQUIREMENT_SOURCES);
const TYPE_IDS = ids(SPEC_TYPES);
const UR_STATUS_IDS = ids(STATUS_LISTS.userRequirement);
const SPEC_STATUS_IDS = ids(STATUS_LISTS.spec);

function keyword(raw: unknown): string | undefined {
  return typeof raw === 'string' ? raw.trim().slice(0, MAX_KEYWORD_LENGTH) || undefined : undefined;
}

export function validateUserRequirementSearch(search: Record<string, unknown>): UserRequirementSearch {
  return definedParams({
    keyword: keyword(search.keyword),
    status: numbersParam(search.status, UR_STATUS_IDS),
    priority: numbersParam(search.priority, PRIORITY_IDS),
    tagId: idParam(search.tagId),
    source: oneOfParam(search.source, SOURCE_IDS),
    moduleId: idParam(search.moduleId),
    pageNum: pageParam(search.pageNum),
  });
}

export function validateSpecSearch(search: Record<string, unknown>): SpecSearch {
  return definedParams({
    keyword: keyword(search.keyword),
    status: numbersParam(search.status, SPEC_STATUS_IDS),
    priority: numbersParam(search.priority, PRIORITY_IDS),
    type: numbersParam(search.type, TYPE_IDS),
    planId: idParam(search.planId),
    ownerId: idParam(search.ownerId),
    moduleId: idParam(search.moduleId),
    pageNum: pageParam(search.pageNum),
  });
}

/** Whether a filter (not the module, not the page) is set: the empty state then says "no match". */
/** What the user-requirement list filters by (the module is a place, not a filter). */
export const USER_REQUIREMENT_FILTERS = ['keyword', 'status', 'priority', 'tagId', 'source'] as const;
/** What the spec list filters by. */
export const SPEC_FILTERS = ['keyword', 'status', 'priority', 'type', 'planId', 'ownerId'] as const;

export function hasUserRequirementFilters(search: UserRequirementSearch): boolean {
  return anyFilterSet(search, USER_REQUIREMENT_FILTERS);
}

export function hasSpecFilters(search: SpecSearch): boolean {
  return anyFilterSet(search, SPEC_FILTERS);
}

/**
 * A change of filters (or of the module) starts again at the first page; a change of page alone
 * keeps the filters.
 */
export function nextSearch<S extends { pageNum?: number }>(prev: S, change: Partial<S>): S {
  const pageOnly = Object.keys(change).every((key) => key === 'pageNum');
  return { ...prev, ...(pageOnly ? {} : { pageNum: undefined }), ...change };
}

/**
 * A list page's `onSearchChange`: the route's search, changed and validated. A new page is history
 * worth going back through; each keystroke of a filter is not, so it replaces the entry.
 */
export function searchNavigation<S extends { pageNum?: number }>(
  navigate: SearchNavigate<S>,
  validate: (search: S) => S,
) {
  return (change: Partial<S>) =>
    void navigate({
      search: (prev) => validate(nextSearch(prev, change)),
      replace: !('pageNum' in change && Object.keys(change).length === 1),
    });
}

export function userRequirementListParams(
  productId: string,
  search: UserRequirementSearch,
): UserRequirementListParams {
  return { productId, ...search, pageNum: search.pageNum ?? 1 };
}

export function specListParams(productId: string, search: SpecSearch): SpecListParams {
  return { productId, ...search, pageNum: search.pageNum ?? 1 };
}
