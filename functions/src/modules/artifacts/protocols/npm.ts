/**
 * The npm registry protocol (https://github.com/npm/registry/blob/main/docs/REGISTRY-API.md):
 * packuments (full, and abbreviated for `application/vnd.npm.install-v1+json`), tarballs,
 * `npm publish` (a PUT of the packument with the tarball as a base64 attachment) and dist-tags.
 * A version's manifest is kept on its component; the packument is built from the components and
 * the tags on every read, so there is no stored document to fall out of step.
 */
import { createHash } from 'node:crypto';
import { ConditionFailedError } from '@core/db/operations';
import { AppError, badRequest, notFound } from '@core/errors';
import { requestOrigin } from '@core/http/origin';
import type { Context } from 'hono';
import { assertWritable, lockedError, publishAsset } from '../contents';
import { parseNpmName } from '../formats/npm';
import {
  type AssetRecord,
  type ComponentRecord,
  getAsset,
  listAssets,
  listComponents,
} from '../store/contents';
import { listTags, removeTag, setTag, tagOp } from '../store/npm-tags';
import type { RepositoryRecord } from '../store/repositories';
import type { ClientCall } from './access';
import { findAsset, serveAsset } from './files';
import { readOrder } from './members';

export const ABBREVIATED = 'application/vnd.npm.install-v1+json';
/** semver 2.0.0, as npm requires of a version. */
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;
const TAG = /^[a-zA-Z][\w.-]{0,63}$/;
/** A manifest is kept on its component item, whose size DynamoDB limits (400 KB). */
const MAX_MANIFEST_BYTES = 100 * 1024;
/** The fields of a version that `npm install` needs (the abbreviated metadata). */
const INSTALL_FIELDS = [
  'name',
  'version',
  'deprecated',
  'dependencies',
  'optionalDependencies',
  'devDependencies',
  'bundleDependencies',
  'peerDependencies',
  'peerDependenciesMeta',
  'acceptDependencies',
  'bin',
  'directories',
  'engines',
  'cpu',
  'os',
  'libc',
  '_hasShrinkwrap',
  'hasInstallScript',
  'funding',
] as const;

export function requireNpmName(name: string): { scope: string; basename: string } {
  const parsed = parseNpmName(name);
  if (!parsed) throw badRequest('name', `${name} is not a valid npm package name`);
  return parsed;
}

export const tarballPath = (name: string, version: string) =>
  `${name}/-/${requireNpmName(name).basename}-${version}.tgz`;

const hexToBase64 = (hex: string) => Buffer.from(hex, 'hex').toString('base64');

/** The registry address of the repository the client named (tarball addresses hang off it). */
function registryBase(c: Context): string {
  return `${requestOrigin(c)}/api/artifacts/${c.req.param('identifier')}/${c.req.param('repo')}`;
}

export interface VersionEntry {
  component: ComponentRecord;
  tarball: AssetRecord;
}

/** The versions of `name` in read order, each from the first repository that holds it. */
export async function versionsOf(repository: RepositoryRecord, name: string) {
  const versions = new Map<string, VersionEntry>();
  const tags: Record<string, string> = {};
  for (const member of await readOrder(repository)) {
    // The package's tarballs in one query (its name and `/-/` start their paths), beside the components.
    const [components, assets, memberTags] = await Promise.all([
      listComponents(member.enterpriseId, member.repositoryId),
      listAssets(member.enterpriseId, member.repositoryId, `${name}/-/`),
      listTags(member.enterpriseId, member.repositoryId, name),
    ]);
    const tarballs = new Map(assets.map((a) => [a.path, a]));
    for (const component of components) {
      if (component.name !== name || versions.has(component.version)) continue;
      const tarball = tarballs.get(tarballPath(name, component.version));
      if (tarball) versions.set(component.version, { component, tarball });
    }
    for (const [tag, version] of Object.entries(memberTags)) tags[tag] ??= version;
  }
  return { versions, tags };
}

function versionDocument(base: string, name: string, entry: VersionEntry, fields?: readonly string[]) {
  const manifest = (entry.component.attributes ?? {}) as Record<string, unknown>;
  const kept = fields
    ? Object.fromEntries(fields.filter((f) => manifest[f] !== undefined).map((f) => [f, manifest[f]]))
    : manifest;
  return {
    ...kept,
    name,
    version: entry.component.version,
    dist: {
      tarball: `${base}/${tarballPath(name, entry.component.version)}`,
      shasum: entry.tarball.sha1,
      integrity: `sha512-${hexToBase64(entry.tarball.sha512)}`,
    },
  };
}

/**
 * The packument's revision, which `npm unpublish` sends back in its address (`/-rev/{rev}`): the
 * count of versions and a digest of the versions, their deprecations and the tags. Nothing
 * stored: a client that names an older one is answered from what is stored now.
 */
