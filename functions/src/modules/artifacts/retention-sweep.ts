/**
 * Freeing blob space. A blob's count item (`ENT#{e}#ARTBLOB` / `BLOB#{sha256}`) says how many
 * assets and snapshot entries hold it; when that reaches 0 the object is not deleted on the spot
 * but by this sweep, because a publish of the same bytes may be between its S3 write and the
 * transaction that counts it.
 *
 * The race is closed by a claim: a publish stamps the count item (`usedAt`) before it writes the
 * bytes, and refuses to while the item is condemned. The sweep condemns an item only when its count
 * is 0 and its stamp is unchanged and older than GRACE_MS, then deletes the object, then the item.
 * So a publish either stamped first (the condemnation fails) or claims after the item is gone, and
 * then its bytes are written after the sweep's delete.
 */
import { clock, nowIso } from '@core/clock';
import { artifactBlobPartition, artifactKeys } from '@core/db/keys';
import { ConditionFailedError, type Item, queryPartition, transact } from '@core/db/operations';
import { conflict } from '@core/errors';
import { pause } from '@core/pause';
import { deleteObjects } from '@core/storage/files';
import { blobKey } from './blobs';

/** How long a blob nobody counts is kept: far longer than any publish takes between S3 and DynamoDB. */
export const GRACE_MS = 60 * 60 * 1000;

/** How long a publish waits for a sweep that is freeing the same bytes to finish. */
const CLAIM_ATTEMPTS = 20;
const CLAIM_PAUSE_MS = 100;

/**
 * Stamps the blob as about to be written (creating its count item if need be), waiting while a
 * sweep is freeing it; 409 if the sweep does not finish in about two seconds.
 */
export async function claimBlob(enterpriseId: string, sha256: string, size: number): Promise<void> {
  for (let attempt = 1; attempt <= CLAIM_ATTEMPTS; attempt += 1) {
    try {
      await transact([
        {
          update: artifactKeys.blob(enterpriseId, sha256),
          set: { entity: 'ArtifactBlob', size, usedAt: nowIso() },
          condition: { expression: 'attribute_not_exists(condemnedAt)' },
          label: 'condemned',
        },
      ]);
      return;
    } catch (error) {
      if (!(error instanceof ConditionFailedError)) throw error;
      await pause(CLAIM_PAUSE_MS);
    }
  }
  throw conflict('The same content is being freed from storage right now; publish again in a moment');
}

export interface SweepResult {
  /** The blobs deleted from S3. */
  freed: string[];
  bytes: number;
}

const refsOf = (item: Item) => Number(item.refs ?? 0);

/** Condemns one unused blob; false when it was used (stamped or counted) meanwhile. */
async function condemn(item: Item, now: Date): Promise<boolean> {
  if (item.condemnedAt) return true; // a sweep stopped half-way: finish its work
  try {
    await transact([
      {
        update: { pk: String(item.pk), sk: String(item.sk) },
        set: { condemnedAt: now.toISOString() },
        condition: {
          expression: '(attribute_not_exists(refs) OR refs <= :zero) AND usedAt = :seen',
          values: { ':zero': 0, ':seen': item.usedAt },
        },
      },
    ]);
    return true;
  } catch (error) {
    if (error instanceof ConditionFailedError) return false;
    throw error;
  }
}

/**
 * Deletes the enterprise's blobs that nothing has counted for GRACE_MS (`now` decides), the S3
 * object first and its count item after. Safe to run twice and beside publishes.
 */
export async function sweepBlobs(enterpriseId: string, now = new Date(clock.now())): Promise<SweepResult> {
  const items = await queryPartition(artifactBlobPartition(enterpriseId), 'BLOB#');
  const cutoff = new Date(now.getTime() - GRACE_MS).toISOString();
  const result: SweepResult = { freed: [], bytes: 0 };
  for (const item of items) {
    const unused = refsOf(item) <= 0 && String(item.usedAt ?? '') < cutoff;
    if (!item.condemnedAt && !unused) continue;
    if (!(await condemn(item, now))) continue;
    const sha256 = String(item.sk).slice('BLOB#'.length);
    await deleteObjects([blobKey(enterpriseId, sha256)]);
    await transact([
      {
        delete: artifactKeys.blob(enterpriseId, sha256),
        condition: { expression: 'attribute_exists(condemnedAt)' },
      },
    ]);
    result.freed.push(sha256);
    result.bytes += Number(item.size ?? 0);
  }
  return result;
}
