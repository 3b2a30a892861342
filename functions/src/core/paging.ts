/**
 * The pages of the list calls, as the API sends them (`pageSchema` of @shared/schemas/common).
 * A list is read, filtered and sorted in memory first; only the page's rows become views.
 */
import type { Page, PageQuery } from '@shared/schemas/common';

/**
 * The page `query` asks for (`pageNum` counted from 1) of everything `found`: its rows turned
 * into what the API shows by `views`, which reads what they need for this page only (or the rows
 * as they are, without `views`), with the total and the page asked for.
 */
export function pageOf<T>(found: readonly T[], query: PageQuery): Promise<Page<T>>;
export function pageOf<T, V>(
  found: readonly T[],
  query: PageQuery,
  views: (rows: T[]) => V[] | Promise<V[]>,
): Promise<Page<V>>;
export async function pageOf<T, V>(
  found: readonly T[],
  query: PageQuery,
  views?: (rows: T[]) => V[] | Promise<V[]>,
): Promise<Page<T | V>> {
  const start = (query.pageNum - 1) * query.pageSize;
  const rows = found.slice(start, start + query.pageSize);
  return {
    rows: views ? await views(rows) : rows,
    total: found.length,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
}
