import type { Page } from '@shared/schemas/common';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { usePager } from '../ListPage/use-pager';
import { useStepBackFromEmptyPage } from '../ListPage/use-step-back';

/** What a paged list keeps of its paging in the route's search (`?pageNum=`, absent for page 1). */
export interface RoutePaging {
  pageNum?: number;
}

/**
 * Merges a patch into the route's search. The caller writes it with its own typed `navigate`
 * (`(patch, replace) => void navigate({ search: (prev) => ({ ...prev, ...patch }), replace })`),
 * which keeps the router's generics out of this hook.
 */
export type PatchSearch<S extends RoutePaging> = (patch: Partial<S> | RoutePaging, replace: boolean) => void;

/**
 * A server-paged list whose page and filters live in the route's search (the pipelines, a
 * pipeline's run records): the page asked for at the size the person chose for `list`, the
 * `Pager`'s state, a step back when a delete leaves the last page empty, and `filter`, which
 * changes filters and starts again at page 1 without adding a history entry.
 */
export function useRoutePagedList<S extends RoutePaging, T>(
  list: string,
  search: S,
  patchSearch: PatchSearch<S>,
  options: (paging: {
    pageNum: number;
    pageSize: number;
  }) => UseQueryOptions<Page<T>, Error, Page<T>, QueryKey>,
) {
  const pageNum = search.pageNum ?? 1;
  const goTo = (next: number | undefined) => patchSearch({ pageNum: next }, false);
  const pager = usePager(list, pageNum, goTo);
  const query = useQuery(options({ pageNum, pageSize: pager.pageSize }));
  useStepBackFromEmptyPage(query.data, pageNum, goTo);
  const filter = (next: Partial<S>) => patchSearch({ ...next, pageNum: undefined }, true);
  return { query, page: query.data, pager, filter };
}
