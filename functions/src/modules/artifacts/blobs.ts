/**
 * Asset bytes in S3, under the enterprise's prefix and addressed by their sha256, so identical
 * content is stored once however many assets (in however many repositories) hold it. Which
 * assets hold a blob is counted in DynamoDB (store/contents.ts); a blob nobody holds is freed by
 * the sweep (docs/artifacts.md "Blobs").
 */
import { createHash } from 'node:crypto';
import { presignDownload, writeObject } from '@core/storage/files';
import type { Checksums } from '@shared/schemas/artifacts';

export const blobKey = (enterpriseId: string, sha256: string) =>
  `ent/${enterpriseId}/artifacts/blobs/${sha256}`;

/** Where presigned uploads wait to be checked and filed under their sha256. */
export const uploadKey = (enterpriseId: string, repositoryId: string, uploadId: string) =>
  `ent/${enterpriseId}/artifacts/uploads/${repositoryId}/${uploadId}`;

/** How long a download address works: long enough for a client to follow the redirect. */
export const DOWNLOAD_URL_SECONDS = 300;

export function checksumsOf(bytes: Uint8Array): Checksums {
  const digest = (algorithm: string) => createHash(algorithm).update(bytes).digest('hex');
  return { sha256: digest('sha256'), sha1: digest('sha1'), md5: digest('md5'), sha512: digest('sha512') };
}

/** Stores the bytes under their sha256 (writing the same bytes again changes nothing). */
export async function storeBlob(enterpriseId: string, sha256: string, bytes: Uint8Array): Promise<void> {
  await writeObject(blobKey(enterpriseId, sha256), bytes, 'application/octet-stream');
}

/** A short-lived address of a blob, served as `fileName` of `contentType`. */
export function blobDownload(enterpriseId: string, sha256: string, fileName: string, contentType: string) {
  return presignDownload(blobKey(enterpriseId, sha256), {
    fileName,
    mime: contentType,
    disposition: 'attachment',
    expiresSeconds: DOWNLOAD_URL_SECONDS,
  });
}
