/**
 * A repository's contents, in its own partition `ENT#{e}#ART#{repositoryId}`: components
 * (`COMP#{componentId}`), assets (`ASSET#{path}`) and unconfirmed uploads (`UPLOAD#{id}`). Blobs
 * are counted in `ENT#{e}#ARTBLOB` / `BLOB#{sha256}`: how many assets of the enterprise hold them.
 *
 * Every write goes in one transaction with the repository's counts, conditional on the
 * repository being unlocked and on the asset being what the writer read (or absent), so two
 * publishes of different versions both land, and the same path twice never leaves half of each.
 */
import { ARTIFACT_SK, artifactKeys } from '@core/db/keys';
import { conditions, type Item, type TxOp, transact } from '@core/db/operations';
import { getRecords, readRecord } from '@core/db/records';
import { SWEEP_ENTRY_ATTRIBUTES, sweepEntry } from '../blob-claims';
import { repositoryItems } from './partition';
import { unlocked } from './repositories';

export interface ComponentRecord {
  enterpriseId: string;
  repositoryId: string;
  componentId: string;
  name: string;
  group: string;
  version: string;
  assetCount: number;
  sizeBytes: number;
  publishedBy: string;
  publishedAt: string;
  /** What the format keeps of the version besides its files (npm: the version's manifest). */
  attributes: Record<string, unknown> | null;
}

export interface PromotionSource {
  repository: string;
  /** The snapshot of `repository` it was copied from, if any. */
  snapshot: string | null;
  by: string;
  at: string;
}

export interface AssetRecord {
  enterpriseId: string;
  repositoryId: string;
  path: string;
  componentId: string | null;
  sha256: string;
  sha1: string;
  md5: string;
  sha512: string;
  size: number;
  contentType: string;
  publishedBy: string;
  publishedAt: string;
  /** Product repositories holding a promoted copy (their names): the asset may not be deleted. */
  promotedTo: string[];
  /** Snapshots that list the asset (their names): it may not be deleted either. */
  heldBy: string[];
  promotedFrom: PromotionSource | null;
}

/** A stored file as an asset or a snapshot entry names it: its path, component and bytes. */
export type StoredFile = Pick<
  AssetRecord,
  'path' | 'componentId' | 'sha256' | 'sha1' | 'md5' | 'sha512' | 'size' | 'contentType'
>;

/** The stored fields of a StoredFile (componentId is read with its default, null). */
export const STORED_FILE_FIELDS = ['path', 'sha256', 'sha1', 'md5', 'sha512', 'size', 'contentType'] as const;

export interface UploadRecord {
  enterpriseId: string;
  repositoryId: string;
  uploadId: string;
  path: string;
  size: number;
  sha256: string | null;
  startedBy: string;
  startedAt: string;
}

function componentFromItem(item: Item): ComponentRecord {
  return readRecord(
    item,
    ['enterpriseId', 'repositoryId', 'componentId', 'name', 'group', 'version', 'publishedBy', 'publishedAt'],
    { assetCount: 0, sizeBytes: 0, attributes: null },
  );
}

function assetFromItem(item: Item): AssetRecord {
  return readRecord(
    item,
    ['enterpriseId', 'repositoryId', ...STORED_FILE_FIELDS, 'publishedBy', 'publishedAt'],
    { componentId: null, promotedTo: [], heldBy: [], promotedFrom: null },
  );
}

function uploadFromItem(item: Item): UploadRecord {
  return readRecord(
    item,
    ['enterpriseId', 'repositoryId', 'uploadId', 'path', 'size', 'startedBy', 'startedAt'],
    {
      sha256: null,
    },
  );
}

const components = repositoryItems(ARTIFACT_SK.componentPrefix, componentFromItem);
const assets = repositoryItems(ARTIFACT_SK.assetPrefix, assetFromItem);
const uploads = repositoryItems(ARTIFACT_SK.uploadPrefix, uploadFromItem);

// Access pattern: a repository's components (ENT#{e}#ART#{r}, begins_with COMP#).
export const listComponents = (enterpriseId: string, repositoryId: string) =>
  components.list(enterpriseId, repositoryId);

// Access pattern: one component (ENT#{e}#ART#{r} / COMP#{componentId}).
export const getComponent = components.get;

// Access pattern: a repository's assets, or those under a path prefix (begins_with ASSET#{prefix}).
export const listAssets = assets.list;

// Access pattern: one asset (ENT#{e}#ART#{r} / ASSET#{path}).
export const getAsset = assets.get;

export function getAssets(
  enterpriseId: string,
  repositoryId: string,
  paths: readonly string[],
): Promise<AssetRecord[]> {
  return getRecords(
    paths.map((path) => artifactKeys.asset(enterpriseId, repositoryId, path)),
    assetFromItem,
  );
}

