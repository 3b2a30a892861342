/**
 * Repositories and their links to projects. In the enterprise partition: the repository
 * (`REPO#{id}`, on gsi1 `REPOSITORIES` for the poll), the uniqueness item of its clone URL
 * (`REPOURL#{sha256}`), the branch heads last seen (`REPOHEADS#{id}`, gzipped JSON), the
 * repository's end of each project link (`REPOPROJ#{id}#{projectId}`) and the webhook
 * deliveries already received (`REPODELIVERY#{id}#{delivery}`, TTL). In the project partition:
 * the project's end of each link (`PROJREPO#{id}`).
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { enterprisePartition, indexKeys, indexPrefixes, keys, projectPartition, SK } from '@core/db/keys';
import {
  batchDelete,
  batchGet,
  conditions,
  getItem,
  type Item,
  queryAll,
  queryPartition,
  type TxOp,
  transact,
  updateItem,
  updateVersioned,
} from '@core/db/operations';
import type { RepositoryProvider } from '@shared/domain/repositories';
import type { CommitSummary } from '@shared/schemas/repositories';

export interface RepositoryRecord {
  enterpriseId: string;
  repositoryId: string;
  name: string;
  description: string;
  cloneUrl: string;
  /** sha-256 of the normalised clone URL (the uniqueness item's key). */
  urlHash: string;
  provider: RepositoryProvider;
  username: string;
  tokenSealed: string;
  webhookSecretSealed: string;
  defaultBranch: string | null;
  branchCount: number;
  lastCommit: CommitSummary | null;
  lastActivityAt: string | null;
  lastSyncedAt: string | null;
  status: 'ok' | 'error';
  lastError: string | null;
  lastWebhookAt: string | null;
  linkedProjectCount: number;
  creatorId: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

function toItem(r: RepositoryRecord): Item {
  return {
    ...keys.repository(r.enterpriseId, r.repositoryId),
    ...indexKeys.repositoryToPoll(r.enterpriseId, r.repositoryId),
    entity: 'Repository',
    ...r,
  };
}

export function repositoryFromItem(item: Item): RepositoryRecord {
  return {
    enterpriseId: item.enterpriseId,
    repositoryId: item.repositoryId,
    name: item.name,
    description: item.description ?? '',
    cloneUrl: item.cloneUrl,
    urlHash: item.urlHash,
    provider: item.provider,
    username: item.username ?? '',
    tokenSealed: item.tokenSealed,
    webhookSecretSealed: item.webhookSecretSealed,
    defaultBranch: item.defaultBranch ?? null,
    branchCount: item.branchCount ?? 0,
    lastCommit: item.lastCommit ?? null,
    lastActivityAt: item.lastActivityAt ?? null,
    lastSyncedAt: item.lastSyncedAt ?? null,
    status: item.status ?? 'ok',
    lastError: item.lastError ?? null,
    lastWebhookAt: item.lastWebhookAt ?? null,
    linkedProjectCount: item.linkedProjectCount ?? 0,
    creatorId: item.creatorId,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    version: item.version,
  };
}

/** Creates a repository and claims its URL (`ConditionFailedError('url')`: connected already). */
export async function createRepository(
  record: RepositoryRecord,
  heads: Record<string, string>,
): Promise<void> {
  const { enterpriseId, repositoryId, urlHash } = record;
  await transact([
    { put: toItem(record), condition: conditions.notExists, label: 'repository' },
    {
      put: { ...keys.repositoryUrl(enterpriseId, urlHash), entity: 'RepositoryUrl', repositoryId },
      condition: conditions.notExists,
      label: 'url',
    },
    { put: headsItem(enterpriseId, repositoryId, heads, 1) },
  ]);
}

// Access pattern: one repository (REPO#{id}).
export async function getRepository(
  enterpriseId: string,
  repositoryId: string,
): Promise<RepositoryRecord | null> {
  const item = await getItem(keys.repository(enterpriseId, repositoryId));
  return item ? repositoryFromItem(item) : null;
}

