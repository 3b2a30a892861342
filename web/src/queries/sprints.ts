import type { IssuePage } from '@shared/schemas/issues';
import type {
  BurnDown,
  CompleteSprintBody,
  Sprint,
  SprintBody,
  SprintDetail,
  SprintIssuesBody,
  SprintStatistics,
  SprintUpdateBody,
} from '@shared/schemas/sprints';
import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../api/client';
import { getQuery, KEEP_ROWS, useWrite } from './factory';
import { type IssueListParams, issueKeys, issueListQuery } from './issues';
import { projectKeys } from './projects';
import { DEFAULT_PAGE_SIZE } from './query-client';

/**
 * Iterations (docs/api-conventions.md, "Iterations"). Type-only imports from the shared schemas:
 * the iteration routes' loaders import this module, and zod stays out of their chunks.
 */
const BASE = '/api/pms/pmsProjectSprint';
const ISSUES = '/api/pms/pmsProjectIssues';

/** The most sprints a picker lists (a project rarely has more open at once). */
export const SPRINT_PICKER_SIZE = 100;

export interface SprintListParams {
  pmsProjectId: string;
  /** 0 not started, 1 in progress, 2 closed; absent: all. */
  status?: number;
  pageNum: number;
  pageSize: number;
}

/** Work-item list filters without the project (the sprint decides it), for a sprint's items. */
export type SprintIssueParams = Omit<IssueListParams, 'pmsProjectId'>;

export const sprintKeys = {
  all: ['sprints'] as const,
  /** Everything about a project's sprints: lists, details, charts, statistics. */
  project: (projectId: string) => [...sprintKeys.all, projectId] as const,
  lists: (projectId: string) => [...sprintKeys.project(projectId), 'list'] as const,
  list: (params: SprintListParams) => [...sprintKeys.lists(params.pmsProjectId), params] as const,
  sprint: (projectId: string, id: string) => [...sprintKeys.project(projectId), 'sprint', id] as const,
  detail: (projectId: string, id: string) => [...sprintKeys.sprint(projectId, id), 'detail'] as const,
  burnDown: (projectId: string, id: string) => [...sprintKeys.sprint(projectId, id), 'burn-down'] as const,
  statistics: (projectId: string, id: string) => [...sprintKeys.sprint(projectId, id), 'statistics'] as const,
};

/**
 * Item lists that depend on sprint membership live under the project's issue keys, so that any
 * work-item write (the drawer, a batch edit) refreshes them as it refreshes the other lists.
 */
export const sprintIssueKeys = {
  items: (projectId: string, sprintId: string, params: SprintIssueParams, pageNum: number) =>
    [...issueKeys.project(projectId), 'sprint', sprintId, params, pageNum] as const,
  backlog: (params: IssueListParams, pageNum: number, pageSize: number) =>
    [...issueKeys.project(params.pmsProjectId), 'backlog', params, pageNum, pageSize] as const,
};

/** GET list: in progress first, then not started, then closed. */
export const sprintListQueryOptions = (params: SprintListParams) =>
  getQuery<{ rows: Sprint[]; total: number; pageNum: number; pageSize: number }>(
    sprintKeys.list(params),
    `${BASE}/list`,
    { ...params },
    KEEP_ROWS,
  );

/** The sprints items may still be planned into: not started and in progress (one page each). */
export const openSprintsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: [...sprintKeys.lists(projectId), 'open'] as const,
    queryFn: async ({ signal }) => {
      const page = (status: number) =>
        api.get<{ rows: Sprint[] }>(
          `${BASE}/list`,
          { pmsProjectId: projectId, status, pageNum: 1, pageSize: SPRINT_PICKER_SIZE },
          { signal },
        );
      const [running, waiting] = await Promise.all([page(1), page(0)]);
      return [...running.rows, ...waiting.rows];
    },
  });

/** GET {id}: the sprint with its last completion's record. */
export const sprintQueryOptions = (projectId: string, id: string) =>
  getQuery<SprintDetail>(sprintKeys.detail(projectId, id), `${BASE}/${id}`);

/** GET {id}/burnDownChart: live while the sprint runs, the snapshot once completed. */
export const burnDownQueryOptions = (projectId: string, id: string) =>
  getQuery<BurnDown>(sprintKeys.burnDown(projectId, id), `${BASE}/${id}/burnDownChart`);

/** GET {id}/statistics: live counts, by status, kind and assignee. */
export const sprintStatisticsQueryOptions = (projectId: string, id: string) =>
  getQuery<SprintStatistics>(sprintKeys.statistics(projectId, id), `${BASE}/${id}/statistics`);

