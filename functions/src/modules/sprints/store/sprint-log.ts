/**
 * Sprint logs: `SPRINTLOG#{sprintLocalId}#{entryId}` in the project's partition. Burn-downs are
 * replayed from them (modules/sprints/burndown-series.ts), because a work item's rows only say
 * where it is now, not when it entered, left or was finished.
 *
 * One row per sprint concerned per work-item write, holding the new state of every item of that
 * write whose membership, unfinished-ness or estimate changed for the sprint. So a write adds as
 * many puts as sprints it concerns (usually one or two), not one per item: a batch of 40 items
 * still fits the 100-write transaction. The row carries the write's change-log position (`seq`),
 * because with a frozen test clock several writes share one `at`, and newId's random tail would
 * then order them by chance.
 */

import { keys, projectPartition, SK } from '@core/db/keys';
import { type Item, queryPartition, type TxOp } from '@core/db/operations';
import { newId, parseScopedId } from '@core/ids';
import { isUnfinished } from '@shared/domain/sprint-workflow';
import type { IssueRecord } from '../../issues';

/** One work item's state for one sprint right after a write. */
export interface SprintLogEntry {
  /** The sprint's scoped id. */
  sprintId: string;
  issueId: string;
  /** When the write happened (ISO). */
  at: string;
  /** The change-log position of the write; entries with the same `at` sort by it. */
  seq: number;
  inSprint: boolean;
  unfinished: boolean;
  estimate: number | null;
  pmIssueType: number;
  status: number;
}

export interface IssueChange {
  before: IssueRecord | null;
  after: IssueRecord | null;
}

interface SprintState {
  inSprint: boolean;
  unfinished: boolean;
  estimate: number | null;
}

function stateFor(issue: IssueRecord | null, sprintId: string): SprintState {
  if (!issue) return { inSprint: false, unfinished: false, estimate: null };
  return {
    inSprint: issue.sprintId === sprintId,
    unfinished: isUnfinished(issue.status),
    estimate: issue.estimatedHours,
  };
}

/** Out of the sprint before and after, nothing about the item matters to it. */
function stateChanged(a: SprintState, b: SprintState): boolean {
  if (a.inSprint !== b.inSprint) return true;
  if (!a.inSprint) return false;
  return a.unfinished !== b.unfinished || a.estimate !== b.estimate;
}

/** The log entries one item's change adds: one per sprint whose view of the item changed. */
export function sprintLogEntries(change: IssueChange, at: string, seq = 0): SprintLogEntry[] {
  const { before, after } = change;
  const latest = after ?? before;
  if (!latest) return [];
  const sprintIds = new Set([before?.sprintId, after?.sprintId].filter((id): id is string => Boolean(id)));
  const entries: SprintLogEntry[] = [];
  for (const sprintId of sprintIds) {
    const now = stateFor(after, sprintId);
    if (!stateChanged(stateFor(before, sprintId), now)) continue;
    // A deleted item keeps its last status and estimate: only `inSprint` says it is gone.
    entries.push({
      sprintId,
      issueId: latest.issueId,
      at,
      seq,
      inSprint: now.inSprint,
      unfinished: isUnfinished(latest.status),
      estimate: latest.estimatedHours,
      pmIssueType: latest.pmIssueType,
      status: latest.status,
    });
  }
  return entries;
}

/** The puts for the entries of one write: one row per sprint concerned. */
export function sprintLogBatchOps(
  enterpriseId: string,
  projectId: string,
  changes: readonly IssueChange[],
  at: string,
  seq = 0,
): TxOp[] {
  const bySprint = new Map<string, SprintLogEntry[]>();
  for (const change of changes) {
    for (const entry of sprintLogEntries(change, at, seq)) {
      bySprint.set(entry.sprintId, [...(bySprint.get(entry.sprintId) ?? []), entry]);
    }
  }
  return [...bySprint].map(([sprintId, entries]) => {
    const localId = parseScopedId(sprintId)?.localId ?? sprintId;
    return {
      put: {
        ...keys.sprintLog(enterpriseId, projectId, localId, newId()),
        entity: 'SprintLog',
        sprintId,
        at,
        seq,
        entries: entries.map(({ sprintId: _, at: __, seq: ___, ...state }) => state),
      },
    };
  });
}

/**
 * The log puts for one item's change (`before` null: created; `after` null: deleted); nothing
 * when no sprint's view of it changed, which keeps unrelated edits' transactions small.
 */
export function sprintLogOps(
  enterpriseId: string,
  projectId: string,
  before: IssueRecord | null,
  after: IssueRecord | null,
  at: string,
  seq = 0,
): TxOp[] {
  return sprintLogBatchOps(enterpriseId, projectId, [{ before, after }], at, seq);
}

function entriesOfRow(item: Item): SprintLogEntry[] {
  const states = (item.entries ?? []) as Omit<SprintLogEntry, 'sprintId' | 'at' | 'seq'>[];
  return states.map((state) => ({
    sprintId: item.sprintId,
    at: item.at,
    seq: item.seq ?? 0,
    issueId: state.issueId,
    inSprint: state.inSprint,
    unfinished: state.unfinished,
    estimate: state.estimate ?? null,
    pmIssueType: state.pmIssueType,
    status: state.status,
  }));
}

/** Log order: by time, then by the write's change-log position (one write per position). */
export function compareLogEntries(a: SprintLogEntry, b: SprintLogEntry): number {
  if (a.at !== b.at) return a.at < b.at ? -1 : 1;
  return a.seq - b.seq;
}

// Access pattern: a sprint's log, in order
// (pk = ENT#{id}#PRJ#{projectId}, begins_with(sk, SPRINTLOG#{sprintLocalId}#), all pages).
export async function listSprintLog(
  enterpriseId: string,
  projectId: string,
  sprintLocalId: string,
): Promise<SprintLogEntry[]> {
  const rows = await queryPartition(
    projectPartition(enterpriseId, projectId),
    `${SK.sprintLogPrefix}${sprintLocalId}#`,
  );
  return rows.flatMap(entriesOfRow).sort(compareLogEntries);
}
