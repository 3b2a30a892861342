/**
 * Keeping a project's change log settled: counts folded, dead numbers filled, a fresh list
 * snapshot for cold starts. A write folds its own entry when it is the next to count (one
 * conditional update); otherwise, and when a reader sees the counts lagging, the project's
 * `settle` job does the rest in the background (core/jobs: the issues group's SQS queue in the
 * cloud, in-process locally).
 */
import { clock } from '@core/clock';
import { defineJob } from '@core/jobs/jobs';
import {
  type Allocation,
  type CountDeltas,
  claimSettling,
  contiguousEnd,
  deadGaps,
  foldChanges,
  listChanges,
  type ProjectCounters,
  releaseSettling,
  tombstoneChange,
} from './store/counters';

/** A project gets a new snapshot after this many changes (or a day) once it has this many items. */
export const SNAPSHOT_EVERY_CHANGES = 500;
export const SNAPSHOT_MIN_ROWS = 2000;
const SNAPSHOT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * A process asks for a project's settle job at most this often. Every instance writing to a busy
 * project asks, and all but one of their folds find the work done, so this bounds that waste;
 * nothing waits on it (counts add the deltas of the entries not yet folded).
 */
const SETTLE_DEBOUNCE_MS = 15_000;
/** A job that found numbers still on their way looks again this much later. */
const RETRY_DELAY_SECONDS = 20;
/**
 * A run's claim on the project lasts at most this long (a run takes well under a second, a
 * snapshot of 100,000 items a few): a run that died is taken over after it.
 */
const SETTLE_CLAIM_MS = 60_000;

interface SettlePayload {
  enterpriseId: string;
  projectId: string;
}

export const settleJob = defineJob('issues', 'settle', async (payload: SettlePayload) => {
  await settleProject(payload.enterpriseId, payload.projectId);
});

/** What settling did (the tests and the bench read it). */
export const settleStats = { runs: 0, skipped: 0, tombstones: 0, folds: 0, snapshots: 0 };

const lastAsked = new Map<string, number>();

/** Queues the project's settle job unless this process did so a moment ago. */
export async function settleSoon(enterpriseId: string, projectId: string, delaySeconds = 0): Promise<void> {
  const key = `${enterpriseId}/${projectId}`;
  const now = clock.now();
  if (delaySeconds === 0 && now - (lastAsked.get(key) ?? 0) < SETTLE_DEBOUNCE_MS) return;
  lastAsked.set(key, now);
  await settleJob.enqueue({ enterpriseId, projectId }, { delaySeconds });
}

/** After a write committed: fold its entry now if it is the next to count, else leave it to the job. */
export async function settleAfterWrite(
  enterpriseId: string,
  projectId: string,
  allocation: Allocation,
  deltas: CountDeltas,
): Promise<void> {
  if (allocation.countedSeq === allocation.seq - 1) {
    const entry = { seq: allocation.seq, ids: [], deltas, allocatedAt: allocation.at, tomb: false };
    if (await foldChanges(enterpriseId, projectId, allocation.countedSeq, [entry])) return;
  }
  await settleSoon(enterpriseId, projectId);
}

/**
 * Fills dead numbers, folds the counts over every settled entry, and takes a snapshot when the
 * last one is old; asks to run again later while numbers are still on their way. One run at a
 * time per project (`claimSettling`): a job that finds another running does nothing, because the
 * running one reads the log as it is now, and later writes ask again.
 */
export async function settleProject(enterpriseId: string, projectId: string): Promise<void> {
  const now = clock.now();
  const counters = await claimSettling(enterpriseId, projectId, now, SETTLE_CLAIM_MS);
  if (!counters) {
    settleStats.skipped += 1;
    return;
  }
  settleStats.runs += 1;
  try {
    await settleClaimed(enterpriseId, projectId, counters, now);
  } finally {
    await releaseSettling(enterpriseId, projectId, now);
  }
}

async function settleClaimed(
  enterpriseId: string,
  projectId: string,
  counters: ProjectCounters,
  now: number,
): Promise<void> {
  const base = counters.countedSeq;
  const entries = await listChanges(enterpriseId, projectId, base + 1, counters.changeSeq, {
    withRows: false,
  });
  const present = [...entries];
  for (const seq of deadGaps(entries, base, now)) {
    if (await tombstoneChange(enterpriseId, projectId, seq, now)) {
      settleStats.tombstones += 1;
      present.push({ seq, ids: [], deltas: { issues: 0, open: 0, journals: 0 }, allocatedAt: 0, tomb: true });
    }
  }
  present.sort((a, b) => a.seq - b.seq);
  if (await foldChanges(enterpriseId, projectId, base, present)) settleStats.folds += 1;
  const settledTo = contiguousEnd(present, base);
  if (settledTo < counters.changeSeq) await settleSoon(enterpriseId, projectId, RETRY_DELAY_SECONDS);
  const snapshot = counters.snapshot;
  const due =
    settledTo - (snapshot?.seq ?? 0) >= SNAPSHOT_EVERY_CHANGES ||
    (snapshot !== null && settledTo > snapshot.seq && now - snapshot.takenAt > SNAPSHOT_MAX_AGE_MS);
  if (due) {
    const { takeSnapshot } = await import('./snapshots');
    if (await takeSnapshot(enterpriseId, projectId, SNAPSHOT_MIN_ROWS)) settleStats.snapshots += 1;
  }
}
