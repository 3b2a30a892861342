/**
 * A project's counters item (ENT#{id}#PRJ#{projectId} / COUNTERS) and its change log (CHANGE#{seq}).
 *
 * Numbers are handed out by an atomic counter, never by a conditional race: a writer takes its
 * change number (and, for creates, its work-item numbers) with one UpdateItem that ADDs to
 * `changeSeq` (and `issueSeq`), and then writes the change entry CHANGE#{seq} in the SAME
 * transaction as the items it changes, on condition that the entry does not exist. So:
 *
 * - every committed write has its entry, naming the items it touched, its count deltas and when
 *   its number was taken; numbers of writes that failed or died stay missing for a moment and
 *   are then filled with a tombstone (`tombstoneChange`, also conditional): whichever of the
 *   writer's transaction and the tombstone comes first wins, so a late writer can never land
 *   after readers skipped its number (its transaction fails and it retries with a new one);
 * - the counts (work items, open items, journal entries) are kept exact without a hot item in any
 *   transaction: the counters item holds them as of `countedSeq`, the entries after it carry
 *   their deltas, and `foldChanges` moves `countedSeq` over the contiguous prefix of entries
 *   (conditional on `countedSeq`, so two folders cannot both add). A reader adds the deltas of
 *   the entries after `countedSeq` (`withPendingCounts`).
 *
 * docs/architecture.md ("Writers do not collide") explains why this stays exact.
 */
import { changeSeqKey, keys, projectPartition } from '@core/db/keys';
import {
  batchGet,
  ConditionFailedError,
  getItem,
  type Item,
  putItemIfAbsent,
  queryAll,
  type TxOp,
  updateItem,
} from '@core/db/operations';

export interface ProjectCounters {
  /** The last work-item number given out (#1, #2, ...); numbers are never reused. */
  issueSeq: number;
  /** The last change number given out (its entry may still be on its way). */
  changeSeq: number;
  /** Every change up to here is committed or a tombstone, and counted in the counts below. */
  countedSeq: number;
  issueCount: number;
  openIssueCount: number;
  /** How many journal entries the project has (the activity feed's total). */
  journalCount: number;
  /** The list snapshot in the files bucket (modules/issues/snapshots.ts), if one was taken. */
  snapshot: { seq: number; takenAt: number; key: string } | null;
}

export const EMPTY_COUNTERS: ProjectCounters = {
  issueSeq: 0,
  changeSeq: 0,
  countedSeq: 0,
  issueCount: 0,
  openIssueCount: 0,
  journalCount: 0,
  snapshot: null,
};

/**
 * Change entries live a week. A copy synced within CATCH_UP_WINDOW_MS can always catch up: an
 * entry it has not applied yet was written after its last sync, so it cannot have expired.
 */
export const CHANGE_LOG_TTL_SECONDS = 7 * 24 * 60 * 60;
export const CATCH_UP_WINDOW_MS = (CHANGE_LOG_TTL_SECONDS - 24 * 60 * 60) * 1000;

/**
 * A writer commits within this long of taking its number, or gives the number up (writing its
 * tombstone itself); a reader may fill a number with a tombstone once a LATER number was taken
 * more than GAP_DEADLINE_MS ago, because the writer of the earlier one took it earlier still.
 */
export const WRITE_DEADLINE_MS = 10_000;
export const GAP_DEADLINE_MS = 15_000;

/** What a change does to the counts. */
export interface CountDeltas {
  issues: number;
  open: number;
  journals: number;
}

export const NO_DELTAS: CountDeltas = { issues: 0, open: 0, journals: 0 };

export function countersFromItem(item: Item | undefined): ProjectCounters {
  return {
    issueSeq: item?.issueSeq ?? 0,
    changeSeq: item?.changeSeq ?? 0,
    countedSeq: item?.countedSeq ?? 0,
    issueCount: item?.issueCount ?? 0,
    openIssueCount: item?.openIssueCount ?? 0,
    journalCount: item?.journalCount ?? 0,
    snapshot:
      typeof item?.snapshotSeq === 'number'
        ? { seq: item.snapshotSeq, takenAt: item.snapshotAt, key: item.snapshotKey }
        : null,
  };
}

// Access pattern: a project's counters (strongly consistent: the work-item index syncs from it).
export async function getCounters(enterpriseId: string, projectId: string): Promise<ProjectCounters> {
  return countersFromItem(await getItem(keys.projectCounters(enterpriseId, projectId)));
}

