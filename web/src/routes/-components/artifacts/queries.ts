/**
 * The artifact library's management calls (docs/artifacts.md, "Calls"): repositories, their
 * components, assets and folders, the deletes and their canDelete checks, downloads, and the
 * user's access tokens. The client puts the enterprise's identifier after `pms/`.
 */
import type {
  AccessToken,
  ArtifactRepository,
  Asset,
  CanDelete,
  Component,
  ComponentDetail,
  FolderEntry,
  GroupCreate,
  GroupUpdate,
  HostedCreate,
  HostedUpdate,
  NewAccessToken,
  RepositoryKind,
  TokenCreate,
} from '@shared/schemas/artifacts';
import type { Page } from '@shared/schemas/common';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { getQuery, KEEP_ROWS, useRefreshingWrite, useWrite } from '../../../queries/factory';

const REPOSITORIES = '/api/pms/pmsProductLibraryRepositories';
const LIBRARY = '/api/pms/pmsProductLibrary';
const TOKENS = '/api/artifactTokens';

export interface RepositoryFilters {
  kind: RepositoryKind;
  format?: string;
  type?: string;
  name?: string;
}

export interface ComponentParams {
  q?: string;
  pageNum: number;
  pageSize: number;
}

export const artifactKeys = {
  all: ['artifacts'] as const,
  repositories: () => [...artifactKeys.all, 'repositories'] as const,
  list: (filters: RepositoryFilters | 'all') => [...artifactKeys.repositories(), filters] as const,
  contents: (repositoryId: string) => [...artifactKeys.all, 'contents', repositoryId] as const,
  components: (repositoryId: string, params: ComponentParams) =>
    [...artifactKeys.contents(repositoryId), 'components', params] as const,
  component: (repositoryId: string, componentId: string) =>
    [...artifactKeys.contents(repositoryId), 'component', componentId] as const,
  folder: (repositoryId: string, path: string) =>
    [...artifactKeys.contents(repositoryId), 'folder', path] as const,
  asset: (repositoryId: string, path: string) =>
    [...artifactKeys.contents(repositoryId), 'asset', path] as const,
  tokens: ['artifactTokens'] as const,
};

/** GET list: the repositories of one kind, filtered by format, type and name. */
export const repositoryListQueryOptions = (filters: RepositoryFilters) =>
  getQuery<ArtifactRepository[]>(
    artifactKeys.list(filters),
    `${REPOSITORIES}/list`,
    { ...filters },
    KEEP_ROWS,
  );

/** Every repository of the enterprise: group members to pick from, and one repository by id. */
export const allRepositoriesQueryOptions = () =>
  getQuery<ArtifactRepository[]>(artifactKeys.list('all'), `${REPOSITORIES}/list`);

export const componentsQueryOptions = (repositoryId: string, params: ComponentParams) =>
  getQuery<Page<Component>>(
    artifactKeys.components(repositoryId, params),
    `${LIBRARY}/${repositoryId}/components`,
    { ...params },
    KEEP_ROWS,
  );

export const componentQueryOptions = (repositoryId: string, componentId: string) =>
  getQuery<ComponentDetail>(
    artifactKeys.component(repositoryId, componentId),
    `${LIBRARY}/${repositoryId}/components/${componentId}`,
  );

export const folderQueryOptions = (repositoryId: string, path: string) =>
  getQuery<FolderEntry[]>(artifactKeys.folder(repositoryId, path), `${LIBRARY}/${repositoryId}/folders`, {
    path,
  });

export const assetQueryOptions = (repositoryId: string, path: string) =>
  getQuery<Asset>(artifactKeys.asset(repositoryId, path), `${LIBRARY}/${repositoryId}/asset`, { path });

const refreshRepositories = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: artifactKeys.repositories() });

export function useCreateRepository() {
  return useWrite(
    (body: (HostedCreate & { type: 'hosted' }) | (GroupCreate & { type: 'group' })) => {
      const { type, ...fields } = body;
      return api.post<ArtifactRepository>(`${REPOSITORIES}/${type}`, fields);
    },
    { refresh: refreshRepositories },
  );
}

export function useUpdateRepository(repository: ArtifactRepository) {
  return useRefreshingWrite(
    (body: HostedUpdate | GroupUpdate) =>
      api.put<ArtifactRepository>(`${REPOSITORIES}/${repository.type}/${repository.id}`, body),
    refreshRepositories,
  );
}

export function useLockRepository() {
  return useRefreshingWrite(
    ({ id, locked }: { id: string; locked: boolean }) =>
      api.put<ArtifactRepository>(`${REPOSITORIES}/lockStatus/${id}`, { locked }),
    refreshRepositories,
  );
}

/** The refusal (409: contents, a group lists it, locked) stays in the dialog, not a notification. */
export function useDeleteRepository() {
  return useWrite(
    (id: string) => api.delete<unknown>(`${REPOSITORIES}/${id}`, undefined, { skipErrorHandler: true }),
    {
      refresh: refreshRepositories,
    },
  );
}

/** What a delete names: one asset by path, one component, or a folder and all below it. */
export type ContentTarget =
  | { kind: 'asset'; path: string }
  | { kind: 'component'; componentId: string; label: string }
  | { kind: 'folder'; path: string };

export function targetLabel(target: ContentTarget): string {
  if (target.kind === 'component') return target.label;
  return target.path;
}

/** GET canDelete: the holds (snapshot, promotion, lock) that keep a target. */
export function canDeleteContent(repositoryId: string, target: ContentTarget): Promise<CanDelete> {
  const params =
    target.kind === 'asset'
      ? { path: target.path }
      : target.kind === 'component'
        ? { componentId: target.componentId }
        : { folder: target.path };
  return api.get<CanDelete>(`${LIBRARY}/${repositoryId}/canDelete`, params, { skipErrorHandler: true });
}

export function useDeleteContent(repositoryId: string) {
  const base = `${LIBRARY}/${repositoryId}`;
  const quiet = { skipErrorHandler: true };
  return useWrite(
    (target: ContentTarget) => {
      if (target.kind === 'asset') return api.delete<unknown>(`${base}/asset`, { path: target.path }, quiet);
      if (target.kind === 'folder')
        return api.delete<unknown>(`${base}/folder`, { path: target.path }, quiet);
      return api.delete<unknown>(`${base}/components/${target.componentId}`, undefined, quiet);
    },
    {
      refresh: (queryClient) =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: artifactKeys.contents(repositoryId) }),
          refreshRepositories(queryClient),
        ]),
    },
  );
}

/** GET packaged: a short-lived download address of an asset. */
export function downloadAddress(repositoryId: string, path: string): Promise<{ url: string }> {
  return api.get<{ url: string }>(`${LIBRARY}/${repositoryId}/packaged`, { path });
}

export const tokensQueryOptions = () => getQuery<AccessToken[]>(artifactKeys.tokens, TOKENS);

export function useCreateToken() {
  return useWrite((body: TokenCreate) => api.post<NewAccessToken>(TOKENS, body), {
    refresh: (queryClient) => queryClient.invalidateQueries({ queryKey: artifactKeys.tokens }),
  });
}

export function useRevokeToken() {
  return useRefreshingWrite(
    (id: string) => api.delete<unknown>(`${TOKENS}/${id}`),
    (queryClient) => queryClient.invalidateQueries({ queryKey: artifactKeys.tokens }),
  );
}
