/**
 * The files bucket: presigned uploads (POST with a policy) and downloads (GET), and the few
 * object operations the server does itself. The only code that talks to S3.
 *
 * Its own core module, imported only by the groups that store files: the S3 client is ~150 KB
 * of a Lambda bundle, which a group that never touches S3 must not carry
 * (docs/architecture.md, "Bundle budgets"). Keys are built by the caller from the enterprise id
 * (`ent/{enterpriseId}/...`): the grants in infra/lib/bucket-access.ts are per key prefix.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { clock } from '../clock';
import { config } from '../config';

type S3Sdk = typeof import('@aws-sdk/client-s3');

let sdk: Promise<S3Sdk> | undefined;
let client: S3Client | undefined;

/**
 * The SDK and its client, loaded on the first storage call (`await import()`): most calls of a
 * group that stores files (the tree, pages, revisions) never touch S3, and their cold starts do
 * not load it.
 */
async function s3(): Promise<{ client: S3Client; S3: S3Sdk }> {
  sdk ??= import('@aws-sdk/client-s3');
  const S3 = await sdk;
  client ??= new S3.S3Client({
    region: config.region,
    ...(config.s3Endpoint ? { endpoint: config.s3Endpoint, forcePathStyle: true } : {}),
  });
  return { client, S3 };
}

const BUCKET = () => config.filesBucket;

export interface UploadPost {
  url: string;
  fields: Record<string, string>;
  expiresAt: string;
}

/**
 * A presigned POST for exactly `key`: the policy limits the size (`content-length-range`,
 * enforced by S3 before it stores anything) and pins the key and the Content-Type, so the
 * browser can neither write elsewhere nor upload more than `maxBytes`.
 */
export async function presignUpload(
  key: string,
  maxBytes: number,
  expiresSeconds: number,
): Promise<UploadPost> {
  const { createPresignedPost } = await import('@aws-sdk/s3-presigned-post');
  const { client } = await s3();
  const { url, fields } = await createPresignedPost(client, {
    Bucket: BUCKET(),
    Key: key,
    Conditions: [
      ['content-length-range', 1, maxBytes],
      ['eq', '$Content-Type', 'application/octet-stream'],
    ],
    Fields: { 'Content-Type': 'application/octet-stream' },
    Expires: expiresSeconds,
  });
  return { url, fields, expiresAt: new Date(clock.now() + expiresSeconds * 1000).toISOString() };
}

export interface DownloadOptions {
  fileName: string;
  mime: string;
  disposition: 'inline' | 'attachment';
  expiresSeconds: number;
}

