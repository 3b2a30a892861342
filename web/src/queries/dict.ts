import type { DictEntry } from '@shared/domain/dictionaries';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/client';

export const dictKeys = {
  all: ['dict'] as const,
  type: (key: string) => [...dictKeys.all, key] as const,
};

/** GET system/dict/data/type/{key}: dictionary entries (statuses, priorities, modules, tags). */
export const dictQueryOptions = (key: string) =>
  queryOptions({
    queryKey: dictKeys.type(key),
    queryFn: ({ signal }) =>
      api.get<DictEntry[]>(`/api/system/dict/data/type/${encodeURIComponent(key)}`, undefined, { signal }),
    // Dictionaries change with deployments, not while someone works.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Label and colour of a dictionary value, for badges. */
export function dictLabel(entries: readonly DictEntry[], value: string | number): DictEntry | undefined {
  return entries.find((entry) => entry.dictValue === String(value));
}