function revisionOf(entries: readonly VersionEntry[], tags: Record<string, string>): string {
  const state = entries.map((e) => [e.component.version, e.component.attributes?.deprecated ?? null]);
  const digest = createHash('sha1')
    .update(JSON.stringify([state, tags]))
    .digest('hex');
  return `${entries.length}-${digest.slice(0, 32)}`;
}

/** GET of a packument: full, or abbreviated when the client asks for the install metadata. */
export async function readPackument(
  c: Context,
  repository: RepositoryRecord,
  name: string,
): Promise<Response> {
  requireNpmName(name);
  const { versions, tags } = await versionsOf(repository, name);
  if (versions.size === 0) throw notFound(`${name} is not in ${repository.name}`);
  const base = registryBase(c);
  const entries = [...versions.values()].sort((a, b) =>
    a.component.publishedAt.localeCompare(b.component.publishedAt),
  );
  const modified = entries.at(-1)!.component.publishedAt;
  const distTags = Object.fromEntries(Object.entries(tags).filter(([, version]) => versions.has(version)));
  if ((c.req.header('accept') ?? '').includes(ABBREVIATED)) {
    const body = {
      name,
      modified,
      'dist-tags': distTags,
      versions: Object.fromEntries(
        entries.map((e) => [e.component.version, versionDocument(base, name, e, INSTALL_FIELDS)]),
      ),
    };
    return c.body(JSON.stringify(body), 200, { 'Content-Type': ABBREVIATED });
  }
  return c.json(
    {
      _id: name,
      _rev: revisionOf(entries, distTags),
      name,
      'dist-tags': distTags,
      versions: Object.fromEntries(entries.map((e) => [e.component.version, versionDocument(base, name, e)])),
      time: {
        created: entries[0]!.component.publishedAt,
        modified,
        ...Object.fromEntries(entries.map((e) => [e.component.version, e.component.publishedAt])),
      },
    },
    200,
  );
}

/** GET of a tarball: a redirect to its bytes, from the first repository in read order that has it. */
export async function readTarball(c: Context, repository: RepositoryRecord, path: string): Promise<Response> {
  const found = await findAsset(repository, path);
  if (!found) throw notFound(`${path} does not exist in ${repository.name}`);
  return serveAsset(c, found.holder, found.asset);
}

export interface PublishBody {
  name?: unknown;
  versions?: Record<string, Record<string, unknown>>;
  'dist-tags'?: Record<string, unknown>;
  _attachments?: Record<string, { data?: unknown; length?: unknown }>;
}

/** The one version, its tag and its tarball that a `npm publish` body carries. */
function publishedVersion(name: string, body: PublishBody) {
  if (body.name !== name)
    throw badRequest('name', `The body names ${String(body.name)}, the address ${name}`);
  const versions = Object.entries(body.versions ?? {});
  const attachments = Object.entries(body._attachments ?? {});
  if (versions.length !== 1 || attachments.length !== 1) {
    throw badRequest('versions', 'Publish exactly one version with its one tarball');
  }
  const [version, manifest] = versions[0]!;
  if (!SEMVER.test(version) || manifest.version !== version) {
    throw badRequest('version', `${version} is not a valid semver version`);
  }
  const [tag, tagged] = Object.entries(body['dist-tags'] ?? { latest: version })[0] ?? ['latest', version];
  if (!TAG.test(tag) || tagged !== version)
    throw badRequest('dist-tags', `Tag ${tag} must point at ${version}`);
  const [, attachment] = attachments[0]!;
  if (typeof attachment.data !== 'string')
    throw badRequest('_attachments', 'The tarball data must be base64');
  const bytes = new Uint8Array(Buffer.from(attachment.data, 'base64'));
  if (typeof attachment.length === 'number' && attachment.length !== bytes.length) {
    throw badRequest('_attachments', `The tarball has ${bytes.length} bytes, not ${attachment.length}`);
  }
  return { version, manifest, tag, bytes };
}

/** The manifest kept for the version: what the client sent, without the readme and npm's bookkeeping. */
export function keptManifest(manifest: Record<string, unknown>): Record<string, unknown> {
  const kept = Object.fromEntries(
    Object.entries(manifest).filter(
      ([key]) => key === '_hasShrinkwrap' || (key !== 'readme' && key !== 'dist' && !key.startsWith('_')),
    ),
  );
  if (Buffer.byteLength(JSON.stringify(kept)) > MAX_MANIFEST_BYTES) {
    throw new AppError(413, `versions: The package.json may be at most ${MAX_MANIFEST_BYTES / 1024} KB`);
  }
  return kept;
}

