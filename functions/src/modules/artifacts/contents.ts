/**
 * A repository's contents: publishing an asset (the one write path every protocol and the web
 * use), components and assets by name, version and path, the folder tree, and deleting what no
 * snapshot and no promotion holds.
 */
import { nowIso } from '@core/clock';
import { ConditionFailedError, type TxOp } from '@core/db/operations';
import { AppError, badRequest, conflict, forbidden, notFound } from '@core/errors';
import type { CanDelete, Checksums, FolderEntry, Hold } from '@shared/schemas/artifacts';
import { claimBlob } from './blob-claims';
import { checksumsOf, storeBlob } from './blobs';
import { type Coordinates, checkPath, componentIdOf, FORMATS } from './formats';
import {
  type AssetRecord,
  type AssetWrite,
  type ComponentRecord,
  deleteAssets,
  getAsset,
  getComponent,
  listAssets,
  listComponents,
  MAX_ASSETS_PER_DELETE,
  MAX_FILES_PER_COMMIT,
  writeAssets,
} from './store/contents';
import type { RepositoryRecord } from './store/repositories';

export interface Publish {
  path: string;
  bytes: Uint8Array;
  contentType: string;
  userId: string;
  /** The checksum the client declared: the bytes must match it. */
  expectedSha256?: string;
  expectedSha1?: string;
  /** The presigned upload this publish confirms. */
  uploadId?: string;
  /** A promotion: the copy records where it came from, and controlled repositories accept it. */
  promotedFrom?: AssetRecord['promotedFrom'];
  /** The bytes are stored already under this sha256 (a promotion copies a stored asset). */
  stored?: { checksums: Checksums; size: number };
  /** Kept on the component (npm: the version's manifest). */
  attributes?: Record<string, unknown>;
  /** Writes of the format that land in the publish's transaction (npm: the dist-tag). */
  alongside?: readonly TxOp[];
}

export const lockedError = (repository: RepositoryRecord) =>
  conflict(`${repository.name} is locked: it refuses every write and delete until it is unlocked`);

/** Why `repository` refuses a direct write, or nothing. */
export function assertWritable(repository: RepositoryRecord, promotion: boolean): void {
  if (repository.type === 'group') {
    throw badRequest('repository', `${repository.name} is a group; publish to one of its hosted members`);
  }
  if (repository.locked) throw lockedError(repository);
  if (repository.writePolicy === 'deny')
    throw forbidden(`${repository.name} is read only (write policy deny)`);
  if (repository.kind === 'shoukong' && !promotion) {
    throw forbidden(`${repository.name} is a controlled repository: it accepts only promoted content`);
  }
}

const publishedTwice = (repository: RepositoryRecord, path: string) =>
  conflict(`${path} is already published in ${repository.name}, whose write policy allows it once`);

/** What a publish is once checked, before anything is stored: its path, component and bytes. */
interface Checked {
  publish: Publish;
  path: string;
  coordinates: Coordinates | null;
  componentId: string | null;
  checksums: Checksums;
  size: number;
}

/** The repository's policies, the path, the layout and the declared checksums: 4xx on a refusal. */
async function checkPublish(repository: RepositoryRecord, publish: Publish): Promise<Checked> {
  assertWritable(repository, publish.promotedFrom != null);
  const path = checkPath(publish.path);
  const coordinates = FORMATS[repository.format].coordinates(path, repository);
  const checksums = publish.stored?.checksums ?? checksumsOf(publish.bytes);
  if (publish.expectedSha256 && publish.expectedSha256 !== checksums.sha256) {
    throw badRequest('sha256', `The bytes' sha256 is ${checksums.sha256}, not ${publish.expectedSha256}`);
  }
  if (publish.expectedSha1 && publish.expectedSha1 !== checksums.sha1) {
    throw badRequest('sha1', `The bytes' sha1 is ${checksums.sha1}, not ${publish.expectedSha1}`);
  }
  const componentId = coordinates ? await componentIdOf(coordinates) : null;
  const size = publish.stored?.size ?? publish.bytes.length;
  return { publish, path, coordinates, componentId, checksums, size };
}

