/**
 * Promotion: components or assets of an artifact repository (or of one of its snapshots) copied
 * into a product (chanpin) or controlled (shoukong) repository of the same format. The copy shares
 * the stored bytes (one more count on the blob), records who promoted it, when and from where
 * (`promotedFrom`), and the source asset lists the product repository in `promotedTo` in the same
 * transaction, so it cannot be deleted while the copy exists. Controlled repositories take nothing
 * else (`assertWritable`).
 */
import { nowIso } from '@core/clock';
import { artifactKeys } from '@core/db/keys';
import type { TxOp } from '@core/db/operations';
import { badRequest, conflict, notFound } from '@core/errors';
import type { Promote } from '@shared/schemas/artifacts';
import { assertWritable, type Publish, publishStored } from './contents';
import { partsOf } from './promotion-parts';
import { requireRepository } from './repositories';
import { requireSnapshot, snapshotAssets } from './snapshots';
import {
  type AssetRecord,
  type ComponentRecord,
  getAsset,
  listAssets,
  listComponents,
  type StoredFile,
} from './store/contents';
import { tagOp } from './store/npm-tags';
import type { RepositoryRecord } from './store/repositories';

async function requireTarget(source: RepositoryRecord, targetId: string): Promise<RepositoryRecord> {
  const target = await requireRepository(source.enterpriseId, targetId);
  if (target.kind === 'zhipin') {
    throw badRequest(
      'targetRepositoryId',
      `${target.name} is an artifact repository; promote into a product or controlled repository`,
    );
  }
  if (target.type === 'group') {
    throw badRequest('targetRepositoryId', `${target.name} is a group; promote into a hosted repository`);
  }
  if (target.format !== source.format) {
    throw badRequest('targetRepositoryId', `${target.name} holds ${target.format}, not ${source.format}`);
  }
  if (target.repositoryId === source.repositoryId) {
    throw badRequest('targetRepositoryId', 'A repository cannot be promoted into itself');
  }
  assertWritable(target, true);
  return target;
}

/** The files the body names, from the snapshot when it names one, else from the repository now. */
async function copiesOf(source: RepositoryRecord, body: Promote): Promise<StoredFile[]> {
  const available: StoredFile[] = body.snapshotName
    ? await snapshotAssets(source, await requireSnapshot(source, body.snapshotName))
    : await listAssets(source.enterpriseId, source.repositoryId);
  const wantedComponents = new Set(body.componentIds ?? []);
  const wantedPaths = new Set(body.paths ?? []);
  const chosen = available.filter(
    (a) => wantedPaths.has(a.path) || (a.componentId !== null && wantedComponents.has(a.componentId)),
  );
  const from = body.snapshotName ? `snapshot ${body.snapshotName}` : source.name;
  for (const componentId of wantedComponents) {
    if (!chosen.some((a) => a.componentId === componentId))
      throw notFound(`Component ${componentId} is not in ${from}`);
  }
  for (const path of wantedPaths) {
    if (!chosen.some((a) => a.path === path)) throw notFound(`${path} is not in ${from}`);
  }
  return chosen;
}

/** The source asset lists the product repository, if it still holds the bytes being copied. */
function markSource(asset: AssetRecord | null, copy: StoredFile, target: RepositoryRecord): TxOp[] {
  if (!asset || asset.sha256 !== copy.sha256 || asset.promotedTo.includes(target.name)) return [];
  return [
    {
      update: artifactKeys.asset(asset.enterpriseId, asset.repositoryId, asset.path),
      set: { promotedTo: [...asset.promotedTo, target.name] },
      condition: {
        expression: 'sha256 = :sha AND size(promotedTo) = :promoted',
        values: { ':sha': asset.sha256, ':promoted': asset.promotedTo.length },
      },
      label: 'source',
    },
  ];
}

/**
 * Copies the named components or paths into the target repository. Every path is checked first
 * (a path the target already holds under allow once is 409, nothing copied); then the copies land
 * with their sources' marks, all in one transaction (in one per part of whole components when
 * there are more than MAX_FILES_PER_COMMIT files): a refusal leaves nothing of what it names.
 */
export async function promote(
  source: RepositoryRecord,
  userId: string,
  body: Promote,
): Promise<{ target: RepositoryRecord; copied: AssetRecord[] }> {
  if (source.type === 'group')
    throw badRequest('repository', `${source.name} is a group; promote from a hosted member`);
  const target = await requireTarget(source, body.targetRepositoryId);
  const copies = await copiesOf(source, body);
  const present = await Promise.all(
    copies.map((c) => getAsset(target.enterpriseId, target.repositoryId, c.path)),
  );
  const taken = copies.filter((_, i) => present[i] && target.writePolicy === 'allow_once').map((c) => c.path);
  if (taken.length > 0) {
    throw conflict(`${taken.join(', ')} ${taken.length === 1 ? 'is' : 'are'} already in ${target.name}`, {
      paths: taken,
    });
  }
  const components = new Map(
    (await listComponents(source.enterpriseId, source.repositoryId)).map((c) => [c.componentId, c]),
  );
  const from = { repository: source.name, snapshot: body.snapshotName ?? null, by: userId, at: nowIso() };
  const parts = await Promise.all(
    partsOf(copies).map((part) =>
      Promise.all(
        part.map(async (copy): Promise<Publish> => {
          const sourceAsset = await getAsset(source.enterpriseId, source.repositoryId, copy.path);
          const component = copy.componentId ? components.get(copy.componentId) : undefined;
          return {
            path: copy.path,
            bytes: new Uint8Array(),
            stored: {
              checksums: { sha256: copy.sha256, sha1: copy.sha1, md5: copy.md5, sha512: copy.sha512 },
              size: copy.size,
            },
            contentType: copy.contentType,
            userId,
            promotedFrom: from,
            attributes: component?.attributes ?? undefined,
            alongside: [...markSource(sourceAsset, copy, target), ...npmLatest(target, copy, component)],
          };
        }),
      ),
    ),
  );
  const copied = await publishStored(target, parts);
  return { target, copied };
}

/** An npm version promoted into a product repository becomes its `latest` (a prerelease does not). */
function npmLatest(
  target: RepositoryRecord,
  copy: StoredFile,
  component: ComponentRecord | undefined,
): TxOp[] {
  if (target.format !== 'npm' || !component || !copy.path.endsWith('.tgz') || component.version.includes('-'))
    return [];
  // An npm component's name is the package name, scope included.
  return [tagOp(target.enterpriseId, target.repositoryId, component.name, 'latest', component.version)];
}