/** GET {id}/issues: one page of the sprint's items, with the work-item list's filters. */
export const sprintIssuesQueryOptions = (
  projectId: string,
  sprintId: string,
  params: SprintIssueParams,
  pageNum: number,
  pageSize = DEFAULT_PAGE_SIZE,
) =>
  queryOptions({
    queryKey: sprintIssueKeys.items(projectId, sprintId, params, pageNum),
    queryFn: ({ signal }) => {
      const { pmsProjectId: _project, ...query } = issueListQuery(
        { ...params, pmsProjectId: projectId },
        pageNum,
        pageSize,
      );
      return api.get<IssuePage>(`${BASE}/${sprintId}/issues`, query, { signal });
    },
    placeholderData: keepPreviousData,
  });

/** GET pmsProjectIssues/list?sprintId=none: the backlog (items in no sprint), one page. */
export const backlogQueryOptions = (params: IssueListParams, pageNum: number, pageSize = DEFAULT_PAGE_SIZE) =>
  getQuery<IssuePage>(
    sprintIssueKeys.backlog(params, pageNum, pageSize),
    `${ISSUES}/list`,
    { ...issueListQuery(params, pageNum, pageSize), sprintId: 'none' },
    KEEP_ROWS,
  );

// ---- mutations --------------------------------------------------------------------------------

/**
 * Moving items in or out of sprints changes the project's item lists (backlog, sprint items),
 * the items' details (their sprint), every sprint's counts and charts, and the project's counts.
 */
export function invalidateSprintMembership(queryClient: QueryClient, projectId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: sprintKeys.project(projectId) }),
    queryClient.invalidateQueries({ queryKey: issueKeys.project(projectId) }),
    queryClient.invalidateQueries({ queryKey: issueKeys.details() }),
    queryClient.invalidateQueries({ queryKey: projectKeys.statistics(projectId) }),
    queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) }),
    queryClient.invalidateQueries({ queryKey: projectKeys.lists() }),
  ]);
}

/** Sprint fields and state changed: its lists and its own queries. */
function invalidateSprint(queryClient: QueryClient, projectId: string, id?: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: sprintKeys.lists(projectId) }),
    id ? queryClient.invalidateQueries({ queryKey: sprintKeys.sprint(projectId, id) }) : undefined,
  ]);
}

export function useCreateSprint(projectId: string) {
  return useWrite((body: SprintBody) => api.post<Sprint>(BASE, body), {
    refresh: (queryClient) => invalidateSprint(queryClient, projectId),
  });
}

/** Edits name, goal and dates; `status: 1` starts or reopens (the body carries the version read). */
export function useUpdateSprint(projectId: string) {
  return useWrite(
    ({ id, body }: { id: string; body: SprintUpdateBody }) => api.put<Sprint>(`${BASE}/${id}`, body),
    {
      refresh: (queryClient, sprint) => invalidateSprint(queryClient, projectId, sprint.id),
      // A stale version or a refused move: show what the sprint is now.
      onRefused: (queryClient, { id }) => invalidateSprint(queryClient, projectId, id),
    },
  );
}

export function useDeleteSprint(projectId: string) {
  return useWrite((id: string) => api.delete<null>(`${BASE}/${id}`), {
    // Its items went back to the backlog. The deleted sprint's own queries are left alone: its page
    // may still be mounted while it navigates away, and a refetch would meet a 404.
    refresh: (queryClient, _, id) =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: sprintKeys.project(projectId),
          predicate: (query) => query.queryKey[3] !== id,
        }),
        queryClient.invalidateQueries({ queryKey: issueKeys.project(projectId) }),
        queryClient.invalidateQueries({ queryKey: issueKeys.details() }),
      ]),
  });
}

/** PUT {id}/issues: plan items in and take others out, all or nothing. */
export function useSprintIssues(projectId: string) {
  return useWrite(
    ({ id, body }: { id: string; body: Partial<SprintIssuesBody> }) =>
      api.put<{ added: number; removed: number }>(`${BASE}/${id}/issues`, body),
    { refresh: (queryClient) => invalidateSprintMembership(queryClient, projectId) },
  );
}

/** PUT {id}/complete: closes the sprint and deals with its unfinished items. */
export function useCompleteSprint(projectId: string) {
  return useWrite(
    ({ id, body }: { id: string; body: CompleteSprintBody }) =>
      api.put<SprintDetail>(`${BASE}/${id}/complete`, body),
    {
      store: (sprint) => sprintKeys.detail(projectId, sprint.id),
      refresh: (queryClient) => invalidateSprintMembership(queryClient, projectId),
      onRefused: (queryClient, { id }) => invalidateSprint(queryClient, projectId, id),
    },
  );
}
