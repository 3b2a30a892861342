import type { Page } from '@shared/schemas/common';
import type {
  Report,
  ReportBody,
  ReportChart,
  ReportDetail,
  ReportUpdateBody,
} from '@shared/schemas/testruns';
import { api } from '../api/client';
import { getQuery, KEEP_ROWS, LOOKUP, type ProjectPagedSearch, useWrite } from './factory';

/**
 * Test reports (docs/api-conventions.md, "Test management"): snapshots of a sheet's results. The
 * snapshot never changes, so only the name and summary ever need refreshing.
 */
const BASE = '/api/pms/testReport';

export type ReportListParams = ProjectPagedSearch;

export const reportKeys = {
  all: ['testreports'] as const,
  project: (projectId: string) => [...reportKeys.all, projectId] as const,
  lists: (projectId: string) => [...reportKeys.project(projectId), 'list'] as const,
  list: (params: ReportListParams) => [...reportKeys.lists(params.pmsProjectId), params] as const,
  report: (projectId: string, id: string) => [...reportKeys.project(projectId), 'report', id] as const,
  detail: (projectId: string, id: string) => [...reportKeys.report(projectId, id), 'detail'] as const,
  chart: (projectId: string, id: string) => [...reportKeys.report(projectId, id), 'chart'] as const,
};

/** GET list: one page of reports, newest first. */
export const reportListQueryOptions = (params: ReportListParams) =>
  getQuery<Page<Report>>(reportKeys.list(params), `${BASE}/list`, { ...params }, KEEP_ROWS);

/** GET {id}: the report with its snapshot of cases and bugs. */
export const reportQueryOptions = (projectId: string, id: string) =>
  getQuery<ReportDetail>(reportKeys.detail(projectId, id), `${BASE}/${id}`);

/** GET chart/{id}: the three charts' series, from the snapshot (they never change). */
export const reportChartQueryOptions = (projectId: string, id: string) =>
  getQuery<ReportChart>(reportKeys.chart(projectId, id), `${BASE}/chart/${id}`, undefined, LOOKUP);

export function useCreateReport(projectId: string) {
  return useWrite((body: ReportBody) => api.post<ReportDetail>(BASE, body), {
    store: (report) => reportKeys.detail(projectId, report.id),
    refresh: (queryClient) => queryClient.invalidateQueries({ queryKey: reportKeys.lists(projectId) }),
  });
}

/** PUT {id}: name and summary at the version read. */
export function useUpdateReport(projectId: string) {
  return useWrite(
    ({ id, body }: { id: string; body: ReportUpdateBody }) => api.put<Report>(`${BASE}/${id}`, body),
    {
      refresh: (queryClient, report) => {
        // The answer has no snapshot: keep the one already read (it never changes).
        queryClient.setQueryData<ReportDetail>(reportKeys.detail(projectId, report.id), (old) =>
          old ? { ...old, ...report } : old,
        );
        return queryClient.invalidateQueries({ queryKey: reportKeys.lists(projectId) });
      },
      onRefused: (queryClient, { id }) =>
        queryClient.invalidateQueries({ queryKey: reportKeys.detail(projectId, id) }),
    },
  );
}

/** DELETE {ids}: all or nothing. */
export function useDeleteReports(projectId: string) {
  return useWrite((ids: string[]) => api.delete<null>(`${BASE}/${ids.join(',')}`), {
    // Only the lists: a deleted report's page may still be mounted while it navigates away, and a
    // refetch of its own queries would meet a 404.
    refresh: (queryClient) => queryClient.invalidateQueries({ queryKey: reportKeys.lists(projectId) }),
  });
}
