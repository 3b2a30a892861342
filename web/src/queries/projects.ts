import type { Page } from '@shared/schemas/common';
import type { Journal } from '@shared/schemas/issues';
import type {
  AddProjectMembersBody,
  LineChart,
  Notice,
  PieBarChart,
  Project,
  ProjectBody,
  ProjectMember,
  ProjectUpdateBody,
  UserSummary,
} from '@shared/schemas/projects';
import { infiniteQueryOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { getQuery, KEEP_ROWS, type PagedSearch, useWrite } from './factory';
import { DEFAULT_PAGE_SIZE } from './query-client';

/**
 * Projects (docs/api-conventions.md, "Projects"). Type-only imports from the shared schemas: the
 * route loaders that import this module have no use for zod.
 */
const BASE = '/api/pms/pmsProject';

export interface ProjectListParams extends PagedSearch {
  /** 0 closed, 1 open, 2 paused; absent: all. */
  status?: number;
  mine?: boolean;
}

export const projectKeys = {
  all: ['projects'] as const,
  lists: () => [...projectKeys.all, 'list'] as const,
  list: (params: ProjectListParams) => [...projectKeys.lists(), params] as const,
  /** Everything about one project: detail, members, notice, statistics. */
  project: (id: string) => [...projectKeys.all, 'project', id] as const,
  detail: (id: string) => [...projectKeys.project(id), 'detail'] as const,
  members: (id: string) => [...projectKeys.project(id), 'members'] as const,
  users: (id: string) => [...projectKeys.project(id), 'users'] as const,
  notice: (id: string) => [...projectKeys.project(id), 'notice'] as const,
  statistics: (id: string) => [...projectKeys.project(id), 'statistics'] as const,
  pieBar: (id: string) => [...projectKeys.statistics(id), 'pie-bar'] as const,
  line: (id: string, days: number) => [...projectKeys.statistics(id), 'line', days] as const,
  dynamics: (id: string) => [...projectKeys.statistics(id), 'dynamics'] as const,
};

/** GET pmsProject/list: one page of the enterprise's projects, newest first. */
export const projectListQueryOptions = (params: ProjectListParams) =>
  getQuery<Page<Project>>(
    projectKeys.list(params),
    `${BASE}/list`,
    { ...params, mine: params.mine ? 'true' : undefined },
    KEEP_ROWS,
  );

/** GET pmsProject/{id}. */
export const projectQueryOptions = (id: string) => getQuery<Project>(projectKeys.detail(id), `${BASE}/${id}`);

/** GET pmsProject/{id}/members: who works in the project, with their project role. */
export const projectMembersQueryOptions = (id: string) =>
  getQuery<ProjectMember[]>(projectKeys.members(id), `${BASE}/${id}/members`);

/** GET pmsProject/userList?pmsProjectId=: the members as pickers need them (assignees, owners). */
export const projectUsersQueryOptions = (id: string) =>
  getQuery<UserSummary[]>(projectKeys.users(id), `${BASE}/userList`, { pmsProjectId: id });

/** GET pmsProject/getNotice/{id}: `version` 0 and empty content while there is none. */
export const projectNoticeQueryOptions = (id: string) =>
  getQuery<Notice>(projectKeys.notice(id), `${BASE}/getNotice/${id}`);

/** GET pmsProject/{id}/statistics/pie-barChart. */
export const pieBarChartQueryOptions = (id: string) =>
  getQuery<PieBarChart>(projectKeys.pieBar(id), `${BASE}/${id}/statistics/pie-barChart`);

/** GET pmsProject/{id}/statistics/lineChart?days=. */
export const lineChartQueryOptions = (id: string, days: number) =>
  getQuery<LineChart>(projectKeys.line(id, days), `${BASE}/${id}/statistics/lineChart`, { days }, KEEP_ROWS);

/** GET pmsProject/{id}/statistics/dynamics: the activity feed, newest first, a page at a time. */
export const projectDynamicsQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: projectKeys.dynamics(id),
    queryFn: ({ signal, pageParam }) =>
      api.get<Page<Journal>>(
        `${BASE}/${id}/statistics/dynamics`,
        { pageNum: pageParam, pageSize: DEFAULT_PAGE_SIZE },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

/** The next page number of a paged answer, or undefined after the last page. */
export function nextPageOf(last: Page<unknown>): number | undefined {
  return last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined;
}

// ---- mutations --------------------------------------------------------------------------------

export function useCreateProject() {
  return useWrite((body: ProjectBody) => api.post<Project>(BASE, body), { refresh: invalidateProjectLists });
}

export function useUpdateProject(id: string) {
  return useWrite((body: ProjectUpdateBody) => api.put<Project>(`${BASE}/${id}`, body), {
    store: () => projectKeys.detail(id),
    refresh: invalidateProjectLists,
  });
}

export function useDeleteProject(id: string) {
  // The project's own queries stay until its pages are gone (removing them first would make the
  // mounted layout refetch a deleted project and land on /404); the caller removes them.
  return useWrite(() => api.delete<null>(`${BASE}/${id}`), { refresh: invalidateProjectLists });
}

function invalidateProjectLists(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: projectKeys.lists() });
}

/** Member changes move the member count (detail, list) and the pickers. */
function refreshProjectMembers(id: string) {
  return (queryClient: QueryClient) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: projectKeys.members(id) }),
      queryClient.invalidateQueries({ queryKey: projectKeys.users(id) }),
      queryClient.invalidateQueries({ queryKey: projectKeys.detail(id) }),
      queryClient.invalidateQueries({ queryKey: projectKeys.lists() }),
    ]);
}

export function useAddProjectMembers(id: string) {
  return useWrite((body: AddProjectMembersBody) => api.post<ProjectMember[]>(`${BASE}/${id}/members`, body), {
    refresh: refreshProjectMembers(id),
  });
}

export function useRemoveProjectMember(id: string) {
  return useWrite((userId: string) => api.delete<null>(`${BASE}/${id}/members/${userId}`), {
    refresh: refreshProjectMembers(id),
  });
}

/** Writes the notice: `addNotice` while none exists (version 0), `editNotice` after. */
export function useSaveNotice(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ content, version }: { content: string; version: number }) =>
      version === 0
        ? api.post<Notice>(`${BASE}/addNotice`, { pmsProjectId: id, content })
        : api.put<Notice>(`${BASE}/editNotice`, { pmsProjectId: id, content, version }),
    onSuccess: (notice) => queryClient.setQueryData(projectKeys.notice(id), notice),
  });
}
