/**
 * Snapshots, in the repository's partition: the snapshot (`SNAP#{name}`) and one entry per asset
 * it recorded (`SNAPASSET#{name}#{path}`: the path, checksums, size and the component's
 * coordinates at that moment). Each entry counts on its blob like an asset does, so the bytes stay
 * while the snapshot does; the asset it was taken from lists the snapshot in `heldBy`, so it cannot
 * be deleted meanwhile.
 *
 * A snapshot is written in parts (a transaction holds at most 99 writes): the snapshot first as
 * `creating` (its name's claim), then its entries, then `ready`. A part that fails is undone by
 * the same code that deletes a snapshot.
 */
import { ARTIFACT_SK, artifactKeys } from '@core/db/keys';
import { conditions, type Item, type TxOp, transact } from '@core/db/operations';
import { readRecord } from '@core/db/records';
import { type AssetRecord, blobOps, STORED_FILE_FIELDS, type StoredFile } from './contents';
import { repositoryItems } from './partition';

export type SnapshotStatus = 'creating' | 'ready' | 'deleting';

export interface SnapshotRecord {
  enterpriseId: string;
  repositoryId: string;
  name: string;
  description: string;
  status: SnapshotStatus;
  assetCount: number;
  componentCount: number;
  sizeBytes: number;
  createdBy: string;
  createdAt: string;
}

export interface SnapshotAssetRecord extends StoredFile {
  snapshot: string;
  /** The component's coordinates when the snapshot was taken ('' for an asset of no component). */
  name: string;
  group: string;
  version: string;
}

/** Assets per transaction: each takes its entry, its asset and maybe its blob (3 writes). */
export const SNAPSHOT_ASSETS_PER_PART = 30;

function snapshotFromItem(item: Item): SnapshotRecord {
  return readRecord(item, ['enterpriseId', 'repositoryId', 'name', 'status', 'createdBy', 'createdAt'], {
    description: '',
    assetCount: 0,
    componentCount: 0,
    sizeBytes: 0,
  });
}

function entryFromItem(item: Item): SnapshotAssetRecord {
  return readRecord(item, ['snapshot', 'name', 'group', 'version', ...STORED_FILE_FIELDS], {
    componentId: null,
  });
}

const snapshots = repositoryItems(ARTIFACT_SK.snapshotPrefix, snapshotFromItem);
const entries = repositoryItems(ARTIFACT_SK.snapshotAssetPrefix, entryFromItem);

// Access pattern: a repository's snapshots (ENT#{e}#ART#{r}, begins_with SNAP#).
export const listSnapshots = (enterpriseId: string, repositoryId: string) =>
  snapshots.list(enterpriseId, repositoryId);

// Access pattern: one snapshot (ENT#{e}#ART#{r} / SNAP#{name}).
export const getSnapshot = snapshots.get;

// Access pattern: a snapshot's assets (ENT#{e}#ART#{r}, begins_with SNAPASSET#{name}#).
export const listSnapshotAssets = (enterpriseId: string, repositoryId: string, name: string) =>
  entries.list(enterpriseId, repositoryId, `${name}#`);

/**
 * The repository's part of a snapshot's first and last write: the audit log names a change by the
 * repository (the contents' own partition is bookkeeping to it, as for every publish).
 */
export const snapshotsChanged = (enterpriseId: string, repositoryId: string, at: string): TxOp => ({
  update: artifactKeys.repository(enterpriseId, repositoryId),
  set: { snapshotsChangedAt: at },
  condition: conditions.exists,
  label: 'missing',
});

/** Claims the name: `ConditionFailedError('name')` when the repository has a snapshot of that name. */
export async function startSnapshot(record: SnapshotRecord): Promise<void> {
  await transact([
    snapshotsChanged(record.enterpriseId, record.repositoryId, record.createdAt),
    {
      put: {
        ...artifactKeys.snapshot(record.enterpriseId, record.repositoryId, record.name),
        entity: 'ArtifactSnapshot',
        ...record,
      },
      condition: conditions.notExists,
      label: 'name',
    },
  ]);
}

