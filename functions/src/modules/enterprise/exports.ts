/**
 * Data exports: an owner's copy of everything the enterprise holds, one archive built in the
 * background (archive.ts), downloaded through a short-lived presigned address. Records expire
 * with the table's TTL and archives with the files bucket's lifecycle rule on `exports/`
 * (infra/lib/constructs/storage.ts), both after EXPORT_RETENTION_DAYS.
 */
import { clock, nowIso } from '@core/clock';
import { onConditionFailed } from '@core/db/operations';
import { conflict, notFound } from '@core/errors';
import type { EnterpriseRecord } from '@core/identity/store/enterprises';
import { newId } from '@core/ids';
import { presignDownload } from '@core/storage/files';
import type { DataExport } from '@shared/schemas/exports';
import { buildExport } from './background';
import * as db from './store/exports';

export const EXPORT_RETENTION_DAYS = 7;
/** How long a download address works. */
export const DOWNLOAD_SECONDS = 15 * 60;
/** An export still holding the running marker this long after it started is taken for dead. */
const STALE_AFTER_MS = 2 * 60 * 60 * 1000;
/** How many exports the list shows. */
const LIST_LIMIT = 20;

/** The archive's key: under `exports/`, the prefix the bucket's lifecycle rule empties. */
export const exportArchiveKey = (enterpriseId: string, exportId: string) =>
  `exports/${enterpriseId}/${exportId}.zip`;

export function exportView(
  record: db.ExportRecord,
  download?: { url: string; expiresAt: string },
): DataExport {
  return {
    id: record.exportId,
    status: record.status,
    items: record.items,
    files: record.files,
    total: record.total,
    sizeBytes: record.sizeBytes,
    startedBy: record.startedBy,
    createdAt: record.createdAt,
    finishedAt: record.finishedAt,
    expiresAt: new Date(record.expiresAt * 1000).toISOString(),
    error: record.error,
    ...(download ? { downloadUrl: download.url, downloadExpiresAt: download.expiresAt } : {}),
  };
}

/** Starts an export: 409 while another of the enterprise's is queued or running. */
export async function startExport(enterprise: EnterpriseRecord, userId: string): Promise<DataExport> {
  const now = clock.now();
  const exportId = newId();
  const record: db.ExportRecord = {
    enterpriseId: enterprise.id,
    exportId,
    status: 'queued',
    items: 0,
    files: 0,
    total: null,
    sizeBytes: null,
    archiveKey: exportArchiveKey(enterprise.id, exportId),
    startedBy: userId,
    createdAt: nowIso(),
    finishedAt: null,
    error: null,
    expiresAt: Math.floor(now / 1000) + EXPORT_RETENTION_DAYS * 24 * 60 * 60,
  };
  await onConditionFailed(db.createExport(record, now + STALE_AFTER_MS, now), {
    running: () => conflict('An export of this enterprise is already running; wait until it ends'),
  });
  await buildExport.enqueue({ enterpriseId: enterprise.id, exportId });
  return exportView(record);
}

/** The latest exports, newest first, with their progress. */
export async function listExports(enterprise: EnterpriseRecord): Promise<DataExport[]> {
  const now = Math.floor(clock.now() / 1000);
  const records = await db.listExports(enterprise.id);
  // TTL deletes lazily: an expired record may linger a while, and is not shown.
  return records
    .filter((r) => r.expiresAt > now)
    .slice(0, LIST_LIMIT)
    .map((r) => exportView(r));
}

/** One export; a done one with a download address valid for DOWNLOAD_SECONDS. */
export async function getExport(enterprise: EnterpriseRecord, exportId: string): Promise<DataExport> {
  const record = await db.getExport(enterprise.id, exportId);
  if (!record || record.expiresAt <= Math.floor(clock.now() / 1000)) {
    throw notFound(`Export ${exportId} does not exist`);
  }
  if (record.status !== 'done') return exportView(record);
  const day = record.createdAt.slice(0, 10);
  const download = await presignDownload(record.archiveKey, {
    fileName: `${enterprise.identifier}-export-${day}.zip`,
    mime: 'application/zip',
    disposition: 'attachment',
    expiresSeconds: DOWNLOAD_SECONDS,
  });
  return exportView(record, download);
}
