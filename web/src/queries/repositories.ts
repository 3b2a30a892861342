import type { RepositoryKind } from '@shared/domain/repositories';
import type { Page } from '@shared/schemas/common';
import type {
  Branch,
  Commit,
  CreateBranchBody,
  ItemCommit,
  ProjectRepositoryRow,
  RepoBranch,
  Repository,
  RepositoryConnectBody,
  RepositoryUpdateBody,
  WebhookSettings,
} from '@shared/schemas/repositories';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';

/**
 * Code repositories (docs/api-conventions.md, "Code repositories"). The enterprise's list is the
 * spec's enterprise-state `repositoryList`, loaded by the pages that need it rather than at start.
 */
const BASE = '/api/pms/pmsRepository';
const PROJECT_BASE = '/api/pms/pmsProjectRepository';
const ISSUES = '/api/pms/pmsProjectIssues';

export interface RepositoryListParams {
  keyword?: string;
  kind: RepositoryKind;
  pageNum: number;
  pageSize: number;
}

export interface ProjectRepositoryListParams {
  pmsProjectId: string;
  keyword?: string;
  pageNum: number;
  pageSize: number;
}

export const repositoryKeys = {
  all: ['repositories'] as const,
  lists: () => [...repositoryKeys.all, 'list'] as const,
  list: (params: RepositoryListParams) => [...repositoryKeys.lists(), params] as const,
  repository: (id: string) => [...repositoryKeys.all, 'repository', id] as const,
  branches: (id: string, keyword: string) => [...repositoryKeys.repository(id), 'branches', keyword] as const,
  commits: (id: string, branch: string) => [...repositoryKeys.repository(id), 'commits', branch] as const,
  webhook: (id: string) => [...repositoryKeys.repository(id), 'webhook'] as const,
  project: (projectId: string) => [...repositoryKeys.all, 'project', projectId] as const,
  projectList: (params: ProjectRepositoryListParams) =>
    [...repositoryKeys.project(params.pmsProjectId), 'list', params] as const,
  unlinked: (projectId: string, keyword: string) =>
    [...repositoryKeys.project(projectId), 'unlinked', keyword] as const,
  item: (issueId: string) => [...repositoryKeys.all, 'item', issueId] as const,
  itemBranches: (issueId: string) => [...repositoryKeys.item(issueId), 'branches'] as const,
  itemCommits: (issueId: string) => [...repositoryKeys.item(issueId), 'commits'] as const,
};

/** GET pmsRepository/list: a page of the enterprise's repositories. */
export const repositoryListQueryOptions = (params: RepositoryListParams) =>
  queryOptions({
    queryKey: repositoryKeys.list(params),
    queryFn: ({ signal }) => api.get<Page<Repository>>(`${BASE}/list`, { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });

/** GET pmsRepository/{id}/branches: read from the host now (first page of 100). */
export const branchesQueryOptions = (id: string, keyword = '') =>
  queryOptions({
    queryKey: repositoryKeys.branches(id, keyword),
    queryFn: ({ signal }) =>
      api.get<Page<Branch>>(`${BASE}/${id}/branches`, { keyword, pageSize: 100 }, { signal }),
    staleTime: 30_000,
  });

/** GET pmsRepository/{id}/commits: the latest commits of a branch. */
export const commitsQueryOptions = (id: string, branch = '') =>
  queryOptions({
    queryKey: repositoryKeys.commits(id, branch),
    queryFn: ({ signal }) => api.get<Commit[]>(`${BASE}/${id}/commits`, { branch, limit: 10 }, { signal }),
    staleTime: 30_000,
  });

export const webhookQueryOptions = (id: string) =>
  queryOptions({
    queryKey: repositoryKeys.webhook(id),
    queryFn: ({ signal }) => api.get<WebhookSettings>(`${BASE}/${id}/webhook`, undefined, { signal }),
  });

/** GET pmsProjectRepository/list: the project's repositories. */
export const projectRepositoriesQueryOptions = (params: ProjectRepositoryListParams) =>
  queryOptions({
    queryKey: repositoryKeys.projectList(params),
    queryFn: ({ signal }) =>
      api.get<Page<ProjectRepositoryRow>>(`${PROJECT_BASE}/list`, { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });

/** GET pmsProjectRepository/list/unlinked: the link picker. */
export const unlinkedQueryOptions = (projectId: string, keyword = '') =>
  queryOptions({
    queryKey: repositoryKeys.unlinked(projectId, keyword),
    queryFn: ({ signal }) =>
      api.get<Repository[]>(
        `${PROJECT_BASE}/list/unlinked`,
        { pmsProjectId: projectId, keyword },
        { signal },
      ),
  });

export const itemBranchesQueryOptions = (issueId: string) =>
  queryOptions({
    queryKey: repositoryKeys.itemBranches(issueId),
    queryFn: ({ signal }) => api.get<RepoBranch[]>(`${ISSUES}/repoBranches`, { issueId }, { signal }),
  });

export const itemCommitsQueryOptions = (issueId: string) =>
  queryOptions({
    queryKey: repositoryKeys.itemCommits(issueId),
    queryFn: ({ signal }) => api.get<ItemCommit[]>(`${ISSUES}/repoCommits`, { issueId }, { signal }),
  });

export function useConnectRepository() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RepositoryConnectBody) => api.post<Repository>(BASE, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: repositoryKeys.all }),
  });
}

export function useUpdateRepository() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RepositoryUpdateBody }) =>
      api.put<Repository>(`${BASE}/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: repositoryKeys.all }),
  });
}

export function useDeleteRepository() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`${BASE}/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: repositoryKeys.all }),
  });
}

/** POST pmsRepository/{id}/sync: the read is queued; lists refresh a moment later. */
export function useSyncRepository() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<null>(`${BASE}/${id}/sync`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: repositoryKeys.all }),
  });
}

export function useLinkRepositories(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (repositoryIds: string[]) =>
      api.post<ProjectRepositoryRow[]>(PROJECT_BASE, { pmsProjectId: projectId, repositoryIds }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: repositoryKeys.all }),
  });
}

export function useUnlinkRepository(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (repositoryId: string) => api.delete<null>(`${PROJECT_BASE}/${projectId}/${repositoryId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: repositoryKeys.all }),
  });
}

/** POST pmsProjectIssues/repoBranches: a branch named after the item, pushed to the repository. */
export function useCreateItemBranch(issueId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CreateBranchBody, 'issueId'>) =>
      api.post<RepoBranch>(`${ISSUES}/repoBranches`, { ...body, issueId }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: repositoryKeys.item(issueId) }),
        // The history tab shows the new journal entry.
        queryClient.invalidateQueries({ queryKey: ['issues'] }),
      ]),
  });
}
