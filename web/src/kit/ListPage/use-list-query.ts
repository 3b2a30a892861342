import type { Page } from '@shared/schemas/common';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { usePageSize } from './use-page-size';

/**
 * A paged list's query: the page its filters select (`params`), at the page size the person chose
 * for the list `name` (kept by `usePageSize`). Gives the params as asked, the query, and the
 * setter of the page size for the `Pager`.
 */
export function useListQuery<P extends { pageNum: number }, T>(
  name: string,
  params: P,
  options: (params: P & { pageSize: number }) => UseQueryOptions<Page<T>, Error, Page<T>, QueryKey>,
) {
  const [pageSize, setPageSize] = usePageSize(name);
  const sized = { ...params, pageSize };
  return { params: sized, query: useQuery(options(sized)), onPageSizeChange: setPageSize };
}

export type ListQuery<T = unknown> = ReturnType<typeof useListQuery<{ pageNum: number }, T>>;
