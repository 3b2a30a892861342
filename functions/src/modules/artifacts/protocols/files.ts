/**
 * Files by path, as raw and Maven 2 clients (and pip's downloads) read and write them: GET answers
 * a redirect to a short-lived presigned address with the checksums in headers, HEAD the headers
 * alone; `{file}.md5|.sha1|.sha256|.sha512` are computed from the stored file, never stored; PUT
 * publishes through the one write path (policies, lock, allow once); DELETE removes what nothing
 * holds.
 */
import { badRequest, notFound } from '@core/errors';
import type { Context } from 'hono';
import { blobDownload } from '../blobs';
import { deleteContents, publishAsset } from '../contents';
import { checkPath } from '../formats';
import { type AssetRecord, getAsset } from '../store/contents';
import type { RepositoryRecord } from '../store/repositories';
import type { ClientCall } from './access';
import { readOrder } from './members';

export const CHECKSUM_FILE = /\.(md5|sha1|sha256|sha512)$/;
type Algorithm = 'md5' | 'sha1' | 'sha256' | 'sha512';

const CONTENT_TYPES: [RegExp, string][] = [
  [/\.(pom|xml)$/, 'application/xml'],
  [/\.jar$/, 'application/java-archive'],
  [/\.(tgz|tar\.gz)$/, 'application/gzip'],
  [/\.(whl|zip)$/, 'application/zip'],
  [/\.json$/, 'application/json'],
  [/\.txt$/, 'text/plain'],
];

/** The stored type of a file: by its extension, else what the client declared. */
export function contentTypeOf(path: string, declared: string | undefined): string {
  const known = CONTENT_TYPES.find(([pattern]) => pattern.test(path));
  if (known) return known[1];
  const type = declared?.split(';')[0]?.trim();
  return type && /^[\w.+-]+\/[\w.+-]+$/.test(type) ? type : 'application/octet-stream';
}

/** The first repository in read order that holds `path`, with the asset. */
export async function findAsset(
  repository: RepositoryRecord,
  path: string,
): Promise<{ holder: RepositoryRecord; asset: AssetRecord } | null> {
  for (const holder of await readOrder(repository)) {
    const asset = await getAsset(holder.enterpriseId, holder.repositoryId, path);
    if (asset) return { holder, asset };
  }
  return null;
}

function checksumHeaders(asset: AssetRecord): Record<string, string> {
  return {
    ETag: `"${asset.sha256}"`,
    'X-Checksum-Sha1': asset.sha1,
    'X-Checksum-Sha256': asset.sha256,
    'X-Checksum-Md5': asset.md5,
    'X-Checksum-Sha512': asset.sha512,
    'Last-Modified': new Date(asset.publishedAt).toUTCString(),
  };
}

/** A stored file: its headers, and a redirect to its bytes unless the request is a HEAD. */
export async function serveAsset(
  c: Context,
  holder: RepositoryRecord,
  asset: AssetRecord,
): Promise<Response> {
  const headers = checksumHeaders(asset);
  if (c.req.method === 'HEAD') {
    return c.body(null, 200, {
      ...headers,
      'Content-Type': asset.contentType,
      'Content-Length': String(asset.size),
    });
  }
  const { url } = await blobDownload(
    holder.enterpriseId,
    asset.sha256,
    asset.path.split('/').at(-1)!,
    asset.contentType,
  );
  return c.body(null, 302, { ...headers, Location: url });
}

/** `text` as a small file of its own (checksums, generated metadata). */
export function serveText(c: Context, text: string, contentType: string): Response {
  const headers = { 'Content-Type': contentType, 'Content-Length': String(Buffer.byteLength(text)) };
  return c.req.method === 'HEAD' ? c.body(null, 200, headers) : c.body(text, 200, headers);
}

/** GET or HEAD of a path: the file, or a checksum computed from the file it names. */
export async function readFile(c: Context, repository: RepositoryRecord, path: string): Promise<Response> {
  checkPath(path);
  const found = await findAsset(repository, path);
  if (found) return serveAsset(c, found.holder, found.asset);
  const checksum = CHECKSUM_FILE.exec(path);
  if (checksum) {
    const of = await findAsset(repository, path.slice(0, checksum.index));
    if (of) return serveText(c, of.asset[checksum[1] as Algorithm], 'text/plain');
  }
  throw notFound(`${path} does not exist in ${repository.name}`);
}

/** The checksums a client declared in headers (Nexus and Artifactory take the same names). */
function declaredChecksums(c: Context) {
  const header = (name: string) => c.req.header(name)?.trim().toLowerCase() || undefined;
  return { expectedSha256: header('x-checksum-sha256'), expectedSha1: header('x-checksum-sha1') };
}

/**
 * A checksum file sent after its file (Maven sends one per algorithm): checked against the stored
 * file and not stored, since every checksum is computed on the way out.
 */
async function checkUploadedChecksum(
  call: ClientCall,
  path: string,
  algorithm: Algorithm,
  bytes: Uint8Array,
) {
  const of = path.slice(0, -(algorithm.length + 1));
  const stored = await getAsset(call.repository.enterpriseId, call.repository.repositoryId, of);
  if (!stored)
    throw notFound(`${of} does not exist in ${call.repository.name}; send the file before its checksum`);
  const sent = new TextDecoder().decode(bytes).trim().split(/\s+/)[0]?.toLowerCase();
  if (sent !== stored[algorithm]) {
    throw badRequest(algorithm, `${of} has the ${algorithm} ${stored[algorithm]}, not ${sent}`);
  }
}

/** PUT of a file: published, or (a checksum file) checked. 201 with the stored checksums. */
export async function writeFile(c: Context, call: ClientCall, path: string): Promise<Response> {
  checkPath(path);
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  const checksum = CHECKSUM_FILE.exec(path);
  if (checksum) {
    await checkUploadedChecksum(call, path, checksum[1] as Algorithm, bytes);
    return c.body(null, 201);
  }
  const asset = await publishAsset(call.repository, {
    path,
    bytes,
    contentType: contentTypeOf(path, c.req.header('content-type')),
    userId: call.userId,
    ...declaredChecksums(c),
  });
  return c.json(
    { path: asset.path, size: asset.size, sha1: asset.sha1, sha256: asset.sha256, md5: asset.md5 },
    201,
    checksumHeaders(asset),
  );
}

export async function removeFile(c: Context, call: ClientCall, path: string): Promise<Response> {
  checkPath(path);
  const deleted = await deleteContents(call.repository, { path });
  return c.json({ deleted }, 200);
}