/** A change number (and work-item numbers) taken for one write. */
export interface Allocation {
  seq: number;
  /** The first of the `numbers` work-item numbers taken (0 when none were asked for). */
  firstNumber: number;
  /** When the number was taken (epoch ms, the writer's clock). */
  at: number;
  /** `countedSeq` as the number was taken: the write may fold itself when it is `seq - 1`. */
  countedSeq: number;
}

/**
 * Takes the next change number and `numbers` work-item numbers, atomically: any number of
 * writers in any number of processes each get their own, without a conditional race.
 */
export async function allocateChange(
  enterpriseId: string,
  projectId: string,
  numbers: number,
  nowMs: number,
): Promise<Allocation> {
  const after = await updateItem(keys.projectCounters(enterpriseId, projectId), {
    // getCountersOf maps batch results back to projects by this attribute.
    set: { entity: 'ProjectCounters', projectId },
    add: numbers > 0 ? { changeSeq: 1, issueSeq: numbers } : { changeSeq: 1 },
  });
  return {
    seq: after.changeSeq as number,
    firstNumber: numbers > 0 ? (after.issueSeq as number) - numbers + 1 : 0,
    at: nowMs,
    countedSeq: (after.countedSeq as number | undefined) ?? 0,
  };
}

/**
 * What a write did to the list rows, carried by its change entry so that a copy catching up
 * reads the entries alone instead of re-reading every item they name: `rows`, the ISSUE# items
 * the transaction put (exactly as put, without their keys); `gone`, the ids it deleted.
 */
export interface EntryRows {
  rows: Item[];
  gone: string[];
}

function entryItem(
  enterpriseId: string,
  projectId: string,
  seq: number,
  fields: {
    ids: readonly string[];
    deltas: CountDeltas;
    allocatedAt: number;
    tomb: boolean;
    written?: EntryRows;
  },
  nowMs: number,
): Item {
  return {
    ...keys.projectChange(enterpriseId, projectId, seq),
    entity: 'ProjectChange',
    seq,
    ids: [...new Set(fields.ids)],
    d: [fields.deltas.issues, fields.deltas.open, fields.deltas.journals],
    allocatedAt: fields.allocatedAt,
    ...(fields.tomb ? { tomb: true } : {}),
    ...(fields.written ? { rows: fields.written.rows, gone: fields.written.gone } : {}),
    expiresAt: Math.floor(nowMs / 1000) + CHANGE_LOG_TTL_SECONDS,
  };
}

/**
 * The change entry of a write, for the write's own transaction: which work items it touched and
 * what it does to the counts. Fails the transaction (`ConditionFailedError('change')`) when the
 * number was already filled with a tombstone.
 */
export function changeEntryOp(
  enterpriseId: string,
  projectId: string,
  allocation: Allocation,
  issueIds: readonly string[],
  deltas: CountDeltas,
  written: EntryRows,
  nowMs: number,
): TxOp {
  return {
    put: entryItem(
      enterpriseId,
      projectId,
      allocation.seq,
      { ids: issueIds, deltas, allocatedAt: allocation.at, tomb: false, written },
      nowMs,
    ),
    condition: { expression: 'attribute_not_exists(pk)' },
    label: 'change',
  };
}

/**
 * Fills change number `seq` with a tombstone (no items, no deltas) unless its entry exists.
 * True when the tombstone was written, false when the entry was there first. A writer giving up
 * its own number passes when it took it; a reader filling a dead number does not know (0).
 */
export async function tombstoneChange(
  enterpriseId: string,
  projectId: string,
  seq: number,
  nowMs: number,
  allocatedAt = 0,
): Promise<boolean> {
  return putItemIfAbsent(
    entryItem(enterpriseId, projectId, seq, { ids: [], deltas: NO_DELTAS, allocatedAt, tomb: true }, nowMs),
  );
}

export interface ChangeEntry {
  seq: number;
  ids: string[];
  deltas: CountDeltas;
  /** When the writer took the number (0 for tombstones). */
  allocatedAt: number;
  tomb: boolean;
  /** The rows the write put and the ids it deleted; absent on entries written before they were kept. */
  written?: EntryRows;
}

