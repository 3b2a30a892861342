/**
 * The artifact library's background work (core/jobs): removing a deleted enterprise's library, and
 * two hourly schedules that read only what is due (never a list of enterprises): the cleanup
 * rules whose daily run is due (retention.ts) and the blobs nothing has counted for the grace
 * period (retention-sweep.ts). The code of each loads when it runs, not in every cold start.
 */
import { defineJob, defineSchedule } from '@core/jobs/jobs';
import type { PurgePayload } from './purge';

/** Removes a deleted enterprise's artifact library, a bounded step per run (purge.ts). */
export const purgeEnterprise = defineJob<PurgePayload>('artifacts', 'purge-enterprise', async (payload) => {
  // Loaded when a deletion runs, not in every cold start of the function.
  const { purgeStep } = await import('./purge');
  if (!(await purgeStep(payload))) await purgeEnterprise.enqueue(payload);
});

/**
 * Queues the removal of a deleted enterprise's artifact library. `repositoryIds`: its artifact
 * repositories, listed before the enterprise partition (which holds them) was deleted.
 */
export function purgeArtifactsOf(enterpriseId: string, repositoryIds: string[]): Promise<void> {
  return purgeEnterprise.enqueue({ enterpriseId, repositoryIds });
}

export const retentionRuns = defineSchedule('artifacts', 'retention', async (now) => {
  const { runDueRetention } = await import('./retention');
  await runDueRetention(now);
});

export const blobSweep = defineSchedule('artifacts', 'sweep-blobs', async (now) => {
  const { sweepDueBlobs } = await import('./retention-sweep');
  await sweepDueBlobs(now);
});

export const artifactsBackground = [purgeEnterprise, retentionRuns, blobSweep] as const;
