/**
 * Snapshots, promotion and retention (docs/artifacts.md "Calls"): a repository's snapshots and
 * their contents, the comparison of two, promotion into a product repository, and the cleanup
 * rules with their dry run and run.
 */
import type {
  Promote,
  PromotionResult,
  Retention,
  RetentionPlan,
  RetentionRules,
  RetentionRun,
  Snapshot,
  SnapshotComparison,
  SnapshotComponent,
  SnapshotCreate,
  SnapshotDetail,
} from '@shared/schemas/artifacts';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { getQuery, useWrite } from '../../../queries/factory';
import { artifactKeys } from './queries';

const SNAPSHOTS = '/api/pms/pmsProductLibrarySnapshot';
const LIBRARY = '/api/pms/pmsProductLibrary';
/** The page shows these refusals in place (under a field, in the dialog). */
const QUIET = { skipErrorHandler: true };

export const snapshotKeys = {
  list: (repositoryId: string) => [...artifactKeys.contents(repositoryId), 'snapshots'] as const,
  one: (repositoryId: string, name: string) => [...snapshotKeys.list(repositoryId), name] as const,
  components: (repositoryId: string, name: string) =>
    [...snapshotKeys.one(repositoryId, name), 'components'] as const,
  compare: (repositoryId: string, from: string, to: string) =>
    [...snapshotKeys.list(repositoryId), 'compare', from, to] as const,
  retention: (repositoryId: string) => [...artifactKeys.contents(repositoryId), 'retention'] as const,
  dryRun: (repositoryId: string) => [...snapshotKeys.retention(repositoryId), 'dryRun'] as const,
};

export const snapshotsQueryOptions = (repositoryId: string) =>
  getQuery<Snapshot[]>(snapshotKeys.list(repositoryId), `${SNAPSHOTS}/${repositoryId}`);

export const snapshotQueryOptions = (repositoryId: string, name: string) =>
  getQuery<SnapshotDetail>(snapshotKeys.one(repositoryId, name), `${SNAPSHOTS}/${repositoryId}/${name}`);

export const snapshotComponentsQueryOptions = (repositoryId: string, name: string) =>
  getQuery<SnapshotComponent[]>(
    snapshotKeys.components(repositoryId, name),
    `${SNAPSHOTS}/${repositoryId}/${name}/components`,
  );

export const comparisonQueryOptions = (repositoryId: string, from: string, to: string) =>
  getQuery<SnapshotComparison>(
    snapshotKeys.compare(repositoryId, from, to),
    `${SNAPSHOTS}/${repositoryId}/compare`,
    {
      from,
      to,
    },
  );

export const retentionQueryOptions = (repositoryId: string) =>
  getQuery<Retention>(snapshotKeys.retention(repositoryId), `${LIBRARY}/${repositoryId}/retention`);

export const dryRunQueryOptions = (repositoryId: string) =>
  getQuery<RetentionPlan>(snapshotKeys.dryRun(repositoryId), `${LIBRARY}/${repositoryId}/retention/dryRun`);

/** Everything of the repository's contents (snapshots hold assets, promotions mark them). */
const refreshContents = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: artifactKeys.all });

export function useCreateSnapshot(repositoryId: string) {
  return useWrite((body: SnapshotCreate) => api.post<Snapshot>(`${SNAPSHOTS}/${repositoryId}`, body, QUIET), {
    refresh: refreshContents,
  });
}

export function useDeleteSnapshot(repositoryId: string) {
  return useWrite((name: string) => api.delete<unknown>(`${SNAPSHOTS}/${repositoryId}/${name}`), {
    refresh: refreshContents,
  });
}

/** GET packaged of a snapshot: a short-lived address of an asset as the snapshot recorded it. */
export function snapshotDownloadAddress(repositoryId: string, name: string, path: string) {
  return api.get<{ url: string }>(`${SNAPSHOTS}/${repositoryId}/${name}/packaged`, { path });
}

export function usePromote(repositoryId: string) {
  return useWrite(
    (body: Promote) => api.post<PromotionResult>(`${LIBRARY}/${repositoryId}/copy`, body, QUIET),
    {
      refresh: refreshContents,
    },
  );
}

export function useSaveRetention(repositoryId: string) {
  return useWrite(
    (body: RetentionRules) => api.put<Retention>(`${LIBRARY}/${repositoryId}/retention`, body, QUIET),
    {
      refresh: refreshContents,
    },
  );
}

export function useRunRetention(repositoryId: string) {
  return useWrite(() => api.post<RetentionRun>(`${LIBRARY}/${repositoryId}/retention/run`), {
    refresh: refreshContents,
  });
}