/** The asset's `heldBy` set to `heldBy`, if it is still the asset that was read (`changed`). */
function heldByOp(asset: AssetRecord, heldBy: string[]): TxOp {
  return {
    update: artifactKeys.asset(asset.enterpriseId, asset.repositoryId, asset.path),
    set: { heldBy },
    condition: {
      expression: 'sha256 = :sha AND publishedAt = :at AND size(heldBy) = :held',
      values: { ':sha': asset.sha256, ':at': asset.publishedAt, ':held': asset.heldBy.length },
    },
    label: 'changed',
  };
}

/** One blob update per distinct sha256 (a transaction may not write an item twice). */
function countedBlobs(
  enterpriseId: string,
  entries: readonly SnapshotAssetRecord[],
  sign: 1 | -1,
  at: string,
): TxOp[] {
  const perBlob = new Map<string, { count: number; size: number }>();
  for (const entry of entries) {
    const seen = perBlob.get(entry.sha256);
    perBlob.set(entry.sha256, { count: (seen?.count ?? 0) + 1, size: entry.size });
  }
  return [...perBlob].map(([sha256, { count, size }]) =>
    blobOps(enterpriseId, sha256, sign * count, size, at),
  );
}

/** Records one part of a snapshot's assets: the entries, the assets' holds and the blobs' counts. */
export async function addSnapshotAssets(
  snapshot: SnapshotRecord,
  part: readonly { asset: AssetRecord; entry: SnapshotAssetRecord }[],
  at: string,
): Promise<void> {
  const { enterpriseId, repositoryId, name } = snapshot;
  const ops: TxOp[] = [];
  for (const { asset, entry } of part) {
    ops.push({
      put: {
        ...artifactKeys.snapshotAsset(enterpriseId, repositoryId, name, entry.path),
        entity: 'ArtifactSnapshotAsset',
        ...entry,
      },
      condition: conditions.notExists,
      label: 'entry',
    });
    ops.push(heldByOp(asset, [...asset.heldBy, name]));
  }
  ops.push(
    ...countedBlobs(
      enterpriseId,
      part.map((p) => p.entry),
      1,
      at,
    ),
  );
  await transact(ops);
}

/**
 * Removes one part of a snapshot's entries: each entry, its blob's count, and the snapshot's name
 * from the asset now at that path (`assets`: the current asset by path, when there is one).
 */
export async function removeSnapshotAssets(
  snapshot: Pick<SnapshotRecord, 'enterpriseId' | 'repositoryId' | 'name'>,
  entries: readonly SnapshotAssetRecord[],
  assets: ReadonlyMap<string, AssetRecord>,
  at: string,
): Promise<void> {
  const { enterpriseId, repositoryId, name } = snapshot;
  const ops: TxOp[] = [];
  for (const entry of entries) {
    ops.push({ delete: artifactKeys.snapshotAsset(enterpriseId, repositoryId, name, entry.path) });
    const asset = assets.get(entry.path);
    if (asset?.heldBy.includes(name)) {
      ops.push(
        heldByOp(
          asset,
          asset.heldBy.filter((held) => held !== name),
        ),
      );
    }
  }
  ops.push(...countedBlobs(enterpriseId, entries, -1, at));
  await transact(ops);
}

export async function setSnapshotStatus(
  snapshot: Pick<SnapshotRecord, 'enterpriseId' | 'repositoryId' | 'name'>,
  status: SnapshotStatus,
): Promise<void> {
  await transact([
    {
      update: artifactKeys.snapshot(snapshot.enterpriseId, snapshot.repositoryId, snapshot.name),
      set: { status },
      condition: conditions.exists,
      label: 'missing',
    },
  ]);
}

export async function dropSnapshot(
  snapshot: Pick<SnapshotRecord, 'enterpriseId' | 'repositoryId' | 'name'>,
  at: string,
): Promise<void> {
  await transact([
    snapshotsChanged(snapshot.enterpriseId, snapshot.repositoryId, at),
    { delete: artifactKeys.snapshot(snapshot.enterpriseId, snapshot.repositoryId, snapshot.name) },
  ]);
}
