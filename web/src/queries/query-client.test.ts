import { DEFAULT_PAGE as SHARED_PAGE, DEFAULT_PAGE_SIZE as SHARED_PAGE_SIZE } from '@shared/schemas/common';
import type { Query } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { memberListQueryOptions } from './members';
import {
  CACHE_TIME_MS,
  createQueryClient,
  DEFAULT_PAGE_PARAMS,
  FOCUS_REFRESH_SPAN_MS,
  refetchOnFocus,
} from './query-client';

function queryFetchedAt(dataUpdatedAt: number, errorUpdatedAt = 0): Query {
  return { state: { dataUpdatedAt, errorUpdatedAt } } as Query;
}

describe('query defaults (spec section 9)', () => {
  it('caches for 5 minutes', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(CACHE_TIME_MS).toBe(300_000);
    expect(defaults?.staleTime).toBe(300_000);
    expect(defaults?.gcTime).toBe(300_000);
  });

  it('refreshes on window focus at most every 5000 ms', () => {
    const now = 1_000_000;
    expect(FOCUS_REFRESH_SPAN_MS).toBe(5000);
    expect(refetchOnFocus(queryFetchedAt(now - 4999), now)).toBe(false);
    expect(refetchOnFocus(queryFetchedAt(now - 5000), now)).toBe('always');
    // A recent failure counts as a recent fetch too.
    expect(refetchOnFocus(queryFetchedAt(now - 60_000, now - 1000), now)).toBe(false);
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(typeof defaults?.refetchOnWindowFocus).toBe('function');
  });

  it('does not retry: the API client has already shown the failure', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.retry).toBe(false);
    expect(defaults.mutations?.retry).toBe(false);
  });

  it('pages default to page 1, size 10, as in the shared constants', () => {
    expect(DEFAULT_PAGE_PARAMS).toEqual({ pageNum: 1, pageSize: 10 });
    expect(DEFAULT_PAGE_PARAMS).toEqual({ pageNum: SHARED_PAGE, pageSize: SHARED_PAGE_SIZE });
    expect(memberListQueryOptions('acme').queryKey).toEqual([
      'members',
      'list',
      'acme',
      { pageNum: 1, pageSize: 10 },
    ]);
    expect(memberListQueryOptions('acme', { pageNum: 3, keyword: 'bo' }).queryKey[3]).toEqual({
      pageNum: 3,
      pageSize: 10,
      keyword: 'bo',
    });
  });
});