// Access pattern: one unconfirmed upload (ENT#{e}#ART#{r} / UPLOAD#{uploadId}).
export const getUpload = uploads.get;

export async function createUpload(record: UploadRecord, expiresAt: number): Promise<void> {
  await transact([
    {
      put: {
        ...artifactKeys.upload(record.enterpriseId, record.repositoryId, record.uploadId),
        entity: 'ArtifactUpload',
        ...record,
        expiresAt,
      },
      condition: conditions.notExists,
    },
  ]);
}

/** What one asset write changes besides the asset: its component, known to exist or not. */
export interface AssetWrite {
  asset: AssetRecord;
  component: Omit<ComponentRecord, 'assetCount' | 'sizeBytes'> | null;
  componentExists: boolean;
  /** The asset this write replaces (allow policy), as read before the write. */
  replaces: AssetRecord | null;
  /** The upload this write confirms, deleted with it. */
  uploadId?: string;
  /** Writes the format makes with the asset, in its transaction (npm: the dist-tag). */
  alongside?: readonly TxOp[];
}

const assetKeyOf = (a: Pick<AssetRecord, 'enterpriseId' | 'repositoryId' | 'path'>) =>
  artifactKeys.asset(a.enterpriseId, a.repositoryId, a.path);

/**
 * Counts `delta` more holders of a blob. A count going down may reach 0, so the item joins the
 * sweep's index; one going up leaves it (retention-sweep.ts).
 */
export function blobOps(enterpriseId: string, sha256: string, delta: number, size: number, at: string): TxOp {
  const down = delta < 0;
  return {
    update: artifactKeys.blob(enterpriseId, sha256),
    set: { entity: 'ArtifactBlob', size, usedAt: at, ...(down ? sweepEntry(enterpriseId, sha256, at) : {}) },
    add: { refs: delta },
    ...(down ? {} : { remove: SWEEP_ENTRY_ATTRIBUTES }),
  };
}

/** Asset writes per transaction: each may take its asset, two blobs, its component and two more. */
export const MAX_FILES_PER_COMMIT = 16;

interface ComponentChange {
  component: NonNullable<AssetWrite['component']>;
  exists: boolean;
  assets: number;
  bytes: number;
}

/** One op per component the writes touch (a transaction may not write an item twice). */
function componentOps(writes: readonly AssetWrite[]): { ops: TxOp[]; created: number } {
  const changes = new Map<string, ComponentChange>();
  for (const { asset, component, componentExists, replaces } of writes) {
    if (!component) continue;
    const seen = changes.get(component.componentId) ?? {
      component,
      exists: componentExists,
      assets: 0,
      bytes: 0,
    };
    seen.component = component;
    seen.assets += replaces ? 0 : 1;
    seen.bytes += asset.size - (replaces?.size ?? 0);
    changes.set(component.componentId, seen);
  }
  const ops = [...changes.values()].map(
    ({ component, exists, assets, bytes }): TxOp => ({
      update: artifactKeys.component(component.enterpriseId, component.repositoryId, component.componentId),
      set: { entity: 'ArtifactComponent', ...component },
      add: { assetCount: assets, sizeBytes: bytes },
      condition: exists ? conditions.exists : conditions.notExists,
      label: 'component',
    }),
  );
  return { ops, created: [...changes.values()].filter((c) => !c.exists).length };
}

/** One op per blob whose count the writes change (the same bytes again change nothing). */
function blobCountOps(writes: readonly AssetWrite[]): TxOp[] {
  const counts = new Map<string, { delta: number; size: number }>();
  const count = (sha256: string, delta: number, size: number) =>
    counts.set(sha256, { delta: (counts.get(sha256)?.delta ?? 0) + delta, size });
  for (const { asset, replaces } of writes) {
    if (replaces?.sha256 === asset.sha256) continue;
    count(asset.sha256, 1, asset.size);
    if (replaces) count(replaces.sha256, -1, replaces.size);
  }
  const { enterpriseId, publishedAt } = writes[0]!.asset;
  return [...counts]
    .filter(([, { delta }]) => delta !== 0)
    .map(([sha256, { delta, size }]) => blobOps(enterpriseId, sha256, delta, size, publishedAt));
}

/**
 * The formats' writes with the last of each item kept (a transaction may not write an item twice):
 * two versions of one npm package promoted together tag `latest` once, as the later one.
 */
function lastPerItem(ops: readonly TxOp[]): TxOp[] {
  const keyOf = (op: TxOp) => {
    const key = 'put' in op ? op.put : 'update' in op ? op.update : 'delete' in op ? op.delete : op.check;
    return `${key.pk}\u0000${key.sk}`;
  };
  return [...new Map(ops.map((op) => [keyOf(op), op])).values()];
}