/** The write of a checked publish on what the repository holds now (read again on each try). */
async function assetWriteOf(repository: RepositoryRecord, checked: Checked): Promise<AssetWrite> {
  const { publish, path, coordinates, componentId } = checked;
  const { enterpriseId, repositoryId } = repository;
  const [replaces, component] = await Promise.all([
    getAsset(enterpriseId, repositoryId, path),
    componentId ? getComponent(enterpriseId, repositoryId, componentId) : null,
  ]);
  if (replaces && repository.writePolicy === 'allow_once') throw publishedTwice(repository, path);
  const at = nowIso();
  const asset: AssetRecord = {
    enterpriseId,
    repositoryId,
    path,
    componentId,
    ...checked.checksums,
    size: checked.size,
    contentType: publish.contentType,
    publishedBy: publish.userId,
    publishedAt: at,
    promotedTo: replaces?.promotedTo ?? [],
    heldBy: replaces?.heldBy ?? [],
    promotedFrom: publish.promotedFrom ?? null,
  };
  return {
    asset,
    replaces,
    componentExists: component !== null,
    component:
      coordinates && componentId
        ? {
            enterpriseId,
            repositoryId,
            componentId,
            ...coordinates,
            publishedBy: publish.userId,
            publishedAt: at,
            attributes: publish.attributes ?? component?.attributes ?? null,
          }
        : null,
    uploadId: publish.uploadId,
    alongside: publish.alongside,
  };
}

/**
 * Records checked publishes in one conditional transaction: all of them or none. A component that
 * appeared or went meanwhile (a concurrent publish of the same version) is read again, three
 * times at most; every other failed condition is the answer.
 */
async function commit(repository: RepositoryRecord, checked: readonly Checked[]): Promise<AssetRecord[]> {
  for (let attempt = 1; ; attempt += 1) {
    const writes = await Promise.all(checked.map((c) => assetWriteOf(repository, c)));
    try {
      await writeAssets(writes);
      return writes.map((w) => w.asset);
    } catch (error) {
      if (!(error instanceof ConditionFailedError)) throw error;
      if (error.label === 'locked') throw lockedError(repository);
      if (error.label === 'upload')
        throw notFound(`Upload ${checked[0]?.publish.uploadId} does not exist any more`);
      const path = checked.length === 1 ? checked[0]!.path : 'A path of this promotion';
      if (error.label === 'exists' && repository.writePolicy === 'allow_once')
        throw publishedTwice(repository, path);
      if (attempt >= 3) throw conflict(`${path} was changed by another publish meanwhile; try again`);
    }
  }
}

/**
 * Stores one asset. The bytes go to S3 under their sha256 first, then one conditional
 * transaction records the asset, its component and the counts.
 */
export async function publishAsset(repository: RepositoryRecord, publish: Publish): Promise<AssetRecord> {
  const checked = await checkPublish(repository, publish);
  const { enterpriseId, repositoryId } = repository;
  // Refused before any bytes are stored, so a refused second publish leaves no object behind.
  if (repository.writePolicy === 'allow_once' && (await getAsset(enterpriseId, repositoryId, checked.path))) {
    throw publishedTwice(repository, checked.path);
  }
  if (!publish.stored) {
    // Claimed before the bytes are written, so the blob sweep cannot free them meanwhile.
    await claimBlob(enterpriseId, checked.checksums.sha256, checked.size);
    await storeBlob(enterpriseId, checked.checksums.sha256, publish.bytes);
  }
  const [asset] = await commit(repository, [checked]);
  return asset!;
}

/**
 * Records assets whose bytes are stored already (`stored`: a promotion's copies). Every one of
 * every part is checked before anything is written; then each part lands in one transaction, all
 * of its files or none. A part holds at most MAX_FILES_PER_COMMIT files, which keeps its
 * transaction within DynamoDB's 100 writes.
 */
export async function publishStored(
  repository: RepositoryRecord,
  parts: readonly (readonly Publish[])[],
): Promise<AssetRecord[]> {
  if (parts.some((part) => part.length > MAX_FILES_PER_COMMIT))
    throw new Error(`A part holds more than ${MAX_FILES_PER_COMMIT} files`);
  const checked = await Promise.all(
    parts.map((part) => Promise.all(part.map((p) => checkPublish(repository, p)))),
  );
  const written: AssetRecord[] = [];
  for (const part of checked) written.push(...(await commit(repository, part)));
  return written;
}

// ---- reading ----------------------------------------------------------------------------------

/** Components whose name, group or version holds `q` (any case), by name then newest version first. */
export async function searchComponents(
  repository: RepositoryRecord,
  q: string | undefined,
): Promise<ComponentRecord[]> {
  const needle = q?.toLowerCase();
  const found = await listComponents(repository.enterpriseId, repository.repositoryId);
  return found
    .filter((c) => !needle || `${c.group}:${c.name}@${c.version}`.toLowerCase().includes(needle))
    .sort((a, b) => a.name.localeCompare(b.name) || b.publishedAt.localeCompare(a.publishedAt));
}

export async function requireComponent(
  repository: RepositoryRecord,
  componentId: string,
): Promise<ComponentRecord> {
  const found = await getComponent(repository.enterpriseId, repository.repositoryId, componentId);
  if (!found) throw notFound(`Component ${componentId} does not exist in ${repository.name}`);
  return found;
}

export async function assetsOfComponent(
  repository: RepositoryRecord,
  componentId: string,
): Promise<AssetRecord[]> {
  const all = await listAssets(repository.enterpriseId, repository.repositoryId);
  return all.filter((a) => a.componentId === componentId);
}

