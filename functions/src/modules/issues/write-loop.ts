/**
 * The one way work items are written: plan against the project's index, take a change number,
 * write everything in one transaction, retry on a real conflict.
 *
 * Writers in any number of processes proceed side by side (docs/architecture.md, "Writers do
 * not collide"). Nothing serialises the writes of a project; instead every write carries the
 * conditions its checks relied on, so it commits only if what it validated against still holds:
 *
 * - each item it changes or deletes: at the revision the plan saw (`rev`, stepped by every write
 *   of the item; a stale copy fails, re-syncs and plans again);
 * - a new parent (create, or an edit that moves an item): the parent is written with its revision
 *   stepped, and each ancestor above it is checked at its revision. Two moves that would close a
 *   cycle each change an item on the other's chain, so one of them fails; a child added to an
 *   item changes that item, so a delete that saw no children fails;
 * - a new link: both ends get their revisions stepped, so the link limit and a concurrent delete
 *   see it;
 * - an item put into a sprint: the sprint must not be closed, and its `memberSeq` steps, so a
 *   completion or deletion that read the sprint before the join fails;
 * - the change entry: only if its number was not filled with a tombstone meanwhile.
 *
 * A retry plans again on a freshly synced index; the number the failed attempt took is filled
 * with a tombstone by the writer itself.
 */
import { clock, nowIso } from '@core/clock';
import { ConditionFailedError, MAX_TRANSACTION_WRITES, type TxOp } from '@core/db/operations';
import { badRequest, conflict } from '@core/errors';
import { jitteredPause } from '@core/pause';
import { projectNotFound } from '../projects';
import { sprintJoinOp, sprintLogBatchOps } from '../sprints';
import { ancestorsOf, type ProjectIndex, peekIndex, projectIndex, recordWrite } from './project-index';
import { settleAfterWrite } from './settle';
import {
  type Allocation,
  allocateChange,
  type CountDeltas,
  tombstoneChange,
  WRITE_DEADLINE_MS,
} from './store/counters';
import { commitIssueWrite, type IssueRecord, issueRevisionCheckOp, replaceIssueOp } from './store/work-items';

/** What one write does, planned against the project's index. */
export interface WritePlan {
  ops: TxOp[];
  /** The items whose rows the write changes: the new row, or null when deleted. */
  changed: Map<string, IssueRecord | null>;
  /** Items the change-log entry names although their rows stay (unlinks). */
  alsoTouched?: readonly string[];
  /** Items whose version the write steps and nothing else (the two ends of a new link). */
  bumps?: readonly IssueRecord[];
  /** What the write does to the item counts (journal entries are counted from the ops). */
  deltas?: Partial<Pick<CountDeltas, 'issues' | 'open'>>;
}

/** A write that gives out work-item numbers: planned first, built once its numbers are taken. */
export interface NumberedPlan {
  numbers: number;
  build(firstNumber: number): WritePlan | Promise<WritePlan>;
}

export type Planner<P> = (index: ProjectIndex, prepared: P) => Promise<WritePlan | NumberedPlan | null>;

const MAX_WRITE_ATTEMPTS = 8;

/** How often a write found that someone changed what it relied on, and tried again (tests, bench). */
export const writeStats = { retries: 0, givenUp: 0 };

/** Test seams: a test may hold a writer between taking its number and committing. */
export const writeHooks: { afterAllocate?: (allocation: Allocation) => Promise<void> } = {};

/**
 * Plans with `plan` against the project's current index and writes what it returns; on a
 * conflict, re-syncs and plans again (re-validating), up to MAX_WRITE_ATTEMPTS times. `prepare`
 * reads what must be read BEFORE the index syncs (a sprint whose membership the write depends on),
 * again on every attempt. `plan` returns null when there is nothing to write.
 */
