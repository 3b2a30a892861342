/**
 * The case library's filters and paging as URL search params (the test routes' validateSearch),
 * and the list call's parameters built from them. Plain functions, not zod: validateSearch is part
 * of the first script. Values that are not allowed are dropped rather than refused, so an old or
 * hand-edited link still opens.
 */
import { DEFAULT_PAGE_SIZE } from '@shared/constants/api';
import { PRIORITIES } from '@shared/domain/priorities';
import { CASE_TYPE_IDS } from '@shared/domain/testing';
import { storedPageSize } from '../../../kit/ListPage/use-page-size';
import { definedParams, idParam, oneOfParam, pageParam } from '../../../lib/search';
import type { CaseListParams } from '../../../queries/testcases';

/** The case library's name for its remembered page size (`usePageSize`). */
export const CASE_LIST = 'cases';

export interface CaseFilters {
  keyword?: string;
  type?: number;
  priority?: number;
  tagId?: string;
  /** Only cases flagged after a covered spec changed. */
  needsConfirmation?: boolean;
}

export interface CaseSearch extends CaseFilters {
  /** Absent: the first page. */
  pageNum?: number;
  /** Absent: section 9's default of 10. */
  pageSize?: number;
}

/** The page sizes the list offers (section 9: 10 by default). */
export const PAGE_SIZES = [10, 20, 50, 100] as const;

const CASE_KEYS = ['keyword', 'type', 'priority', 'tagId', 'needsConfirmation', 'pageNum', 'pageSize'];
const MAX_KEYWORD_LENGTH = 100;
const PRIORITY_IDS: readonly number[] = PRIORITIES.map((p) => p.id);
const TYPE_IDS: readonly number[] = CASE_TYPE_IDS;

function keyword(raw: unknown): string | undefined {
  if (typeof raw !== 'string' && typeof raw !== 'number') return undefined;
  return String(raw).trim().slice(0, MAX_KEYWORD_LENGTH) || undefined;
}

function flag(raw: unknown): true | undefined {
  return raw === true || raw === 'true' ? true : undefined;
}

export function validateCaseSearch(search: Record<string, unknown>): CaseSearch {
  const pageSize = oneOfParam(search.pageSize, PAGE_SIZES);
  return definedParams({
    keyword: keyword(search.keyword),
    type: oneOfParam(search.type, TYPE_IDS),
    priority: oneOfParam(search.priority, PRIORITY_IDS),
    tagId: idParam(search.tagId),
    needsConfirmation: flag(search.needsConfirmation),
    pageNum: pageParam(search.pageNum),
    pageSize: pageSize === DEFAULT_PAGE_SIZE ? undefined : pageSize,
  });
}

/**
 * The test area's search: the case library's keys validated, anything else kept as it came. The
 * sheet and report pages share these routes and may keep their own keys in the URL.
 */
export function validateTestSearch(search: Record<string, unknown>): CaseSearch {
  const others = Object.fromEntries(Object.entries(search).filter(([key]) => !CASE_KEYS.includes(key)));
  return { ...others, ...validateCaseSearch(search) };
}

/** Whether a filter (not the module, not the page) is set: the empty state then says "no match". */
export function hasCaseFilters(filters: CaseFilters): boolean {
  return Boolean(
    filters.keyword || filters.type || filters.priority || filters.tagId || filters.needsConfirmation,
  );
}

/** The filters cleared. */
export const NO_FILTERS: Record<keyof CaseFilters, undefined> = {
  keyword: undefined,
  type: undefined,
  priority: undefined,
  tagId: undefined,
  needsConfirmation: undefined,
};

/** A change of filters or page size starts again at the first page; a change of page alone keeps them. */
export function nextCaseSearch(prev: CaseSearch, change: Partial<CaseSearch>): CaseSearch {
  const pageOnly = Object.keys(change).every((key) => key === 'pageNum');
  return { ...prev, ...(pageOnly ? {} : { pageNum: undefined }), ...change };
}

export function caseListParams(
  projectId: string,
  moduleId: string | undefined,
  search: CaseSearch,
): CaseListParams {
  return {
    pmsProjectId: projectId,
    moduleId,
    keyword: search.keyword,
    type: search.type,
    priority: search.priority,
    tagId: search.tagId,
    needsConfirmation: search.needsConfirmation,
    pageNum: search.pageNum ?? 1,
    // A link's size wins; else the size this person chose for the library last time.
    pageSize: search.pageSize ?? storedPageSize(CASE_LIST),
  };
}
