/**
 * The repositories group's background work: ingesting a verified webhook delivery (queued by the
 * receiver, so the host gets its answer at once), syncing one repository, and the poll schedule
 * that queues a sync for every repository that is due.
 */
import { defineJob, defineSchedule } from '@core/jobs/jobs';
import { ingestRefUpdates } from './ingest';
import { dueRepositories, syncRepository } from './poll';
import type { RefUpdate } from './webhooks';

export const ingestPush = defineJob(
  'repositories',
  'ingest-push',
  async (payload: { enterpriseId: string; repositoryId: string; updates: RefUpdate[] }) => {
    await ingestRefUpdates(payload.enterpriseId, payload.repositoryId, payload.updates);
  },
);

export const syncJob = defineJob(
  'repositories',
  'sync',
  async (payload: { enterpriseId: string; repositoryId: string }) => {
    await syncRepository(payload.enterpriseId, payload.repositoryId);
  },
);

export const poll = defineSchedule('repositories', 'poll', async () => {
  for (const ref of await dueRepositories()) await syncJob.enqueue(ref);
});

export const repositoriesBackground = [ingestPush, syncJob, poll] as const;
