/**
 * The knowledge base's background work (core/jobs): saving a space's search index for the next
 * cold process, and the hourly sweeps that purge what the trash holds past its thirty days and the
 * bytes of uploads never confirmed. Each is safe to run twice.
 */
import { ConditionFailedError, transact } from '@core/db/operations';
import { defineJob, defineSchedule } from '@core/jobs/jobs';
import { saveSnapshot } from './search-index';
import { spaceState } from './space-state';
import { searchSnapshotOp } from './store/nodes';
import { sweepPurges, sweepUploads } from './trash';

export const saveSearchSnapshot = defineJob<{ enterpriseId: string; space: string }>(
  'docs',
  'save-search-snapshot',
  async ({ enterpriseId, space }) => {
    const seq = await saveSnapshot(await spaceState(enterpriseId, space));
    try {
      await transact([searchSnapshotOp(enterpriseId, space, seq)]);
    } catch (error) {
      // A newer copy was saved meanwhile: nothing to record.
      if (!(error instanceof ConditionFailedError)) throw error;
    }
  },
);

export const purgeTrash = defineSchedule('docs', 'purge-trash', async () => {
  await sweepPurges();
});

export const sweepAbandonedUploads = defineSchedule('docs', 'sweep-uploads', async () => {
  await sweepUploads();
});

export const docsBackground = [saveSearchSnapshot, purgeTrash, sweepAbandonedUploads] as const;