// Access pattern: several repositories by id (batch).
export async function getRepositories(
  enterpriseId: string,
  ids: readonly string[],
): Promise<RepositoryRecord[]> {
  if (ids.length === 0) return [];
  const items = await batchGet(ids.map((id) => keys.repository(enterpriseId, id)));
  return items.map(repositoryFromItem);
}

// Access pattern: an enterprise's repositories (begins_with(sk, REPO#)), filtered in memory.
export async function listRepositories(enterpriseId: string): Promise<RepositoryRecord[]> {
  const items = await queryPartition(enterprisePartition(enterpriseId), SK.repositoryPrefix);
  return items.map(repositoryFromItem);
}

// Access pattern: every repository of the workspace (gsi1 REPOSITORIES), for the poll.
export async function listAllRepositoryRefs(): Promise<{ enterpriseId: string; repositoryId: string }[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': indexPrefixes.repositories },
    ProjectionExpression: 'enterpriseId, repositoryId',
  });
  return items.map((item) => ({ enterpriseId: item.enterpriseId, repositoryId: item.repositoryId }));
}

/** A person's edit, at the version they read (`'stale'` / `'missing'`). */
export async function updateRepository(
  record: RepositoryRecord,
  expectedVersion: number,
  set: Partial<RepositoryRecord>,
): Promise<RepositoryRecord> {
  const item = await updateVersioned(
    keys.repository(record.enterpriseId, record.repositoryId),
    expectedVersion,
    set,
  );
  return repositoryFromItem(item);
}

/** What a sync learned (heads, last commit, errors): not a person's edit, so no version step. */
export async function recordSyncState(
  enterpriseId: string,
  repositoryId: string,
  set: Partial<RepositoryRecord>,
): Promise<void> {
  await updateItem(keys.repository(enterpriseId, repositoryId), { set }, conditions.exists, 'repository');
}

// ---- branch heads -------------------------------------------------------------------------

export interface HeadsRecord {
  heads: Record<string, string>;
  /** Steps with every write; a write is conditioned on the value read. */
  seq: number;
}

function headsItem(
  enterpriseId: string,
  repositoryId: string,
  heads: Record<string, string>,
  seq: number,
): Item {
  return {
    ...keys.repositoryHeads(enterpriseId, repositoryId),
    entity: 'RepositoryHeads',
    seq,
    data: gzipSync(JSON.stringify(heads)),
  };
}

// Access pattern: the heads last seen (REPOHEADS#{id}).
export async function getHeads(enterpriseId: string, repositoryId: string): Promise<HeadsRecord> {
  const item = await getItem(keys.repositoryHeads(enterpriseId, repositoryId));
  if (!item) return { heads: {}, seq: 0 };
  return { heads: JSON.parse(gunzipSync(item.data as Uint8Array).toString('utf8')), seq: item.seq };
}

/** Replaces the heads if nobody else did since `seenSeq` (`ConditionFailedError('heads')`). */
export async function putHeads(
  enterpriseId: string,
  repositoryId: string,
  heads: Record<string, string>,
  seenSeq: number,
): Promise<void> {
  await transact([
    {
      put: headsItem(enterpriseId, repositoryId, heads, seenSeq + 1),
      condition:
        seenSeq === 0 ? conditions.notExists : { expression: 'seq = :seq', values: { ':seq': seenSeq } },
      label: 'heads',
    },
  ]);
}

// ---- links to projects ------------------------------------------------------------------------

export interface ProjectLinkRecord {
  projectId: string;
  repositoryId: string;
  linkedBy: string;
  linkedAt: string;
}

const linkFrom = (item: Item): ProjectLinkRecord => ({
  projectId: item.projectId,
  repositoryId: item.repositoryId,
  linkedBy: item.linkedBy,
  linkedAt: item.linkedAt,
});

