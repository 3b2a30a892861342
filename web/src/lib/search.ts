/**
 * Search-param validators. Plain functions rather than zod schemas: a route's validateSearch is
 * part of the route tree every page loads, and zod would then be in the first script.
 */
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '@shared/constants/api';

/** `?go_page=`: where to return after signing in (checked for safety where it is used). */
export function validateGoPageSearch(search: Record<string, unknown>): { go_page?: string } {
  return typeof search.go_page === 'string' && search.go_page !== '' ? { go_page: search.go_page } : {};
}

/** `?folderId=`: the folder a new document goes into (none: the top of the library). */
export function validateFolderSearch(search: Record<string, unknown>): { folderId?: string } {
  return typeof search.folderId === 'string' && search.folderId ? { folderId: search.folderId } : {};
}

/** `?pageNum=&keyword=` of a paged, searchable list; bad values fall back to the defaults. */
export function validateListSearch(search: Record<string, unknown>): { pageNum?: number; keyword?: string } {
  const result: { pageNum?: number; keyword?: string } = {};
  const page = Number(search.pageNum);
  if (Number.isInteger(page) && page > 1) result.pageNum = page;
  const keyword = typeof search.keyword === 'string' ? search.keyword.trim().slice(0, 60) : '';
  if (keyword) result.keyword = keyword;
  return result;
}

/** The search of an enterprise's directory (products, projects): page, keyword, status, "only mine". */
export interface DirectorySearch<S extends string> {
  pageNum?: number;
  keyword?: string;
  /** Absent: every status. */
  status?: S;
  /** Only the caller's own. */
  mine?: true;
}

/**
 * The search functions of a directory whose status filter names `statuses` (a name in the URL for
 * each status number of the list call): its validateSearch, and the list call's params.
 */
export function directorySearch<S extends string>(statuses: Readonly<Record<S, number>>) {
  return {
    validate(search: Record<string, unknown>): DirectorySearch<S> {
      const result: DirectorySearch<S> = validateListSearch(search);
      if (typeof search.status === 'string' && Object.hasOwn(statuses, search.status)) {
        result.status = search.status as S;
      }
      if (search.mine === true || search.mine === 'true') result.mine = true;
      return result;
    },
    listParams(search: DirectorySearch<S>) {
      return {
        pageNum: search.pageNum ?? DEFAULT_PAGE,
        pageSize: DEFAULT_PAGE_SIZE,
        keyword: search.keyword ?? '',
        status: search.status ? statuses[search.status] : undefined,
        mine: search.mine ?? false,
      };
    },
  };
}

/*
 * The parts of a filtered list's validateSearch. Each takes a raw param and gives back a value
 * that is allowed, or nothing: a hand-edited or outdated link still opens.
 */

const MAX_ID_LENGTH = 64;
const MAX_PAGE = 10_000;

/** A list param: an array (the router's JSON form), a comma-separated string (`1,2`) or one number. */
export function listParam(raw: unknown): unknown[] {
  if (Array.isArray(raw)) return raw;
  if (typeof raw === 'string') return raw.split(',');
  if (typeof raw === 'number') return [raw];
  return [];
}

/** The allowed numbers of a list param, or nothing when none is. */
export function numbersParam(raw: unknown, allowed: readonly number[]): number[] | undefined {
  const picked = new Set(listParam(raw).map((value) => Number(value)));
  // In the allowed order, so the same filter always gives the same URL and query key.
  const result = allowed.filter((id) => picked.has(id));
  return result.length > 0 ? result : undefined;
}

/** One allowed number. */
export function oneOfParam(raw: unknown, allowed: readonly number[]): number | undefined {
  const value = Number(raw);
  return allowed.includes(value) ? value : undefined;
}

/** An id: a non-empty string of at most 64 characters. */
export function idParam(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const value = raw.trim();
  return value !== '' && value.length <= MAX_ID_LENGTH ? value : undefined;
}

/** A page number after the first (the first is no param). */
export function pageParam(raw: unknown): number | undefined {
  const value = Number(raw);
  return Number.isInteger(value) && value > 1 && value <= MAX_PAGE ? value : undefined;
}

/** Drops the keys whose value is undefined: a URL without `?status=` rather than an empty one. */
export function definedParams<T extends object>(search: T): T {
  return Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined)) as T;
}

/**
 * A route's `navigate` as a page that changes its own search uses it (`Route.useNavigate()` fits):
 * the next search, made from the one before.
 */
export type SearchNavigate<S> = (options: { search: (prev: S) => S; replace: boolean }) => unknown;
