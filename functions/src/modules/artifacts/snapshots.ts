/**
 * Snapshots: a named, immutable record of a repository's assets (path, checksums, size, component
 * and version) at a moment. The snapshot counts on the blobs it lists, so what it recorded stays
 * downloadable whatever later happens to the repository's assets, and the assets it lists cannot be
 * deleted while it exists (canDelete names it). Store: store/snapshots.ts.
 */
import { nowIso } from '@core/clock';
import { ConditionFailedError } from '@core/db/operations';
import { badRequest, conflict, notFound } from '@core/errors';
import type {
  SnapshotAsset,
  SnapshotComparison,
  SnapshotComponent,
  SnapshotCreate,
} from '@shared/schemas/artifacts';
import { blobDownload } from './blobs';
import { type AssetRecord, getAssets, listAssets, listComponents } from './store/contents';
import type { RepositoryRecord } from './store/repositories';
import {
  addSnapshotAssets,
  dropSnapshot,
  getSnapshot,
  listSnapshotAssets,
  listSnapshots,
  removeSnapshotAssets,
  SNAPSHOT_ASSETS_PER_PART,
  type SnapshotAssetRecord,
  type SnapshotRecord,
  setSnapshotStatus,
  startSnapshot,
} from './store/snapshots';

function partsOf<T>(list: readonly T[], size = SNAPSHOT_ASSETS_PER_PART): T[][] {
  const parts: T[][] = [];
  for (let i = 0; i < list.length; i += size) parts.push(list.slice(i, i + size));
  return parts;
}

function requireHosted(repository: RepositoryRecord): void {
  if (repository.type === 'group') {
    throw badRequest('repository', `${repository.name} is a group; take snapshots of its hosted members`);
  }
}