/** RFC 6266 / 5987: an ASCII fallback name and the exact one, percent-encoded. */
function contentDisposition(disposition: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A presigned GET that answers with the stored type and the given disposition. */
export async function presignDownload(
  key: string,
  options: DownloadOptions,
): Promise<{ url: string; expiresAt: string }> {
  const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
  const { client, S3 } = await s3();
  const url = await getSignedUrl(
    client,
    new S3.GetObjectCommand({
      Bucket: BUCKET(),
      Key: key,
      ResponseContentType: options.mime,
      ResponseContentDisposition: contentDisposition(options.disposition, options.fileName),
      ResponseCacheControl: 'private, max-age=300',
    }),
    { expiresIn: options.expiresSeconds },
  );
  return { url, expiresAt: new Date(clock.now() + options.expiresSeconds * 1000).toISOString() };
}

/** No such object: S3's 404 (`NoSuchKey` for GET, `NotFound` for HEAD). */
function isMissing(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return $metadata?.httpStatusCode === 404 || name === 'NoSuchKey' || name === 'NotFound';
}

/** The object's size, or null when there is no such object. */
export async function objectSize(key: string): Promise<number | null> {
  try {
    const { client, S3 } = await s3();
    const out = await client.send(new S3.HeadObjectCommand({ Bucket: BUCKET(), Key: key }));
    return out.ContentLength ?? 0;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** The first `length` bytes of an object (a ranged GET: a 100 MB file is not read to check it). */
export async function readHead(key: string, length: number): Promise<Uint8Array | null> {
  try {
    const { client, S3 } = await s3();
    const out = await client.send(
      new S3.GetObjectCommand({ Bucket: BUCKET(), Key: key, Range: `bytes=0-${length - 1}` }),
    );
    const bytes = (await out.Body?.transformToByteArray()) ?? new Uint8Array();
    // An endpoint that ignores Range sends everything: keep what was asked for.
    return bytes.length > length ? bytes.subarray(0, length) : bytes;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** A whole object, or null when there is none. */
export async function readObject(key: string): Promise<Uint8Array | null> {
  try {
    const { client, S3 } = await s3();
    const out = await client.send(new S3.GetObjectCommand({ Bucket: BUCKET(), Key: key }));
    return (await out.Body?.transformToByteArray()) ?? new Uint8Array();
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

export async function writeObject(key: string, body: Uint8Array, contentType: string): Promise<void> {
  const { client, S3 } = await s3();
  await client.send(
    new S3.PutObjectCommand({ Bucket: BUCKET(), Key: key, Body: body, ContentType: contentType }),
  );
}

/**
 * Writes one object from a stream of unknown length as a multipart upload (5 MB parts, at most
 * four in flight), so a writer of gigabytes holds a few parts in memory, not the object. Resolves
 * when the object is complete; a failed upload is aborted and leaves no object.
 */
export async function writeObjectStream(
  key: string,
  body: NodeJS.ReadableStream,
  contentType: string,
): Promise<void> {
  const { client } = await s3();
  const { Upload } = await import('@aws-sdk/lib-storage');
  const { Readable } = await import('node:stream');
  const upload = new Upload({
    client,
    params: { Bucket: BUCKET(), Key: key, Body: Readable.from(body), ContentType: contentType },
    queueSize: 4,
    partSize: 5 * 1024 * 1024,
  });
  await upload.done();
}

/** An object's bytes as they arrive, chunk by chunk; null when there is no such object. */
export async function readObjectChunks(key: string): Promise<AsyncIterable<Uint8Array> | null> {
  try {
    const { client, S3 } = await s3();
    const out = await client.send(new S3.GetObjectCommand({ Bucket: BUCKET(), Key: key }));
    return (out.Body as AsyncIterable<Uint8Array> | undefined) ?? (async function* () {})();
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** Deletes objects (missing ones are fine), 1,000 per request. */
export async function deleteObjects(keyList: readonly string[]): Promise<void> {
  if (keyList.length === 0) return;
  const { client, S3 } = await s3();
  for (let i = 0; i < keyList.length; i += 1000) {
    const part = keyList.slice(i, i + 1000);
    await client.send(
      new S3.DeleteObjectsCommand({
        Bucket: BUCKET(),
        Delete: { Objects: part.map((Key) => ({ Key })), Quiet: true },
      }),
    );
  }
}

/** At most `max` (up to 1,000) object keys under `prefix`: one ListObjectsV2 request, for work done in bounded steps. */
export async function listSomeObjectKeys(prefix: string, max: number): Promise<string[]> {
  const { client, S3 } = await s3();
  // One page of the default 1,000, cut here: the local S3 emulator fails on a small MaxKeys.
  const out = await client.send(new S3.ListObjectsV2Command({ Bucket: BUCKET(), Prefix: prefix }));
  return (out.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])).slice(0, max);
}

/** Every object key under `prefix`, 1,000 per request (ListObjectsV2). */
export async function listObjectKeys(prefix: string): Promise<string[]> {
  const { client, S3 } = await s3();
  const found: string[] = [];
  let token: string | undefined;
  do {
    const out = await client.send(
      new S3.ListObjectsV2Command({ Bucket: BUCKET(), Prefix: prefix, ContinuationToken: token }),
    );
    for (const object of out.Contents ?? []) if (object.Key) found.push(object.Key);
    token = out.IsTruncated ? out.NextContinuationToken : undefined;
  } while (token);
  return found;
}
