/**
 * A project's counters item (ENT#{id}#PRJ#{projectId} / COUNTERS): the last work-item number
 * given out, the last change-log sequence number, and how many work items exist and are open.
 *
 * Every work-item write is one transaction that steps `changeSeq` from the value the writer saw
 * to the next one (conditional: `ConditionFailedError('changeSeq')` when someone else went first)
 * and puts the change-log entry CHANGE#{next} naming the work items it touched. So the change
 * log has no gaps, the writes of one project are serialised, and a process that knows the log up
 * to N can catch up with N+1..M (modules/issues/project-index.ts; docs/architecture.md explains).
 */
import { changeSeqKey, keys, projectPartition } from '@core/db/keys';
import { batchGet, getItem, type Item, queryAll, type TxOp } from '@core/db/operations';
import { readRecord } from '@core/db/records';

export interface ProjectCounters {
  /** The last work-item number given out (#1, #2, ...); numbers are never reused. */
  issueSeq: number;
  /** The last change-log entry's sequence number. */
  changeSeq: number;
  issueCount: number;
  openIssueCount: number;
  /** How many journal entries the project has (the activity feed's total). */
  journalCount: number;
}

export const EMPTY_COUNTERS: ProjectCounters = {
  issueSeq: 0,
  changeSeq: 0,
  issueCount: 0,
  openIssueCount: 0,
  journalCount: 0,
};

/** Change-log entries live two days: a process whose copy is older reloads the project instead. */
export const CHANGE_LOG_TTL_SECONDS = 2 * 24 * 60 * 60;

/** The counters an item holds, 0 for each one not stepped yet (all of them without an item). */
export function countersFromItem(item: Item | undefined): ProjectCounters {
  return readRecord(item ?? {}, [], EMPTY_COUNTERS);
}

// Access pattern: a project's counters (strongly consistent: the work-item index syncs from it).
export async function getCounters(enterpriseId: string, projectId: string): Promise<ProjectCounters> {
  return countersFromItem(await getItem(keys.projectCounters(enterpriseId, projectId)));
}

// Access pattern: the counters of several projects (the project list), by batch.
export async function getCountersOf(
  enterpriseId: string,
  projectIds: readonly string[],
): Promise<Map<string, ProjectCounters>> {
  const items = await batchGet(projectIds.map((id) => keys.projectCounters(enterpriseId, id)));
  const byId = new Map(items.map((item) => [item.projectId as string, countersFromItem(item)]));
  return new Map(projectIds.map((id) => [id, byId.get(id) ?? EMPTY_COUNTERS]));
}

/** What a work-item write does to the counters besides stepping `changeSeq`. */
export interface CounterChanges {
  /** The new last number (a create). */
  issueSeq?: number;
  issueCount?: number;
  openIssueCount?: number;
  journalCount?: number;
}

/**
 * The counters' part of a work-item write: `changeSeq` from `seen` to `seen + 1`, conditional on
 * nobody having stepped it meanwhile (`ConditionFailedError('changeSeq')`; re-read and retry).
 */
export function changeStepOp(
  enterpriseId: string,
  projectId: string,
  seen: number,
  changes: CounterChanges = {},
): TxOp {
  const add: Record<string, number> = {};
  if (changes.issueCount) add.issueCount = changes.issueCount;
  if (changes.openIssueCount) add.openIssueCount = changes.openIssueCount;
  if (changes.journalCount) add.journalCount = changes.journalCount;
  return {
    update: keys.projectCounters(enterpriseId, projectId),
    set: {
      entity: 'ProjectCounters',
      // getCountersOf maps batch results back to projects by this attribute.
      projectId,
      changeSeq: seen + 1,
      ...(changes.issueSeq === undefined ? {} : { issueSeq: changes.issueSeq }),
    },
    add,
    condition:
      seen === 0
        ? { expression: 'attribute_not_exists(#changeSeq)', names: { '#changeSeq': 'changeSeq' } }
        : {
            expression: '#changeSeq = :seenChangeSeq',
            names: { '#changeSeq': 'changeSeq' },
            values: { ':seenChangeSeq': seen },
          },
    label: 'changeSeq',
  };
}

/** The change-log entry `seq`: which work items the write touched (TTL two days). */
export function changeEntryOp(
  enterpriseId: string,
  projectId: string,
  seq: number,
  issueIds: readonly string[],
  nowMs: number,
): TxOp {
  return {
    put: {
      ...keys.projectChange(enterpriseId, projectId, seq),
      entity: 'ProjectChange',
      seq,
      ids: [...new Set(issueIds)],
      expiresAt: Math.floor(nowMs / 1000) + CHANGE_LOG_TTL_SECONDS,
    },
  };
}

/**
 * A journal write that is not a work-item change (comments): counts the entry without stepping
 * `changeSeq` (no list row changes).
 */
export function journalCountOp(enterpriseId: string, projectId: string, delta: number): TxOp {
  return {
    update: keys.projectCounters(enterpriseId, projectId),
    set: { entity: 'ProjectCounters', projectId },
    add: { journalCount: delta },
  };
}

export interface ChangeEntry {
  seq: number;
  ids: string[];
}

// Access pattern: change-log entries from..to (sk BETWEEN CHANGE#{from} AND CHANGE#{to}),
// strongly consistent, so an entry the counters already count is always there (unless expired).
export async function listChanges(
  enterpriseId: string,
  projectId: string,
  from: number,
  to: number,
): Promise<ChangeEntry[]> {
  if (to < from) return [];
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': projectPartition(enterpriseId, projectId),
      ':from': changeSeqKey(from),
      ':to': changeSeqKey(to),
    },
    ConsistentRead: true,
  });
  return items.map((item) => ({ seq: item.seq as number, ids: (item.ids as string[] | undefined) ?? [] }));
}
