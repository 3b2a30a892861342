/**
 * The user-requirement and spec lists' filters, module and page as URL search params (the routes'
 * validateSearch). Plain functions, not zod: validateSearch is part of the first script. Values
 * that are not allowed are dropped rather than refused, so an old or hand-edited link still opens.
 */
import { PRIORITIES } from '@shared/domain/priorities';
import { REQUIREMENT_SOURCES, SPEC_TYPES } from '@shared/domain/products';
import { STATUS_LISTS } from '@shared/domain/requirement-workflow';
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

const MAX_ID_LENGTH = 64;
const MAX_KEYWORD_LENGTH = 80;
const MAX_PAGE = 10_000;

const ids = (list: readonly { id: number }[]) => list.map((entry) => entry.id);
const PRIORITY_IDS = ids(PRIORITIES);
const SOURCE_IDS = ids(REQUIREMENT_SOURCES);
const TYPE_IDS = ids(SPEC_TYPES);
const UR_STATUS_IDS = ids(STATUS_LISTS.userRequirement);
const SPEC_STATUS_IDS = ids(STATUS_LISTS.spec);

/** A list param: an array (the router's JSON form), a comma-separated string (`1,2`) or one number. */
function values(raw: unknown): unknown[] {
  if (Array.isArray(raw)) return raw;
  if (typeof raw === 'string') return raw.split(',');
  if (typeof raw === 'number') return [raw];
  return [];
}

function numbers(raw: unknown, allowed: readonly number[]): number[] | undefined {
  const picked = new Set(values(raw).map((value) => Number(value)));
  // In the allowed order, so the same filter always gives the same URL and query key.
  const result = allowed.filter((id) => picked.has(id));
  return result.length > 0 ? result : undefined;
}

function oneOf(raw: unknown, allowed: readonly number[]): number | undefined {
  const value = Number(raw);
  return allowed.includes(value) ? value : undefined;
}

function id(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const value = raw.trim();
  return value !== '' && value.length <= MAX_ID_LENGTH ? value : undefined;
}

function keyword(raw: unknown): string | undefined {
  return typeof raw === 'string' ? raw.trim().slice(0, MAX_KEYWORD_LENGTH) || undefined : undefined;
}

function page(raw: unknown): number | undefined {
  const value = Number(raw);
  return Number.isInteger(value) && value > 1 && value <= MAX_PAGE ? value : undefined;
}

/** Drops the keys whose value is undefined: a URL without `?status=` rather than an empty one. */
function defined<T extends object>(search: T): T {
  return Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined)) as T;
}

export function validateUserRequirementSearch(search: Record<string, unknown>): UserRequirementSearch {
  return defined({
    keyword: keyword(search.keyword),
    status: numbers(search.status, UR_STATUS_IDS),
    priority: numbers(search.priority, PRIORITY_IDS),
    tagId: id(search.tagId),
    source: oneOf(search.source, SOURCE_IDS),
    moduleId: id(search.moduleId),
    pageNum: page(search.pageNum),
  });
}

export function validateSpecSearch(search: Record<string, unknown>): SpecSearch {
  return defined({
    keyword: keyword(search.keyword),
    status: numbers(search.status, SPEC_STATUS_IDS),
    priority: numbers(search.priority, PRIORITY_IDS),
    type: numbers(search.type, TYPE_IDS),
    planId: id(search.planId),
    ownerId: id(search.ownerId),
    moduleId: id(search.moduleId),
    pageNum: page(search.pageNum),
  });
}

/** Whether a filter (not the module, not the page) is set: the empty state then says "no match". */
export function hasUserRequirementFilters(search: UserRequirementSearch): boolean {
  return Boolean(search.keyword || search.status || search.priority || search.tagId || search.source);
}

export function hasSpecFilters(search: SpecSearch): boolean {
  return Boolean(
    search.keyword || search.status || search.priority || search.type || search.planId || search.ownerId,
  );
}

/**
 * A change of filters (or of the module) starts again at the first page; a change of page alone
 * keeps the filters.
 */
export function nextSearch<S extends { pageNum?: number }>(prev: S, change: Partial<S>): S {
  const pageOnly = Object.keys(change).every((key) => key === 'pageNum');
  return { ...prev, ...(pageOnly ? {} : { pageNum: undefined }), ...change };
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