/** Both ends of a link and the repository's count; the project and repository must exist. */
export function linkOps(enterpriseId: string, link: ProjectLinkRecord): TxOp[] {
  const body = { entity: 'RepositoryLink', ...link };
  return [
    { check: keys.project(enterpriseId, link.projectId), condition: conditions.exists, label: 'project' },
    {
      put: { ...keys.projectRepository(enterpriseId, link.projectId, link.repositoryId), ...body },
      condition: conditions.notExists,
      label: `linked:${link.repositoryId}`,
    },
    { put: { ...keys.repositoryProject(enterpriseId, link.repositoryId, link.projectId), ...body } },
    {
      update: keys.repository(enterpriseId, link.repositoryId),
      add: { linkedProjectCount: 1 },
      condition: conditions.exists,
      label: `repository:${link.repositoryId}`,
    },
  ];
}

export function unlinkOps(enterpriseId: string, projectId: string, repositoryId: string): TxOp[] {
  return [
    {
      delete: keys.projectRepository(enterpriseId, projectId, repositoryId),
      condition: conditions.exists,
      label: 'link',
    },
    { delete: keys.repositoryProject(enterpriseId, repositoryId, projectId) },
    { update: keys.repository(enterpriseId, repositoryId), add: { linkedProjectCount: -1 } },
  ];
}

// Access pattern: the repositories linked to a project (begins_with(sk, PROJREPO#)).
export async function listProjectLinks(
  enterpriseId: string,
  projectId: string,
): Promise<ProjectLinkRecord[]> {
  const items = await queryPartition(projectPartition(enterpriseId, projectId), SK.projectRepositoryPrefix);
  return items.map(linkFrom);
}

// Access pattern: the projects a repository is linked to (begins_with(sk, REPOPROJ#{id}#)).
export async function listRepositoryLinks(
  enterpriseId: string,
  repositoryId: string,
): Promise<ProjectLinkRecord[]> {
  const items = await queryPartition(
    enterprisePartition(enterpriseId),
    `${SK.repositoryProjectPrefix}${repositoryId}#`,
  );
  return items.map(linkFrom);
}

// ---- deliveries ---------------------------------------------------------------------------------

/** Records a webhook delivery; `ConditionFailedError('delivery')` when it was received before. */
export async function recordDelivery(
  enterpriseId: string,
  repositoryId: string,
  delivery: string,
  at: string,
  expiresAt: number,
): Promise<void> {
  await transact([
    {
      put: {
        ...keys.repositoryDelivery(enterpriseId, repositoryId, delivery),
        entity: 'RepositoryDelivery',
        receivedAt: at,
        expiresAt,
      },
      condition: conditions.notExists,
      label: 'delivery',
    },
  ]);
}

/** Forgets a delivery whose work could not be queued, so the host's retry is accepted. */
export async function forgetDelivery(
  enterpriseId: string,
  repositoryId: string,
  delivery: string,
): Promise<void> {
  await batchDelete([keys.repositoryDelivery(enterpriseId, repositoryId, delivery)]);
}

// ---- deletion -------------------------------------------------------------------------------

/**
 * Deletes the repository and its URL claim in one transaction (`'repository'` when it is gone),
 * then its heads, links (both ends) and deliveries. Branches and commits recorded on work items
 * stay: they are the items' history, and name the repository by its name as it was.
 */
export async function deleteRepository(record: RepositoryRecord): Promise<void> {
  const { enterpriseId, repositoryId } = record;
  const links = await listRepositoryLinks(enterpriseId, repositoryId);
  await transact([
    {
      delete: keys.repository(enterpriseId, repositoryId),
      condition: conditions.exists,
      label: 'repository',
    },
    { delete: keys.repositoryUrl(enterpriseId, record.urlHash) },
  ]);
  const deliveries = await queryPartition(
    enterprisePartition(enterpriseId),
    `${SK.repositoryDeliveryPrefix}${repositoryId}#`,
  );
  await batchDelete([
    keys.repositoryHeads(enterpriseId, repositoryId),
    ...links.flatMap((l) => [
      keys.repositoryProject(enterpriseId, repositoryId, l.projectId),
      keys.projectRepository(enterpriseId, l.projectId, repositoryId),
    ]),
    ...deliveries.map((d) => ({ pk: d.pk as string, sk: d.sk as string })),
  ]);
}