/** The integrity the client computed, which the stored bytes must have. */
function checkIntegrity(manifest: Record<string, unknown>, sha512Hex: string) {
  const integrity = (manifest.dist as { integrity?: unknown } | undefined)?.integrity;
  if (typeof integrity !== 'string' || !integrity.startsWith('sha512-')) return;
  if (integrity !== `sha512-${hexToBase64(sha512Hex)}`) {
    throw badRequest('dist.integrity', `The tarball does not match its integrity ${integrity}`);
  }
}

/**
 * A PUT of a packument: `npm publish` when it carries a tarball; without one, the packument
 * edited by `npm deprecate` or `npm unpublish` of a version (npm-changes.ts).
 */
export async function putPackument(c: Context, call: ClientCall, path: string): Promise<Response> {
  const { name, revision } = splitRevision(path);
  requireNpmName(name);
  let body: PublishBody;
  try {
    body = (await c.req.json()) as PublishBody;
  } catch {
    throw badRequest('body', 'Send the packument as JSON');
  }
  if (Object.keys(body._attachments ?? {}).length === 0 || revision !== null) {
    // Loaded on first use: deprecations and unpublishes are rare beside publishes.
    return (await import('./npm-changes')).changePackument(c, call, name, body);
  }
  return publishPackage(c, call, name, body);
}

/** `{name}/-rev/{rev}` (npm's writes to an existing document) as the name and the revision. */
export function splitRevision(path: string): { name: string; revision: string | null } {
  const at = path.lastIndexOf('/-rev/');
  return at < 0 ? { name: path, revision: null } : { name: path.slice(0, at), revision: path.slice(at + 6) };
}

/** `npm publish`: stores the tarball, its manifest on the component and the tag, in one transaction. */
async function publishPackage(
  c: Context,
  call: ClientCall,
  name: string,
  body: PublishBody,
): Promise<Response> {
  const { version, manifest, tag, bytes } = publishedVersion(name, body);
  checkIntegrity(manifest, createHash('sha512').update(bytes).digest('hex'));
  const shasum = (manifest.dist as { shasum?: unknown } | undefined)?.shasum;
  const { enterpriseId, repositoryId } = call.repository;
  await publishAsset(call.repository, {
    path: tarballPath(name, version),
    bytes,
    contentType: 'application/octet-stream',
    userId: call.userId,
    expectedSha1: typeof shasum === 'string' ? shasum : undefined,
    attributes: keptManifest(manifest),
    alongside: [tagOp(enterpriseId, repositoryId, name, tag, version)],
  });
  return c.json({ ok: true, id: name, version }, 201);
}

// ---- dist-tags --------------------------------------------------------------------------------

export async function readTags(c: Context, repository: RepositoryRecord, name: string): Promise<Response> {
  requireNpmName(name);
  const { versions, tags } = await versionsOf(repository, name);
  if (versions.size === 0) throw notFound(`${name} is not in ${repository.name}`);
  return c.json(tags, 200);
}

/** Tags are written like files: never in a group, a locked, read-only or controlled repository. */
export function hostedFor(call: ClientCall) {
  assertWritable(call.repository, false);
  return call.repository;
}

/** `npm dist-tag add`: the body is the version, as a JSON string. */
export async function addTag(c: Context, call: ClientCall, name: string, tag: string): Promise<Response> {
  requireNpmName(name);
  if (!TAG.test(tag) || SEMVER.test(tag)) throw badRequest('tag', `${tag} is not a valid tag name`);
  const version = await c.req.json().catch(() => undefined);
  if (typeof version !== 'string') throw badRequest('body', 'Send the version as a JSON string');
  const repository = hostedFor(call);
  const tarball = await getAsset(
    repository.enterpriseId,
    repository.repositoryId,
    tarballPath(name, version),
  );
  if (!tarball) throw notFound(`${name}@${version} is not in ${repository.name}`);
  await lockedAware(repository, () =>
    setTag(repository.enterpriseId, repository.repositoryId, name, tag, version),
  );
  return c.json({ ok: true, [tag]: version }, 201);
}

/** `npm dist-tag rm`; `latest` stays, as on the public registry. */
export async function deleteTag(c: Context, call: ClientCall, name: string, tag: string): Promise<Response> {
  requireNpmName(name);
  if (tag === 'latest')
    throw badRequest('tag', 'The latest tag cannot be removed; point it at another version');
  const repository = hostedFor(call);
  const tags = await listTags(repository.enterpriseId, repository.repositoryId, name);
  if (!(tag in tags)) throw notFound(`${name} has no tag ${tag} in ${repository.name}`);
  await lockedAware(repository, () => removeTag(repository.enterpriseId, repository.repositoryId, name, tag));
  return c.json({ ok: true }, 200);
}

/** Runs a tag write; the repository locked since it was read answers as a locked one does. */
export async function lockedAware(repository: RepositoryRecord, write: () => Promise<void>) {
  try {
    await write();
  } catch (error) {
    if (error instanceof ConditionFailedError && error.label === 'locked') throw lockedError(repository);
    throw error;
  }
}
