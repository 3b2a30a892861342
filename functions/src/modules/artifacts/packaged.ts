/**
 * Uploads through the API and the web ("packaged" in the spec's calls): a presigned POST straight
 * to S3, so a file of any size up to MAX_PACKAGED_BYTES never passes through the function (whose
 * request payload stops at 6 MB), then a confirm that checks the bytes and files them as the
 * asset. Downloads answer a short-lived presigned address.
 */
import { clock } from '@core/clock';
import { AppError, conflict, notFound } from '@core/errors';
import { newId } from '@core/ids';
import { deleteObjects, presignUpload, readObject } from '@core/storage/files';
import type { PackagedStart, PackagedTicket } from '@shared/schemas/artifacts';
import { blobDownload, uploadKey } from './blobs';
import { assertWritable, publishAsset, requireAsset } from './contents';
import { checkPath, FORMATS } from './formats';
import { createUpload, getUpload } from './store/contents';
import type { RepositoryRecord } from './store/repositories';

/** The largest asset the presigned path takes (the function reads it once to hash it). */
export const MAX_PACKAGED_BYTES = 512 * 1024 * 1024;
const UPLOAD_URL_SECONDS = 15 * 60;
/** An upload nobody confirmed is forgotten after a day (its item's TTL). */
const UPLOAD_TTL_SECONDS = 24 * 60 * 60;

export async function startPackaged(
  repository: RepositoryRecord,
  userId: string,
  body: PackagedStart,
): Promise<PackagedTicket> {
  assertWritable(repository, false);
  const path = checkPath(body.path);
  FORMATS[repository.format].coordinates(path, repository);
  if (body.size > MAX_PACKAGED_BYTES) {
    throw new AppError(413, `size: Assets may be at most ${MAX_PACKAGED_BYTES / 1024 / 1024} MB`);
  }
  const uploadId = newId();
  const now = clock.now();
  await createUpload(
    {
      enterpriseId: repository.enterpriseId,
      repositoryId: repository.repositoryId,
      uploadId,
      path,
      size: body.size,
      sha256: body.sha256 ?? null,
      startedBy: userId,
      startedAt: new Date(now).toISOString(),
    },
    Math.floor(now / 1000) + UPLOAD_TTL_SECONDS,
  );
  const post = await presignUpload(
    uploadKey(repository.enterpriseId, repository.repositoryId, uploadId),
    body.size,
    UPLOAD_URL_SECONDS,
  );
  return { uploadId, ...post };
}

/** Files an uploaded object as its asset; the upload's object is removed either way it ends. */
export async function confirmPackaged(repository: RepositoryRecord, userId: string, uploadId: string) {
  const upload = await getUpload(repository.enterpriseId, repository.repositoryId, uploadId);
  if (!upload || upload.startedBy !== userId) throw notFound(`Upload ${uploadId} does not exist`);
  const key = uploadKey(repository.enterpriseId, repository.repositoryId, uploadId);
  const bytes = await readObject(key);
  if (!bytes) throw conflict(`file: Nothing was uploaded for ${upload.path} yet; upload it, then confirm`);
  try {
    return await publishAsset(repository, {
      path: upload.path,
      bytes,
      contentType: 'application/octet-stream',
      userId,
      expectedSha256: upload.sha256 ?? undefined,
      uploadId,
    });
  } finally {
    await deleteObjects([key]);
  }
}

export async function downloadAsset(repository: RepositoryRecord, path: string) {
  const asset = await requireAsset(repository, path);
  return blobDownload(repository.enterpriseId, asset.sha256, path.split('/').at(-1)!, asset.contentType);
}
