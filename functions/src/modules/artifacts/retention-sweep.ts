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
 *
 * Which blobs to look at, without listing enterprises: a count item that may have reached 0 (a
 * count went down, or a publish claimed bytes it may never count) joins a sparse index, gsi1
 * `ARTBLOBSWEEP` sorted by when its grace period ends (`{dueAt}#{enterpriseId}#{sha256}`); a count
 * going up takes it out again. The hourly schedule (`artifacts.sweep-blobs`) reads only what is
 * due, across every enterprise, and each entry is settled once: freed, or (still counted) taken
 * out of the index, or (stamped again meanwhile) moved to its new due time.
 */
import { clock } from '@core/clock';
import { artifactBlobPartition, artifactKeys } from '@core/db/keys';
import {
  ConditionFailedError,
  getItem,
  type Item,
  queryPage,
  queryPartition,
  type TxOp,
  transact,
} from '@core/db/operations';
import { deleteObjects } from '@core/storage/files';
import { GRACE_MS, SWEEP_ENTRY_ATTRIBUTES, SWEEP_INDEX, sweepEntry } from './blob-claims';
import { blobKey } from './blobs';

export { GRACE_MS };

/** Blobs one scheduled run looks at; the rest wait for the next run. */
export const SWEEP_BATCH = 500;

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

/** The enterprise and sha256 a count item (`ENT#{e}#ARTBLOB` / `BLOB#{sha256}`) stands for. */
function blobOf(item: Item): { enterpriseId: string; sha256: string } {
  return {
    enterpriseId: String(item.pk).slice('ENT#'.length, -'#ARTBLOB'.length),
    sha256: String(item.sk).slice('BLOB#'.length),
  };
}

/** Condemns one unused blob, deletes its object, then its count item: true when freed. */
async function free(item: Item, now: Date): Promise<boolean> {
  if (!(await condemn(item, now))) return false;
  const { enterpriseId, sha256 } = blobOf(item);
  await deleteObjects([blobKey(enterpriseId, sha256)]);
  await transact([
    {
      delete: artifactKeys.blob(enterpriseId, sha256),
      condition: { expression: 'attribute_exists(condemnedAt)' },
    },
  ]);
  return true;
}

const isUnused = (item: Item, cutoff: string) => refsOf(item) <= 0 && String(item.usedAt ?? '') < cutoff;
const cutoffOf = (now: Date) => new Date(now.getTime() - GRACE_MS).toISOString();

function addFreed(result: SweepResult, item: Item): void {
  result.freed.push(blobOf(item).sha256);
  result.bytes += Number(item.size ?? 0);
}

/**
 * Deletes the enterprise's blobs that nothing has counted for GRACE_MS (`now` decides), the S3
 * object first and its count item after. Safe to run twice and beside publishes.
 */
export async function sweepBlobs(enterpriseId: string, now = new Date(clock.now())): Promise<SweepResult> {
  const items = await queryPartition(artifactBlobPartition(enterpriseId), 'BLOB#');
  const cutoff = cutoffOf(now);
  const result: SweepResult = { freed: [], bytes: 0 };
  for (const item of items) {
    if (!item.condemnedAt && !isUnused(item, cutoff)) continue;
    if (await free(item, now)) addFreed(result, item);
  }
  return result;
}

/** Takes a blob that is counted again (or was stamped since it was indexed) off its stale entry. */
async function settle(item: Item): Promise<void> {
  const key = { pk: String(item.pk), sk: String(item.sk) };
  const seen = { ':sk': item.gsi1sk };
  const op: TxOp =
    refsOf(item) > 0
      ? {
          update: key,
          remove: SWEEP_ENTRY_ATTRIBUTES,
          condition: { expression: 'refs > :zero AND gsi1sk = :sk', values: { ...seen, ':zero': 0 } },
        }
      : {
          // Stamped by a publish since: due again a grace period after that stamp.
          update: key,
          set: sweepEntry(blobOf(item).enterpriseId, blobOf(item).sha256, String(item.usedAt)),
          condition: {
            expression: 'usedAt = :used AND gsi1sk = :sk',
            values: { ...seen, ':used': item.usedAt },
          },
        };
  try {
    await transact([op]);
  } catch (error) {
    // Changed again meanwhile: the change wrote its own index entry.
    if (!(error instanceof ConditionFailedError)) throw error;
  }
}

/**
 * The scheduled sweep: every enterprise's blobs whose index entry is due by `now`, at most
 * SWEEP_BATCH of them (the next run takes the rest). Reads the index, never a list of enterprises.
 */
export async function sweepDueBlobs(now = new Date(clock.now())): Promise<SweepResult> {
  const { items: due } = await queryPage({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :now',
    ExpressionAttributeValues: { ':pk': SWEEP_INDEX, ':now': `${now.toISOString()}~` },
    Limit: SWEEP_BATCH,
  });
  const cutoff = cutoffOf(now);
  const result: SweepResult = { freed: [], bytes: 0 };
  for (const entry of due) {
    // The index is read eventually consistent: decide on the item itself.
    const item = await getItem({ pk: String(entry.pk), sk: String(entry.sk) });
    if (!item) continue;
    if (item.condemnedAt || isUnused(item, cutoff)) {
      if (await free(item, now)) addFreed(result, item);
    } else if (item.gsi1sk === entry.gsi1sk) {
      await settle(item);
    }
  }
  return result;
}