function entryFromItem(item: Item): ChangeEntry {
  const [issues = 0, open = 0, journals = 0] = (item.d as number[] | undefined) ?? [];
  return {
    seq: item.seq as number,
    ids: (item.ids as string[] | undefined) ?? [],
    deltas: { issues, open, journals },
    allocatedAt: (item.allocatedAt as number | undefined) ?? 0,
    tomb: item.tomb === true,
    ...(Array.isArray(item.rows)
      ? { written: { rows: item.rows as Item[], gone: (item.gone as string[] | undefined) ?? [] } }
      : {}),
  };
}

// Access pattern: change-log entries from..to (sk BETWEEN CHANGE#{from} AND CHANGE#{to}),
// strongly consistent, in order; numbers still on their way (or dead) are simply not there.
// Counting and settling need no rows (`withRows: false`): the entries are read without them.
export async function listChanges(
  enterpriseId: string,
  projectId: string,
  from: number,
  to: number,
  options: { withRows: boolean } = { withRows: true },
): Promise<ChangeEntry[]> {
  if (to < from) return [];
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': projectPartition(enterpriseId, projectId),
      ':from': changeSeqKey(from),
      ':to': changeSeqKey(to),
    },
    ...(options.withRows
      ? {}
      : {
          ProjectionExpression: '#seq, #ids, #d, #at, #tomb',
          ExpressionAttributeNames: {
            '#seq': 'seq',
            '#ids': 'ids',
            '#d': 'd',
            '#at': 'allocatedAt',
            '#tomb': 'tomb',
          },
        }),
    ConsistentRead: true,
  });
  return items.map(entryFromItem);
}

/**
 * The numbers in (`after`, `to`] that have no entry although a later number with an entry was
 * taken more than GAP_DEADLINE_MS before `nowMs`: their writers took them earlier still and are
 * past their deadline, so they are dead (or failed) and may be filled with tombstones.
 */
export function deadGaps(
  entries: readonly Pick<ChangeEntry, 'seq' | 'allocatedAt'>[],
  after: number,
  nowMs: number,
): number[] {
  const present = new Set(entries.map((e) => e.seq));
  const settled = entries.filter((e) => e.allocatedAt > 0 && nowMs - e.allocatedAt > GAP_DEADLINE_MS);
  const limit = settled.reduce((max, e) => Math.max(max, e.seq), after);
  const dead: number[] = [];
  for (let seq = after + 1; seq < limit; seq += 1) if (!present.has(seq)) dead.push(seq);
  return dead;
}

/** The last number of the run `after + 1, after + 2, ...` that `entries` hold without a gap. */
export function contiguousEnd(entries: readonly Pick<ChangeEntry, 'seq'>[], after: number): number {
  const present = new Set(entries.map((e) => e.seq));
  let end = after;
  while (present.has(end + 1)) end += 1;
  return end;
}

/**
 * Moves `countedSeq` from `counters.countedSeq` over the contiguous entries that follow it,
 * adding their deltas; a no-op when another folder moved it first. True when it moved.
 */
export async function foldChanges(
  enterpriseId: string,
  projectId: string,
  countedSeq: number,
  entries: readonly ChangeEntry[],
): Promise<boolean> {
  const end = contiguousEnd(entries, countedSeq);
  if (end === countedSeq) return false;
  const folded = entries.filter((e) => e.seq > countedSeq && e.seq <= end);
  const sum = (pick: (d: CountDeltas) => number) => folded.reduce((n, e) => n + pick(e.deltas), 0);
  try {
    await updateItem(
      keys.projectCounters(enterpriseId, projectId),
      {
        set: { countedSeq: end },
        add: {
          issueCount: sum((d) => d.issues),
          openIssueCount: sum((d) => d.open),
          journalCount: sum((d) => d.journals),
        },
      },
      countedSeq === 0
        ? {
            expression: 'attribute_not_exists(#counted) OR #counted = :zero',
            names: { '#counted': 'countedSeq' },
            values: { ':zero': 0 },
          }
        : {
            expression: '#counted = :counted',
            names: { '#counted': 'countedSeq' },
            values: { ':counted': countedSeq },
          },
      'counted',
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionFailedError) return false;
    throw error;
  }
}

/**
 * Claims the project's settling: one settle run at a time per project, whichever process asks.
 * Every instance writing to a busy project asks for the job, and without a claim their runs
 * would all read the same unfolded entries at once (16 writers: 16 reads of the same log). A
 * claim older than `claimMs` is taken over (a run that died). Answers the counters as of the
 * claim (the update returns them: no read), or null when another run holds it or the project has
 * no counters (deleted, or never written).
 */
