import type { DataExport } from '@shared/schemas/exports';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';

export const exportKeys = {
  all: ['exports'] as const,
  list: (identifier: string) => [...exportKeys.all, 'list', identifier] as const,
};

const base = (identifier: string) => `/api/pms/pmsEnterprise/${encodeURIComponent(identifier)}/export`;

/** How often the list is read again while an export is queued or running. */
export const EXPORT_POLL_MS = 2000;

export const isExportActive = (e: Pick<DataExport, 'status'>) =>
  e.status === 'queued' || e.status === 'running';

/**
 * GET pmsEnterprise/{identifier}/export: the recent exports with their progress; read again every
 * EXPORT_POLL_MS while one of them is queued or running.
 */
export const exportsQueryOptions = (identifier: string) =>
  queryOptions({
    queryKey: exportKeys.list(identifier),
    queryFn: ({ signal }) => api.get<DataExport[]>(base(identifier), undefined, { signal }),
    refetchInterval: (query) => (query.state.data?.some(isExportActive) ? EXPORT_POLL_MS : false),
  });

/** POST pmsEnterprise/{identifier}/export: starts an export (409 while one runs). */
export function useStartExport(identifier: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<DataExport>(base(identifier)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: exportKeys.list(identifier) }),
  });
}

/** GET pmsEnterprise/{identifier}/export/{id}: one export; a done one carries a fresh download address. */
export const fetchExport = (identifier: string, exportId: string) =>
  api.get<DataExport>(`${base(identifier)}/${encodeURIComponent(exportId)}`);
