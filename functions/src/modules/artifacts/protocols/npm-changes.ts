/**
 * What npm changes in a published package without a tarball: `npm deprecate` (a PUT of the
 * packument whose versions' `deprecated` changed), `npm unpublish {name}@{version}` (a PUT of
 * `{name}/-rev/{rev}` without that version, then a DELETE of its tarball) and `npm unpublish
 * {name}` (a DELETE of `{name}/-rev/{rev}`). A deprecation changes no file, so allow once permits
 * it; an unpublish deletes files, so it is refused where a publish is (group, lock, read only,
 * controlled) and where a snapshot or a promotion holds a file (409 with the holds, asked of
 * canDelete first so nothing goes unless everything may).
 */
import { ConditionFailedError } from '@core/db/operations';
import { AppError, badRequest, conflict } from '@core/errors';
import type { Hold } from '@shared/schemas/artifacts';
import type { Context } from 'hono';
import { canDelete, type DeleteTarget, deleteContents, lockedError } from '../contents';
import { getAsset } from '../store/contents';
import { listTags, removeTag, setTag } from '../store/npm-tags';
import { type Deprecation, setDeprecations } from '../store/npm-versions';
import type { RepositoryRecord } from '../store/repositories';
import type { ClientCall } from './access';
import {
  hostedFor,
  keptManifest,
  lockedAware,
  type PublishBody,
  requireNpmName,
  splitRevision,
  type VersionEntry,
  versionsOf,
} from './npm';

/** A manifest as a string that does not depend on key order, without `deprecated`. */
function canonical(manifest: Record<string, unknown>): string {
  const { deprecated: _ignored, ...rest } = manifest;
  const sorted = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sorted)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
          )
        : value;
  return JSON.stringify(sorted(rest));
}

const deprecationOf = (manifest: Record<string, unknown> | null): string | null =>
  typeof manifest?.deprecated === 'string' && manifest.deprecated !== '' ? manifest.deprecated : null;

interface Changes {
  removed: VersionEntry[];
  deprecations: Deprecation[];
}

/** What the edited packument changes against what is stored; 400 for anything but the two. */
function changesOf(stored: Map<string, VersionEntry>, name: string, body: PublishBody): Changes {
  if (body.name !== name)
    throw badRequest('name', `The body names ${String(body.name)}, the address ${name}`);
  const sent = body.versions ?? {};
  const changes: Changes = { removed: [], deprecations: [] };
  for (const [version, manifest] of Object.entries(sent)) {
    const entry = stored.get(version);
    if (!entry) {
      throw badRequest(
        `versions.${version}`,
        `${name}@${version} is not published; publish it with its tarball`,
      );
    }
    const kept = entry.component.attributes ?? {};
    if (canonical(keptManifest(manifest)) !== canonical(kept)) {
      throw badRequest(
        `versions.${version}`,
        'Only deprecated may change in a published version (npm deprecate); publish a new version instead',
      );
    }
    const deprecated = deprecationOf(manifest);
    if (deprecated !== deprecationOf(kept))
      changes.deprecations.push({ component: entry.component, deprecated });
  }
  for (const [version, entry] of stored) if (!(version in sent)) changes.removed.push(entry);
  return changes;
}

/** 409 with every hold unless all of `targets` may be deleted (the repository's canDelete decides). */
async function assertDeletable(repository: RepositoryRecord, targets: readonly DeleteTarget[]) {
  const holds: Hold[] = [];
  for (const target of targets) holds.push(...(await canDelete(repository, target)).holds);
  if (holds.length > 0) throw new AppError(409, holds[0]!.message, { canDelete: false, holds });
}

/** Deletes what canDelete allowed; a lock or a hold that came meanwhile still refuses (409). */
async function deleteAll(repository: RepositoryRecord, targets: readonly DeleteTarget[]) {
  await assertDeletable(repository, targets);
  for (const target of targets) await deleteContents(repository, target);
}

/**
 * Tags that pointed at removed versions go; `latest` moves to the version the client chose if it
 * is still there, else to the newest published one (npm's unpublish picks the highest itself).
 */
async function retag(
  repository: RepositoryRecord,
  name: string,
  remaining: readonly VersionEntry[],
  chosenLatest: unknown,
) {
  const { enterpriseId, repositoryId } = repository;
  const left = new Set(remaining.map((e) => e.component.version));
  for (const [tag, version] of Object.entries(await listTags(enterpriseId, repositoryId, name))) {
    if (left.has(version)) continue;
    if (tag !== 'latest' || remaining.length === 0) {
      await lockedAware(repository, () => removeTag(enterpriseId, repositoryId, name, tag));
      continue;
    }
    const newest = [...remaining].sort((a, b) =>
      b.component.publishedAt.localeCompare(a.component.publishedAt),
    )[0]!;
    const latest =
      typeof chosenLatest === 'string' && left.has(chosenLatest) ? chosenLatest : newest.component.version;
    await lockedAware(repository, () => setTag(enterpriseId, repositoryId, name, 'latest', latest));
  }
}

/** A PUT of a packument without a tarball: deprecations, and versions left out are unpublished. */
export async function changePackument(
  c: Context,
  call: ClientCall,
  name: string,
  body: PublishBody,
): Promise<Response> {
  const repository = hostedFor(call);
  const { versions } = await versionsOf(repository, name);
  if (versions.size === 0) throw badRequest('name', `${name} is not in ${repository.name}; publish it first`);
  const { removed, deprecations } = changesOf(versions, name, body);
  if (removed.length === versions.size) {
    throw badRequest('versions', `Unpublish the whole package with npm unpublish ${name}`);
  }
  if (removed.length > 0) {
    await deleteAll(
      repository,
      removed.map((e) => ({ componentId: e.component.componentId })),
    );
    const remaining = [...versions.values()].filter((e) => !removed.includes(e));
    await retag(repository, name, remaining, body['dist-tags']?.latest);
  }
  try {
    await setDeprecations(repository.enterpriseId, repository.repositoryId, deprecations);
  } catch (error) {
    if (!(error instanceof ConditionFailedError)) throw error;
    if (error.label === 'locked') throw lockedError(repository);
    throw conflict(`${name} was published again meanwhile; run npm deprecate again`);
  }
  return c.json({ ok: true, id: name }, 200);
}

/**
 * npm's DELETEs: `{name}/-rev/{rev}` unpublishes the whole package (its tarballs, versions and
 * tags); `{name}/-/{file}.tgz/-rev/{rev}` the tarball of one version, which the PUT before it
 * already removed (200 either way, as npm expects).
 */
export async function unpublish(c: Context, call: ClientCall, path: string): Promise<Response> {
  const { name: target } = splitRevision(path);
  const repository = hostedFor(call);
  const { enterpriseId, repositoryId } = repository;
  if (target.includes('/-/')) {
    const asset = await getAsset(enterpriseId, repositoryId, target);
    if (asset) await deleteAll(repository, [{ path: target }]);
    return c.json({ ok: true }, 200);
  }
  requireNpmName(target);
  const { versions } = await versionsOf(repository, target);
  if (versions.size === 0) return c.json({ ok: true }, 200);
  await deleteAll(repository, [{ folder: `${target}/-` }]);
  await retag(repository, target, [], undefined);
  return c.json({ ok: true, id: target }, 200);
}
