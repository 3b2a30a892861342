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
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { getQuery, KEEP_ROWS, type PagedSearch, type ProjectPagedSearch, useWrite } from './factory';

/**
 * Code repositories (docs/api-conventions.md, "Code repositories"). The enterprise's list is the
 * spec's enterprise-state `repositoryList`, loaded by the pages that need it rather than at start.
 */
const BASE = '/api/pms/pmsRepository';
const PROJECT_BASE = '/api/pms/pmsProjectRepository';
const ISSUES = '/api/pms/pmsProjectIssues';

export interface RepositoryListParams extends PagedSearch {
  kind: RepositoryKind;
}

export type ProjectRepositoryListParams = ProjectPagedSearch;

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
  getQuery<Page<Repository>>(repositoryKeys.list(params), `${BASE}/list`, { ...params }, KEEP_ROWS);

/** Branches and commits are read from the host on each call: a short while is fresh enough. */
const FROM_HOST = { staleTime: 30_000 } as const;

/** GET pmsRepository/{id}/branches: read from the host now (first page of 100). */
export const branchesQueryOptions = (id: string, keyword = '') =>
  getQuery<Page<Branch>>(
    repositoryKeys.branches(id, keyword),
    `${BASE}/${id}/branches`,
    { keyword, pageSize: 100 },
    FROM_HOST,
  );

/** GET pmsRepository/{id}/commits: the latest commits of a branch. */
export const commitsQueryOptions = (id: string, branch = '') =>
  getQuery<Commit[]>(
    repositoryKeys.commits(id, branch),
    `${BASE}/${id}/commits`,
    { branch, limit: 10 },
    FROM_HOST,
  );

export const webhookQueryOptions = (id: string) =>
  getQuery<WebhookSettings>(repositoryKeys.webhook(id), `${BASE}/${id}/webhook`);

/** GET pmsProjectRepository/list: the project's repositories. */
export const projectRepositoriesQueryOptions = (params: ProjectRepositoryListParams) =>
  getQuery<Page<ProjectRepositoryRow>>(
    repositoryKeys.projectList(params),
    `${PROJECT_BASE}/list`,
    { ...params },
    KEEP_ROWS,
  );

/** GET pmsProjectRepository/list/unlinked: the link picker. */
export const unlinkedQueryOptions = (projectId: string, keyword = '') =>
  getQuery<Repository[]>(repositoryKeys.unlinked(projectId, keyword), `${PROJECT_BASE}/list/unlinked`, {
    pmsProjectId: projectId,
    keyword,
  });

export const itemBranchesQueryOptions = (issueId: string) =>
  getQuery<RepoBranch[]>(repositoryKeys.itemBranches(issueId), `${ISSUES}/repoBranches`, { issueId });

export const itemCommitsQueryOptions = (issueId: string) =>
  getQuery<ItemCommit[]>(repositoryKeys.itemCommits(issueId), `${ISSUES}/repoCommits`, { issueId });

/** Every repository write refreshes all repository data (lists, links, an item's branches). */
const REFRESH_REPOSITORIES = {
  refresh: (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: repositoryKeys.all }),
};

export function useConnectRepository() {
  return useWrite((body: RepositoryConnectBody) => api.post<Repository>(BASE, body), REFRESH_REPOSITORIES);
}

export function useUpdateRepository() {
  return useWrite(
    ({ id, body }: { id: string; body: RepositoryUpdateBody }) => api.put<Repository>(`${BASE}/${id}`, body),
    REFRESH_REPOSITORIES,
  );
}

export function useDeleteRepository() {
  return useWrite((id: string) => api.delete<null>(`${BASE}/${id}`), REFRESH_REPOSITORIES);
}

/** POST pmsRepository/{id}/sync: the read is queued; lists refresh a moment later. */
export function useSyncRepository() {
  return useWrite((id: string) => api.post<null>(`${BASE}/${id}/sync`), REFRESH_REPOSITORIES);
}

export function useLinkRepositories(projectId: string) {
  return useWrite(
    (repositoryIds: string[]) =>
      api.post<ProjectRepositoryRow[]>(PROJECT_BASE, { pmsProjectId: projectId, repositoryIds }),
    REFRESH_REPOSITORIES,
  );
}

export function useUnlinkRepository(projectId: string) {
  return useWrite(
    (repositoryId: string) => api.delete<null>(`${PROJECT_BASE}/${projectId}/${repositoryId}`),
    REFRESH_REPOSITORIES,
  );
}

/** POST pmsProjectIssues/repoBranches: a branch named after the item, pushed to the repository. */
export function useCreateItemBranch(issueId: string) {
  return useWrite(
    (body: Omit<CreateBranchBody, 'issueId'>) =>
      api.post<RepoBranch>(`${ISSUES}/repoBranches`, { ...body, issueId }),
    {
      refresh: (queryClient) =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: repositoryKeys.item(issueId) }),
          // The history tab shows the new journal entry.
          queryClient.invalidateQueries({ queryKey: ['issues'] }),
        ]),
    },
  );
}