export async function writeIssues<P = undefined>(
  enterpriseId: string,
  projectId: string,
  plan: Planner<P>,
  prepare?: () => Promise<P>,
): Promise<ProjectIndex> {
  for (let attempt = 1; ; attempt += 1) {
    const prepared = (prepare ? await prepare() : undefined) as P;
    // The first attempt plans on this process's copy as it is (see planOnCopy); a retry, after
    // something it relied on changed, syncs first.
    const { index, planned } = await planOnCopy(enterpriseId, projectId, attempt === 1, (copy) =>
      plan(copy, prepared),
    );
    if (!planned) return index;
    const numbered = 'build' in planned ? planned : null;
    const allocation = await allocateChange(enterpriseId, projectId, numbered?.numbers ?? 0, clock.now());
    let written: { plan: WritePlan; deltas: CountDeltas; touched: string[] };
    try {
      await writeHooks.afterAllocate?.(allocation);
      const writePlan = numbered ? await numbered.build(allocation.firstNumber) : (planned as WritePlan);
      written = await commit(enterpriseId, projectId, index, allocation, writePlan);
    } catch (error) {
      // The number goes unused: fill it now rather than leave readers to wait for it.
      await tombstoneChange(enterpriseId, projectId, allocation.seq, clock.now(), allocation.at).catch(
        () => undefined,
      );
      if (error instanceof ConditionFailedError && error.label === 'project')
        throw projectNotFound(projectId);
      if (!isRetryable(error)) throw error;
      writeStats.retries += 1;
      if (attempt >= MAX_WRITE_ATTEMPTS) {
        writeStats.givenUp += 1;
        throw conflict('This work item is being changed by others right now; please try again');
      }
      await jitteredPause(attempt, 5, 100);
      continue;
    }
    recordWrite(enterpriseId, projectId, allocation.seq, written.plan.changed, linksChangedBy(written.plan));
    await settleAfterWrite(enterpriseId, projectId, allocation, written.deltas);
    return index;
  }
}

/**
 * The items whose links a write changed: the two ends of a new link (its bumps), the ends of a
 * removed link and a deleted item's partners (alsoTouched), and deleted items. The copy forgets
 * only their links; an edit of a title or a parent leaves the item's links as the copy holds them.
 */
function linksChangedBy(plan: WritePlan): string[] {
  const deleted = [...plan.changed].filter(([, row]) => row === null).map(([id]) => id);
  return [...(plan.bumps ?? []).map((row) => row.issueId), ...(plan.alsoTouched ?? []), ...deleted];
}

/** A copy synced this recently is planned on without reading the counters and change log first. */
// Two minutes: a copy this old can only make a write fail its conditions and plan again on a
// synced copy, never write something wrong; each sync reads every change since, so under a busy
// project a shorter window costs a catch-up per instance every few seconds of writing.
const PLAN_ON_COPY_MS = 120_000;

/**
 * Plans on this process's copy of the project without syncing it first, when it has one synced
 * lately. Safe because every write carries the conditions its checks relied on (the revisions of
 * the items it read, above): a copy that missed another writer's change makes the transaction
 * fail and the retry plans on a synced copy. A stale copy can only err on the side of planning a
 * write; whatever else it concludes (a refusal, or nothing to write) is checked again on a synced
 * copy before it is believed. Under many writers this saves each write the catch-up over all the
 * others' changes (docs/architecture.md "Writers do not collide").
 */
async function planOnCopy<R>(
  enterpriseId: string,
  projectId: string,
  mayUseCopy: boolean,
  planWith: (index: ProjectIndex) => Promise<R | null>,
): Promise<{ index: ProjectIndex; planned: R | null }> {
  const copy = mayUseCopy ? recentCopy(enterpriseId, projectId) : null;
  if (copy) {
    try {
      const planned = await planWith(copy);
      if (planned) return { index: copy, planned };
    } catch {
      // Refused on a copy that may be stale: judged again below on a synced one.
    }
  }
  const index = await projectIndex(enterpriseId, projectId);
  return { index, planned: await planWith(index) };
}

/**
 * This process's copy of the project when it was synced lately, else null. A write may plan on
 * it; and a caller that holds one knows the project existed a moment ago, so it may leave the
 * project's existence to the write's own check (the transaction's `project` condition).
 */
export function recentCopy(enterpriseId: string, projectId: string): ProjectIndex | null {
  const copy = peekIndex(enterpriseId, projectId);
  return copy && clock.now() - copy.syncedAt < PLAN_ON_COPY_MS ? copy : null;
}

/** A transaction that failed only because what it relied on changed meanwhile. */
function isRetryable(error: unknown): boolean {
  if (error instanceof ConditionFailedError) return error.label !== 'project';
  if (error instanceof WriteDeadlinePassed) return true;
  return error instanceof Error && error.name === 'TransactionCanceledException';
}

class WriteDeadlinePassed extends Error {}