/**
 * Writes assets of one repository in one transaction: all of them or none. Labels of the
 * conditions that can fail: `locked` (the repository is locked or gone), `exists` (a path is
 * taken: allow once, or a concurrent first write), `changed` (a replaced asset changed since it
 * was read), `component` (a component appeared or went since it was read: read again and retry),
 * `upload` (the confirmed upload is gone).
 */
export async function writeAssets(writes: readonly AssetWrite[]): Promise<void> {
  const first = writes[0];
  if (!first) return;
  const { enterpriseId, repositoryId } = first.asset;
  const components = componentOps(writes);
  const ops: TxOp[] = [
    {
      update: artifactKeys.repository(enterpriseId, repositoryId),
      add: {
        assetCount: writes.filter((w) => !w.replaces).length,
        componentCount: components.created,
        sizeBytes: writes.reduce((sum, w) => sum + w.asset.size - (w.replaces?.size ?? 0), 0),
      },
      condition: unlocked,
      label: 'locked',
    },
  ];
  for (const { asset, replaces, uploadId } of writes) {
    ops.push({
      put: { ...assetKeyOf(asset), entity: 'ArtifactAsset', ...asset },
      condition: replaces
        ? {
            expression: 'sha256 = :sha AND publishedAt = :at',
            values: { ':sha': replaces.sha256, ':at': replaces.publishedAt },
          }
        : conditions.notExists,
      label: replaces ? 'changed' : 'exists',
    });
    if (uploadId) {
      ops.push({
        delete: artifactKeys.upload(enterpriseId, repositoryId, uploadId),
        condition: conditions.exists,
        label: 'upload',
      });
    }
  }
  ops.push(
    ...blobCountOps(writes),
    ...components.ops,
    ...lastPerItem(writes.flatMap((w) => w.alongside ?? [])),
  );
  await transact(ops);
}

/**
 * Deletes assets (at most 30 per call: each takes its blob and maybe its component), each
 * conditional on being unchanged and held by nothing (`held`), the repository unlocked (`locked`).
 * Components left without assets go with them.
 */
export async function deleteAssets(
  assets: readonly AssetRecord[],
  components: ReadonlyMap<string, ComponentRecord>,
  at: string,
): Promise<void> {
  const first = assets[0];
  if (!first) return;
  const { enterpriseId, repositoryId } = first;
  const removedPerComponent = new Map<string, { count: number; bytes: number }>();
  for (const asset of assets) {
    if (!asset.componentId) continue;
    const seen = removedPerComponent.get(asset.componentId) ?? { count: 0, bytes: 0 };
    removedPerComponent.set(asset.componentId, { count: seen.count + 1, bytes: seen.bytes + asset.size });
  }
  const emptied = [...removedPerComponent].filter(
    ([id, removed]) => (components.get(id)?.assetCount ?? 0) <= removed.count,
  );
  const bytes = assets.reduce((sum, a) => sum + a.size, 0);
  const ops: TxOp[] = [
    {
      update: artifactKeys.repository(enterpriseId, repositoryId),
      add: { assetCount: -assets.length, componentCount: -emptied.length, sizeBytes: -bytes },
      condition: unlocked,
      label: 'locked',
    },
  ];
  for (const asset of assets) {
    ops.push({
      delete: assetKeyOf(asset),
      condition: {
        expression: 'sha256 = :sha AND size(promotedTo) = :none AND size(heldBy) = :none',
        values: { ':sha': asset.sha256, ':none': 0 },
      },
      label: 'held',
    });
  }
  const perBlob = new Map<string, { count: number; size: number }>();
  for (const asset of assets) {
    perBlob.set(asset.sha256, { count: (perBlob.get(asset.sha256)?.count ?? 0) + 1, size: asset.size });
  }
  for (const [sha256, { count, size }] of perBlob) ops.push(blobOps(enterpriseId, sha256, -count, size, at));
  for (const [componentId, removed] of removedPerComponent) {
    const key = artifactKeys.component(enterpriseId, repositoryId, componentId);
    const gone = emptied.some(([id]) => id === componentId);
    ops.push(
      gone
        ? {
            delete: key,
            condition: { expression: 'assetCount = :n', values: { ':n': removed.count } },
            label: 'changed',
          }
        : {
            update: key,
            add: { assetCount: -removed.count, sizeBytes: -removed.bytes },
            condition: conditions.exists,
            label: 'changed',
          },
    );
  }
  await transact(ops);
}

export const MAX_ASSETS_PER_DELETE = 30;