/** The snapshots of a repository that are complete, newest first. */
export async function snapshotsOf(repository: RepositoryRecord): Promise<SnapshotRecord[]> {
  const all = await listSnapshots(repository.enterpriseId, repository.repositoryId);
  return all.filter((s) => s.status === 'ready').sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export async function requireSnapshot(repository: RepositoryRecord, name: string): Promise<SnapshotRecord> {
  const found = await getSnapshot(repository.enterpriseId, repository.repositoryId, name);
  if (found?.status !== 'ready') throw notFound(`Snapshot ${name} does not exist in ${repository.name}`);
  return found;
}

export async function snapshotAssets(
  repository: RepositoryRecord,
  snapshot: SnapshotRecord,
): Promise<SnapshotAssetRecord[]> {
  return listSnapshotAssets(repository.enterpriseId, repository.repositoryId, snapshot.name);
}

/**
 * Takes a snapshot of what the repository holds now. An asset changed or deleted while the
 * snapshot is written makes it fail (409) and leaves nothing behind.
 */
export async function createSnapshot(
  repository: RepositoryRecord,
  userId: string,
  body: SnapshotCreate,
): Promise<SnapshotRecord> {
  requireHosted(repository);
  const { enterpriseId, repositoryId } = repository;
  const [assets, components] = await Promise.all([
    listAssets(enterpriseId, repositoryId),
    listComponents(enterpriseId, repositoryId),
  ]);
  const byId = new Map(components.map((c) => [c.componentId, c]));
  const entries = assets.map((asset) => ({
    asset,
    entry: entryOf(asset, body.name, byId.get(asset.componentId ?? '')),
  }));
  const snapshot: SnapshotRecord = {
    enterpriseId,
    repositoryId,
    name: body.name,
    description: body.description,
    status: 'creating',
    assetCount: assets.length,
    componentCount: new Set(assets.flatMap((a) => (a.componentId ? [a.componentId] : []))).size,
    sizeBytes: assets.reduce((sum, a) => sum + a.size, 0),
    createdBy: userId,
    createdAt: nowIso(),
  };
  try {
    await startSnapshot(snapshot);
  } catch (error) {
    if (error instanceof ConditionFailedError) {
      throw conflict(`name: ${repository.name} already has a snapshot named ${body.name}`);
    }
    throw error;
  }
  try {
    for (const part of partsOf(entries)) await addSnapshotAssets(snapshot, part, snapshot.createdAt);
  } catch (error) {
    await removeSnapshot(repository, snapshot);
    if (error instanceof ConditionFailedError) {
      throw conflict('The repository changed while the snapshot was taken; take it again');
    }
    throw error;
  }
  await setSnapshotStatus(snapshot, 'ready');
  return { ...snapshot, status: 'ready' };
}

function entryOf(
  asset: AssetRecord,
  snapshot: string,
  component: { name: string; group: string; version: string } | undefined,
): SnapshotAssetRecord {
  return {
    snapshot,
    path: asset.path,
    componentId: asset.componentId,
    name: component?.name ?? '',
    group: component?.group ?? '',
    version: component?.version ?? '',
    sha256: asset.sha256,
    sha1: asset.sha1,
    md5: asset.md5,
    sha512: asset.sha512,
    size: asset.size,
    contentType: asset.contentType,
  };
}

/** Deletes the entries (freeing their holds and blob counts), then the snapshot itself. */
async function removeSnapshot(repository: RepositoryRecord, snapshot: SnapshotRecord): Promise<void> {
  const { enterpriseId, repositoryId } = repository;
  const entries = await listSnapshotAssets(enterpriseId, repositoryId, snapshot.name);
  for (const part of partsOf(entries)) {
    const current = await getAssets(
      enterpriseId,
      repositoryId,
      part.map((e) => e.path),
    );
    await removeSnapshotAssets(snapshot, part, new Map(current.map((a) => [a.path, a])), nowIso());
  }
  await dropSnapshot(snapshot, nowIso());
}

/** Deletes a snapshot: its assets lose that hold, and blobs nothing else counts become free. */
export async function deleteSnapshot(repository: RepositoryRecord, name: string): Promise<void> {
  const snapshot = await requireSnapshot(repository, name);
  await setSnapshotStatus(snapshot, 'deleting');
  try {
    await removeSnapshot(repository, snapshot);
  } catch (error) {
    if (error instanceof ConditionFailedError) {
      throw conflict(`An asset of ${name} changed while the snapshot was deleted; delete it again`);
    }
    throw error;
  }
}

/** The snapshot's components, by name then version, with what of each it holds. */
export function componentsOf(entries: readonly SnapshotAssetRecord[]): SnapshotComponent[] {
  const found = new Map<string, SnapshotComponent>();
  for (const entry of entries) {
    if (!entry.componentId) continue;
    const seen = found.get(entry.componentId);
    found.set(entry.componentId, {
      id: entry.componentId,
      name: entry.name,
      group: entry.group,
      version: entry.version,
      assetCount: (seen?.assetCount ?? 0) + 1,
      sizeBytes: (seen?.sizeBytes ?? 0) + entry.size,
    });
  }
  return [...found.values()].sort(
    (a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version),
  );
}

export function snapshotAssetView(entry: SnapshotAssetRecord): SnapshotAsset {
  return {
    path: entry.path,
    componentId: entry.componentId,
    name: entry.name,
    group: entry.group,
    version: entry.version,
    size: entry.size,
    contentType: entry.contentType,
    checksums: { sha256: entry.sha256, sha1: entry.sha1, md5: entry.md5, sha512: entry.sha512 },
  };
}

/** What changed from snapshot `from` to snapshot `to`: paths added, removed, or with other bytes. */
export async function compareSnapshots(
  repository: RepositoryRecord,
  from: string,
  to: string,
): Promise<SnapshotComparison> {
  const [before, after] = await Promise.all(
    [from, to].map(async (name) => snapshotAssets(repository, await requireSnapshot(repository, name))),
  );
  const beforeByPath = new Map(before!.map((e) => [e.path, e]));
  const afterByPath = new Map(after!.map((e) => [e.path, e]));
  const comparison: SnapshotComparison = { from, to, added: [], removed: [], changed: [], unchanged: 0 };
  for (const entry of after!) {
    const old = beforeByPath.get(entry.path);
    if (!old) comparison.added.push(snapshotAssetView(entry));
    else if (old.sha256 !== entry.sha256) {
      comparison.changed.push({
        path: entry.path,
        from: snapshotAssetView(old),
        to: snapshotAssetView(entry),
      });
    } else comparison.unchanged += 1;
  }
  comparison.removed = before!.filter((e) => !afterByPath.has(e.path)).map(snapshotAssetView);
  return comparison;
}

/** A short-lived download address of one asset as the snapshot recorded it. */
export async function downloadSnapshotAsset(repository: RepositoryRecord, name: string, path: string) {
  const snapshot = await requireSnapshot(repository, name);
  const entries = await snapshotAssets(repository, snapshot);
  const entry = entries.find((e) => e.path === path);
  if (!entry) throw notFound(`${path} is not in snapshot ${name}`);
  return blobDownload(repository.enterpriseId, entry.sha256, path.split('/').at(-1)!, entry.contentType);
}
