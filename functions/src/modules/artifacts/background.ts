/** The artifact library's background work (core/jobs). */
import { defineJob } from '@core/jobs/jobs';
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

export const artifactsBackground = [purgeEnterprise] as const;
