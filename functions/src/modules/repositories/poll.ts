/**
 * The poll, the fallback for hosts that send no webhooks (and for missed deliveries): compare the
 * repository's branches with the heads last seen, and ingest the differences like a push.
 * Repositories whose webhooks deliver are polled rarely; the others every few minutes.
 */
import { clock, nowIso } from '@core/clock';
import { remoteOf } from './access';
import { listRefs, RemoteError } from './git/remote';
import { type IngestOutcome, ingestRefUpdates } from './ingest';
import { defaultBranchOf } from './repositories';
import * as db from './store/repositories';
import { type RefUpdate, ZERO_SHA } from './webhooks';

const MINUTE = 60_000;
/** A repository is not polled again sooner than this (the schedule runs every 5 minutes). */
export const POLL_INTERVAL_MS = 4 * MINUTE;
/** With a webhook that delivered within a day, once an hour is enough. */
export const POLL_INTERVAL_WITH_WEBHOOK_MS = 60 * MINUTE;

export function isDue(repository: db.RepositoryRecord, now: number): boolean {
  const last = repository.lastSyncedAt ? Date.parse(repository.lastSyncedAt) : 0;
  const webhookLive =
    repository.lastWebhookAt && now - Date.parse(repository.lastWebhookAt) < 24 * 60 * MINUTE;
  return now - last >= (webhookLive ? POLL_INTERVAL_WITH_WEBHOOK_MS : POLL_INTERVAL_MS);
}

/** Reads the remote's branches and ingests what changed since the heads last seen. */
export async function syncRepository(
  enterpriseId: string,
  repositoryId: string,
): Promise<IngestOutcome | null> {
  const repository = await db.getRepository(enterpriseId, repositoryId);
  if (!repository) return null;
  let refs: Awaited<ReturnType<typeof listRefs>>;
  try {
    refs = await listRefs(await remoteOf(repository));
  } catch (error) {
    if (!(error instanceof RemoteError)) throw error;
    // Recorded for people to see; the job itself succeeded (retrying would not help).
    await db.recordSyncState(enterpriseId, repositoryId, {
      status: 'error',
      lastError: error.message,
      lastSyncedAt: nowIso(),
    });
    return null;
  }
  const { heads } = await db.getHeads(enterpriseId, repositoryId);
  const remote = new Map(refs.branches.map((b) => [b.name, b.sha]));
  const updates: RefUpdate[] = [];
  for (const [name, sha] of remote) {
    if (heads[name] !== sha)
      updates.push({ ref: `refs/heads/${name}`, before: heads[name] ?? ZERO_SHA, after: sha });
  }
  for (const [name, sha] of Object.entries(heads)) {
    if (!remote.has(name)) updates.push({ ref: `refs/heads/${name}`, before: sha, after: ZERO_SHA });
  }
  const outcome = await ingestRefUpdates(enterpriseId, repositoryId, updates);
  await db.recordSyncState(enterpriseId, repositoryId, {
    status: 'ok',
    lastError: null,
    lastSyncedAt: nowIso(),
    branchCount: refs.branches.length,
    defaultBranch: defaultBranchOf(refs),
  });
  return outcome;
}

/** The repositories the poll should look at now. */
export async function dueRepositories(): Promise<{ enterpriseId: string; repositoryId: string }[]> {
  const now = clock.now();
  const refs = await db.listAllRepositoryRefs();
  const due: { enterpriseId: string; repositoryId: string }[] = [];
  for (const ref of refs) {
    const repository = await db.getRepository(ref.enterpriseId, ref.repositoryId);
    if (repository && isDue(repository, now)) due.push(ref);
  }
  return due;
}