export async function requireAsset(repository: RepositoryRecord, path: string): Promise<AssetRecord> {
  const found = await getAsset(repository.enterpriseId, repository.repositoryId, path);
  if (!found) throw notFound(`${path} does not exist in ${repository.name}`);
  return found;
}

const folderPrefix = (folder: string) => (folder === '' ? '' : `${folder.replace(/\/+$/, '')}/`);

/** One level of the folder tree: the sub-folders and the assets directly under `folder`. */
export async function folderEntries(repository: RepositoryRecord, folder: string): Promise<FolderEntry[]> {
  const prefix = folderPrefix(folder);
  const assets = await listAssets(repository.enterpriseId, repository.repositoryId, prefix);
  const folders = new Map<string, number>();
  const files: FolderEntry[] = [];
  for (const asset of assets) {
    const rest = asset.path.slice(prefix.length);
    const slash = rest.indexOf('/');
    if (slash < 0) files.push({ name: rest, path: asset.path, kind: 'asset', size: asset.size });
    else folders.set(rest.slice(0, slash), (folders.get(rest.slice(0, slash)) ?? 0) + asset.size);
  }
  if (prefix !== '' && assets.length === 0)
    throw notFound(`Folder ${folder} does not exist in ${repository.name}`);
  const subFolders = [...folders].map(
    ([name, size]): FolderEntry => ({ name, path: `${prefix}${name}`, kind: 'folder', size }),
  );
  return [
    ...subFolders.sort((a, b) => a.name.localeCompare(b.name)),
    ...files.sort((a, b) => a.name.localeCompare(b.name)),
  ];
}

// ---- deleting ---------------------------------------------------------------------------------

/** What holds an asset: the snapshots that list it and the product repositories it was promoted into. */
function holdsOf(asset: AssetRecord): Hold[] {
  return [
    ...asset.heldBy.map(
      (name): Hold => ({
        reason: 'snapshot',
        by: name,
        message: `${asset.path} is held by snapshot ${name}`,
      }),
    ),
    ...asset.promotedTo.map(
      (name): Hold => ({
        reason: 'promoted',
        by: name,
        message: `${asset.path} was promoted into product repository ${name}`,
      }),
    ),
  ];
}

function verdict(repository: RepositoryRecord, assets: readonly AssetRecord[]): CanDelete {
  const holds: Hold[] = repository.locked
    ? [{ reason: 'locked', by: repository.name, message: `${repository.name} is locked` }]
    : [];
  holds.push(...assets.flatMap(holdsOf));
  return { canDelete: holds.length === 0, holds };
}

export type DeleteTarget = { path: string } | { componentId: string } | { folder: string };

async function assetsOf(repository: RepositoryRecord, target: DeleteTarget): Promise<AssetRecord[]> {
  if ('path' in target) return [await requireAsset(repository, target.path)];
  if ('componentId' in target) {
    await requireComponent(repository, target.componentId);
    return assetsOfComponent(repository, target.componentId);
  }
  const prefix = folderPrefix(target.folder);
  const assets = await listAssets(repository.enterpriseId, repository.repositoryId, prefix);
  if (assets.length === 0) throw notFound(`Folder ${target.folder} does not exist in ${repository.name}`);
  return assets;
}

export async function canDelete(repository: RepositoryRecord, target: DeleteTarget): Promise<CanDelete> {
  return verdict(repository, await assetsOf(repository, target));
}

/**
 * Deletes an asset, a component (all its assets) or a folder (everything under it), in
 * transactions of at most MAX_ASSETS_PER_DELETE assets; 409 with the holds when anything is held.
 */
export async function deleteContents(repository: RepositoryRecord, target: DeleteTarget): Promise<number> {
  const assets = await assetsOf(repository, target);
  const found = verdict(repository, assets);
  if (!found.canDelete) throw new AppError(409, found.holds[0]!.message, found);
  const components = new Map(
    (await listComponents(repository.enterpriseId, repository.repositoryId)).map((c) => [c.componentId, c]),
  );
  for (let i = 0; i < assets.length; i += MAX_ASSETS_PER_DELETE) {
    const part = assets.slice(i, i + MAX_ASSETS_PER_DELETE);
    try {
      await deleteAssets(part, components, nowIso());
    } catch (error) {
      if (!(error instanceof ConditionFailedError)) throw error;
      if (error.label === 'locked') throw lockedError(repository);
      throw conflict(
        'Something was published, promoted or taken into a snapshot meanwhile; look again and retry',
      );
    }
    for (const asset of part) {
      const component = asset.componentId ? components.get(asset.componentId) : undefined;
      if (component) component.assetCount -= 1;
    }
  }
  return assets.length;
}
