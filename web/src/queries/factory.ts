import type { PageQuery } from '@shared/schemas/common';
import {
  keepPreviousData,
  type QueryClient,
  type QueryKey,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../api/client';
import { HttpError } from '../api/errors';
import type { QueryParams } from '../api/url';

/**
 * The two shapes nearly every query module repeats: a read (GET `url` under a key) and a write
 * that refreshes what it made out of date. A module keeps its key factory, its urls and its rules
 * of what goes stale; this file only spares it the wiring.
 */

/** The page a list call asks for and its search box's words: what every paged list's parameters hold. */
export interface PagedSearch extends PageQuery {
  keyword?: string;
}

/** A paged, searchable list inside one project. */
export interface ProjectPagedSearch extends PagedSearch {
  pmsProjectId: string;
}

/** Paging and filtering keep the rows on screen (dimmed) until the new ones arrive. */
export const KEEP_ROWS = { placeholderData: keepPreviousData } as const;
/** A picker's search: the last answer stays while typing, and each keyword asks again. */
export const SEARCH = { placeholderData: keepPreviousData, staleTime: 0 } as const;
/** Lookups and dictionaries change with deployments, not while someone works. */
export const LOOKUP = { staleTime: Number.POSITIVE_INFINITY } as const;

/** The query options of GET `url` (with `params`) under `queryKey`; `more` is one of the above. */
export function getQuery<T, K extends QueryKey = QueryKey>(
  queryKey: K,
  url: string,
  params?: QueryParams,
  more: typeof KEEP_ROWS | typeof SEARCH | typeof LOOKUP | object = {},
) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => api.get<T>(url, params, { signal }),
    ...more,
  });
}

/** A 409 because the item changed since it was read (not a refused status move, which is a 409 too). */
export function isStaleVersion(error: unknown): boolean {
  return error instanceof HttpError && error.status === 409 && /changed by someone else/i.test(error.message);
}

interface WriteOptions<Body, Saved> {
  /** The cache key the answer is written to before anything refreshes (the item's detail). */
  store?: (saved: Saved, body: Body) => QueryKey;
  /** What the write made out of date; the mutation settles once it is refetched. */
  refresh?: (queryClient: QueryClient, saved: Saved, body: Body) => unknown;
  /** Someone else saved first (a stale version): what to refetch to show their version. */
  onStale?: (queryClient: QueryClient, body: Body) => unknown;
  /** Any refusal (a stale version or a refused move): what to refetch to show how things are. */
  onRefused?: (queryClient: QueryClient, body: Body) => unknown;
}

/** A mutation that writes its answer to the cache and refreshes what it made out of date. */
export function useWrite<Body, Saved>(
  mutationFn: (body: Body) => Promise<Saved>,
  { store, refresh, onStale, onRefused }: WriteOptions<Body, Saved>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (saved: Saved, body: Body) => {
      if (store) queryClient.setQueryData(store(saved, body), saved);
      return refresh?.(queryClient, saved, body);
    },
    onError: (error: Error, body: Body) => {
      if (onRefused) return onRefused(queryClient, body);
      if (onStale && isStaleVersion(error)) return onStale(queryClient, body);
    },
  });
}

/**
 * A mutation whose success, and whose refusal as stale (the list shows the newer version then),
 * refetches the same queries: the writes of a small resource (modules, tags, roles).
 */
export function useRefreshingWrite<Body, Saved>(
  mutationFn: (body: Body) => Promise<Saved>,
  refresh: (queryClient: QueryClient) => unknown,
) {
  return useWrite(mutationFn, { refresh, onStale: refresh });
}

/**
 * A mutation that refetches the same queries whether it succeeds or is refused (a result, a batch
 * of cases: even a refusal may follow a part that was written, or someone else's newer version).
 */
export function useSettledWrite<Body, Saved>(
  mutationFn: (body: Body) => Promise<Saved>,
  refresh: (queryClient: QueryClient) => unknown,
) {
  return useWrite(mutationFn, { refresh, onRefused: refresh });
}
