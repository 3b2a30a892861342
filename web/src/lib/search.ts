/**
 * Search-param validators. Plain functions rather than zod schemas: a route's validateSearch is
 * part of the route tree every page loads, and zod would then be in the first script.
 */

/** `?go_page=`: where to return after signing in (checked for safety where it is used). */
export function validateGoPageSearch(search: Record<string, unknown>): { go_page?: string } {
  return typeof search.go_page === 'string' && search.go_page !== '' ? { go_page: search.go_page } : {};
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
