import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '@shared/constants/api';
import { type Query, QueryClient } from '@tanstack/react-query';

/** Spec section 9: request cache time, 5 minutes. */
export const CACHE_TIME_MS = 5 * 60_000;
/** Spec section 9: window-focus refresh span; a query refreshes on focus at most this often. */
export const FOCUS_REFRESH_SPAN_MS = 5_000;

/** Spec section 9: paginated requests default to page 1 and size 10. */
export { DEFAULT_PAGE, DEFAULT_PAGE_SIZE };
export const DEFAULT_PAGE_PARAMS = { pageNum: DEFAULT_PAGE, pageSize: DEFAULT_PAGE_SIZE } as const;

/**
 * Refresh on window focus, but not when the query was fetched less than the focus span ago.
 * 'always' (rather than true) because fresh-by-staleTime data is still refreshed on focus.
 */
export function refetchOnFocus(query: Query, now: number = Date.now()): boolean | 'always' {
  const last = Math.max(query.state.dataUpdatedAt, query.state.errorUpdatedAt);
  return now - last >= FOCUS_REFRESH_SPAN_MS ? 'always' : false;
}

/**
 * The one QueryClient factory. No automatic retries: the API client already reports every failure
 * to the user (section 8), and a retry would repeat the message.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: CACHE_TIME_MS,
        gcTime: CACHE_TIME_MS,
        refetchOnWindowFocus: (query) => refetchOnFocus(query),
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