export async function claimSettling(
  enterpriseId: string,
  projectId: string,
  nowMs: number,
  claimMs: number,
): Promise<ProjectCounters | null> {
  try {
    const after = await updateItem(
      keys.projectCounters(enterpriseId, projectId),
      { set: { settleClaimedAt: nowMs } },
      {
        expression: 'attribute_exists(#seq) AND (attribute_not_exists(#claimed) OR #claimed < :cut)',
        names: { '#seq': 'changeSeq', '#claimed': 'settleClaimedAt' },
        values: { ':cut': nowMs - claimMs },
      },
      'settle-claim',
    );
    return countersFromItem(after);
  } catch (error) {
    if (error instanceof ConditionFailedError) return null;
    throw error;
  }
}

/** Gives the claim up after the run (only the run's own: a run that took it over keeps its). */
export async function releaseSettling(
  enterpriseId: string,
  projectId: string,
  claimedAt: number,
): Promise<void> {
  try {
    await updateItem(
      keys.projectCounters(enterpriseId, projectId),
      { remove: ['settleClaimedAt'] },
      {
        expression: '#claimed = :at',
        names: { '#claimed': 'settleClaimedAt' },
        values: { ':at': claimedAt },
      },
      'settle-release',
    );
  } catch (error) {
    if (!(error instanceof ConditionFailedError)) throw error;
  }
}

/** The counts including the entries after `countedSeq` (what is committed now). */
export function withPendingCounts(
  counters: ProjectCounters,
  pending: readonly ChangeEntry[],
): ProjectCounters {
  const after = pending.filter((e) => e.seq > counters.countedSeq);
  const sum = (pick: (d: CountDeltas) => number) => after.reduce((n, e) => n + pick(e.deltas), 0);
  return {
    ...counters,
    issueCount: counters.issueCount + sum((d) => d.issues),
    openIssueCount: counters.openIssueCount + sum((d) => d.open),
    journalCount: counters.journalCount + sum((d) => d.journals),
  };
}

/** The counters with exact counts: one read, plus the pending entries when some are not folded. */
export async function getCurrentCounts(enterpriseId: string, projectId: string): Promise<ProjectCounters> {
  const counters = await getCounters(enterpriseId, projectId);
  return currentCounts(enterpriseId, projectId, counters);
}

/** `counters` with the deltas of the entries not folded yet (a query only when there are some). */
export async function currentCounts(
  enterpriseId: string,
  projectId: string,
  counters: ProjectCounters,
): Promise<ProjectCounters> {
  if (counters.changeSeq <= counters.countedSeq) return counters;
  const pending = await listChanges(enterpriseId, projectId, counters.countedSeq + 1, counters.changeSeq, {
    withRows: false,
  });
  return withPendingCounts(counters, pending);
}

// Access pattern: the counters of several projects (the project list), by batch, with the
// entries each has not folded yet (usually none: writers and the fold job keep up).
export async function getCountersOf(
  enterpriseId: string,
  projectIds: readonly string[],
): Promise<Map<string, ProjectCounters>> {
  const items = await batchGet(projectIds.map((id) => keys.projectCounters(enterpriseId, id)));
  const byId = new Map(items.map((item) => [item.projectId as string, countersFromItem(item)]));
  const current = await Promise.all(
    projectIds.map((id) => currentCounts(enterpriseId, id, byId.get(id) ?? EMPTY_COUNTERS)),
  );
  return new Map(projectIds.map((id, i) => [id, current[i]!]));
}

/** Records the snapshot taken at `seq` (only forward: an older one never replaces a newer). */
export async function recordSnapshot(
  enterpriseId: string,
  projectId: string,
  snapshot: { seq: number; takenAt: number; key: string },
): Promise<void> {
  try {
    await updateItem(
      keys.projectCounters(enterpriseId, projectId),
      { set: { snapshotSeq: snapshot.seq, snapshotAt: snapshot.takenAt, snapshotKey: snapshot.key } },
      {
        expression: 'attribute_not_exists(#snap) OR #snap < :seq',
        names: { '#snap': 'snapshotSeq' },
        values: { ':seq': snapshot.seq },
      },
      'snapshot',
    );
  } catch (error) {
    if (!(error instanceof ConditionFailedError)) throw error;
  }
}