async function commit(
  enterpriseId: string,
  projectId: string,
  index: ProjectIndex,
  allocation: Allocation,
  plan: WritePlan,
): Promise<{ plan: WritePlan; deltas: CountDeltas; touched: string[] }> {
  const structure = structureOps(enterpriseId, index, plan);
  const changed = new Map([...plan.changed, ...structure.changed]);
  const touched = [...new Set([...changed.keys(), ...(plan.alsoTouched ?? [])])];
  const deltas: CountDeltas = {
    issues: plan.deltas?.issues ?? 0,
    open: plan.deltas?.open ?? 0,
    journals: plan.ops.filter((op) => 'put' in op && op.put.entity === 'Journal').length,
  };
  // Sprint burn-downs replay this log, so it is written in the same transaction as the items.
  const sprintLog = sprintLogBatchOps(
    enterpriseId,
    projectId,
    [...plan.changed].map(([id, after]) => ({ before: index.rows.get(id) ?? null, after })),
    nowIso(),
    allocation.seq,
  );
  const ops = [...plan.ops, ...structure.ops, ...sprintLog];
  // The loop adds the change entry and the project check; the audit entry needs the last place.
  if (ops.length + 2 > MAX_TRANSACTION_WRITES) {
    throw badRequest('ids', 'This change touches too many items to be written at once; change fewer items');
  }
  // Past its deadline a number may already count as dead to readers: give it up, take another.
  if (clock.now() - allocation.at > WRITE_DEADLINE_MS) throw new WriteDeadlinePassed();
  await commitIssueWrite(enterpriseId, projectId, allocation, { touched, deltas, ops, nowMs: clock.now() });
  return { plan: { ...plan, changed }, deltas, touched };
}

/**
 * The conditions a plan's checks relied on, as writes and checks of the same transaction:
 * parents stepped, ancestors checked, link ends stepped, sprints joined.
 */
function structureOps(
  enterpriseId: string,
  index: ProjectIndex,
  plan: WritePlan,
): { ops: TxOp[]; changed: Map<string, IssueRecord> } {
  const written = new Set(plan.changed.keys());
  const bumped = new Map<string, IssueRecord>();
  const checked = new Map<string, IssueRecord>();
  const joined = new Set<string>();
  const bump = (row: IssueRecord) => {
    if (!written.has(row.issueId)) bumped.set(row.issueId, row);
  };
  for (const row of plan.bumps ?? []) bump(row);
  for (const [id, after] of plan.changed) {
    if (!after) continue;
    const before = index.rows.get(id);
    if (after.parentId && after.parentId !== before?.parentId) {
      const parent = plan.changed.get(after.parentId) ?? index.rows.get(after.parentId);
      if (parent) bump(parent);
      for (const ancestor of ancestorsOf(index, after.parentId)) checked.set(ancestor.issueId, ancestor);
    }
    if (after.sprintId && after.sprintId !== before?.sprintId) joined.add(after.sprintId);
  }
  const ops: TxOp[] = [];
  const changed = new Map<string, IssueRecord>();
  for (const row of bumped.values()) {
    // Only the revision steps: people editing the item are not told it changed.
    const next = { ...row, rev: row.rev + 1 };
    ops.push(replaceIssueOp(enterpriseId, next, row.rev));
    changed.set(row.issueId, next);
  }
  for (const row of checked.values()) {
    if (!written.has(row.issueId) && !bumped.has(row.issueId))
      ops.push(issueRevisionCheckOp(enterpriseId, row));
  }
  for (const sprintId of joined) ops.push(sprintJoinOp(enterpriseId, sprintId));
  return { ops, changed };
}

/**
 * A write that changes no list row but changes a count (a comment added or deleted): it takes a
 * change number like any write, so the activity feed's total stays exact without a hot counter
 * in anybody's transaction. `journals` is what it does to the journal count.
 */
export async function writeCounted(
  enterpriseId: string,
  projectId: string,
  ops: TxOp[],
  journals: number,
): Promise<void> {
  const allocation = await allocateChange(enterpriseId, projectId, 0, clock.now());
  const deltas = { issues: 0, open: 0, journals };
  try {
    await commitIssueWrite(enterpriseId, projectId, allocation, {
      touched: [],
      deltas,
      ops,
      nowMs: clock.now(),
    });
  } catch (error) {
    await tombstoneChange(enterpriseId, projectId, allocation.seq, clock.now(), allocation.at).catch(
      () => undefined,
    );
    throw error;
  }
  await settleAfterWrite(enterpriseId, projectId, allocation, deltas);
}
