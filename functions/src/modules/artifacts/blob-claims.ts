/**
 * The publish side of freeing blob space (retention-sweep.ts has the whole story): a publish
 * claims a blob's count item before it writes the bytes, and a count item that may have reached 0
 * joins the sweep's index. Kept apart from the sweep, which loads only when it runs.
 */
import { nowIso } from '@core/clock';
import { artifactKeys } from '@core/db/keys';
import { ConditionFailedError, transact } from '@core/db/operations';
import { conflict } from '@core/errors';
import { pause } from '@core/pause';

/** How long a blob nobody counts is kept: far longer than any publish takes between S3 and DynamoDB. */
export const GRACE_MS = 60 * 60 * 1000;

/** The sparse index of count items that may have reached 0, by when their grace period ends. */
export const SWEEP_INDEX = 'ARTBLOBSWEEP';

/** The index entry of a blob whose count was last stamped or lowered at `at`. */
export function sweepEntry(enterpriseId: string, sha256: string, at: string) {
  const dueAt = new Date(Date.parse(at) + GRACE_MS).toISOString();
  return { gsi1pk: SWEEP_INDEX, gsi1sk: `${dueAt}#${enterpriseId}#${sha256}` };
}

/** The attributes a count going up removes: a counted blob is no sweep's business. */
export const SWEEP_ENTRY_ATTRIBUTES = ['gsi1pk', 'gsi1sk'];

/** How long a publish waits for a sweep that is freeing the same bytes to finish. */
const CLAIM_ATTEMPTS = 20;
const CLAIM_PAUSE_MS = 100;

/**
 * Stamps the blob as about to be written (creating its count item if need be), waiting while a
 * sweep is freeing it; 409 if the sweep does not finish in about two seconds.
 */
export async function claimBlob(enterpriseId: string, sha256: string, size: number): Promise<void> {
  for (let attempt = 1; attempt <= CLAIM_ATTEMPTS; attempt += 1) {
    // Indexed for the sweep: a publish that fails after this leaves bytes nothing will count.
    const at = nowIso();
    try {
      await transact([
        {
          update: artifactKeys.blob(enterpriseId, sha256),
          set: { entity: 'ArtifactBlob', size, usedAt: at, ...sweepEntry(enterpriseId, sha256, at) },
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
