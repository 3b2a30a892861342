/**
 * A repository's contents, in its own partition `ENT#{e}#ART#{repositoryId}`: components
 * (`COMP#{componentId}`), assets (`ASSET#{path}`) and unconfirmed uploads (`UPLOAD#{id}`). Blobs
 * are counted in `ENT#{e}#ARTBLOB` / `BLOB#{sha256}`: how many assets of the enterprise hold them.
 *
 * Every write goes in one transaction with the repository's counts, conditional on the
 * repository being unlocked and on the asset being what the writer read (or absent), so two
 * publishes of different versions both land, and the same path twice never leaves half of each.
 */
import { ARTIFACT_SK, artifactKeys, artifactRepositoryPartition } from '@core/db/keys';
import { conditions, type Item, type TxOp, transact } from '@core/db/operations';
import { getRecord, getRecords, queryRecords, readRecord } from '@core/db/records';
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
    [
      'enterpriseId',
      'repositoryId',
      'path',
      'sha256',
      'sha1',
      'md5',
      'sha512',
      'size',
      'contentType',
      'publishedBy',
      'publishedAt',
    ],
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

// Access pattern: a repository's components (ENT#{e}#ART#{r}, begins_with COMP#).
export function listComponents(enterpriseId: string, repositoryId: string): Promise<ComponentRecord[]> {
  return queryRecords(
    artifactRepositoryPartition(enterpriseId, repositoryId),
    ARTIFACT_SK.componentPrefix,
    componentFromItem,
  );
}

// Access pattern: one component (ENT#{e}#ART#{r} / COMP#{componentId}).
export function getComponent(
  enterpriseId: string,
  repositoryId: string,
  componentId: string,
): Promise<ComponentRecord | null> {
  return getRecord(artifactKeys.component(enterpriseId, repositoryId, componentId), componentFromItem);
}

// Access pattern: a repository's assets, or those under a path prefix (begins_with ASSET#{prefix}).
export function listAssets(
  enterpriseId: string,
  repositoryId: string,
  pathPrefix = '',
): Promise<AssetRecord[]> {
  return queryRecords(
    artifactRepositoryPartition(enterpriseId, repositoryId),
    `${ARTIFACT_SK.assetPrefix}${pathPrefix}`,
    assetFromItem,
  );
}

// Access pattern: one asset (ENT#{e}#ART#{r} / ASSET#{path}).
export function getAsset(
  enterpriseId: string,
  repositoryId: string,
  path: string,
): Promise<AssetRecord | null> {
  return getRecord(artifactKeys.asset(enterpriseId, repositoryId, path), assetFromItem);
}

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
export function getUpload(
  enterpriseId: string,
  repositoryId: string,
  uploadId: string,
): Promise<UploadRecord | null> {
  return getRecord(artifactKeys.upload(enterpriseId, repositoryId, uploadId), uploadFromItem);
}

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

export function blobOps(enterpriseId: string, sha256: string, delta: number, size: number, at: string): TxOp {
  return {
    update: artifactKeys.blob(enterpriseId, sha256),
    set: { entity: 'ArtifactBlob', size, usedAt: at },
    add: { refs: delta },
  };
}

/**
 * Writes one asset. Labels of the conditions that can fail: `locked` (the repository is locked or
 * gone), `exists` (the path is taken: allow once, or a concurrent first write), `changed` (the
 * replaced asset changed since it was read), `component` (the component appeared or went since
 * it was read: read again and retry).
 */
export async function writeAsset(write: AssetWrite): Promise<void> {
  const { asset, component, replaces } = write;
  const { enterpriseId, repositoryId } = asset;
  const newAsset = replaces === null;
  const componentDelta = component && !write.componentExists ? 1 : 0;
  const ops: TxOp[] = [
    {
      update: artifactKeys.repository(enterpriseId, repositoryId),
      add: {
        assetCount: newAsset ? 1 : 0,
        componentCount: componentDelta,
        sizeBytes: asset.size - (replaces?.size ?? 0),
      },
      condition: unlocked,
      label: 'locked',
    },
    {
      put: { ...assetKeyOf(asset), entity: 'ArtifactAsset', ...asset },
      condition: replaces
        ? {
            expression: 'sha256 = :sha AND publishedAt = :at',
            values: { ':sha': replaces.sha256, ':at': replaces.publishedAt },
          }
        : conditions.notExists,
      label: replaces ? 'changed' : 'exists',
    },
  ];
  // The same bytes again change no count (and one transaction may not write an item twice).
  if (replaces?.sha256 !== asset.sha256) {
    ops.push(blobOps(enterpriseId, asset.sha256, 1, asset.size, asset.publishedAt));
    if (replaces) ops.push(blobOps(enterpriseId, replaces.sha256, -1, replaces.size, asset.publishedAt));
  }
  if (component) {
    const key = artifactKeys.component(enterpriseId, repositoryId, component.componentId);
    const add = { assetCount: newAsset ? 1 : 0, sizeBytes: asset.size - (replaces?.size ?? 0) };
    ops.push({
      update: key,
      set: { entity: 'ArtifactComponent', ...component },
      add,
      condition: write.componentExists ? conditions.exists : conditions.notExists,
      label: 'component',
    });
  }
  if (write.uploadId) {
    ops.push({
      delete: artifactKeys.upload(enterpriseId, repositoryId, write.uploadId),
      condition: conditions.exists,
      label: 'upload',
    });
  }
  ops.push(...(write.alongside ?? []));
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
