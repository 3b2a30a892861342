/**
 * Sprints (iterations) of a project: `SPRINT#{localId}` in the project's partition. A sprint's
 * id is project-scoped (`{projectId}.{localId}`, functions/src/core/ids.ts scopedId), so the id alone
 * says which partition holds it; work items store that whole id in `sprintId`.
 */

import { keys, projectPartition, SK } from '@core/db/keys';
import type { Item, TxOp } from '@core/db/operations';
import { conditions, transact } from '@core/db/operations';
import { projectScopedKey, scopedReads } from '@core/db/project-scoped';
import { queryRecords, readRecord } from '@core/db/records';
import { ITERATION_STATE } from '@shared/domain/sprint-workflow';
import type { SprintCompletion } from '@shared/schemas/sprints';

export interface SprintRecord {
  enterpriseId: string;
  projectId: string;
  /** The whole scoped id. */
  sprintId: string;
  name: string;
  goal: string;
  /** 0 not started, 1 in progress, 2 closed. */
  status: number;
  startDate: string;
  endDate: string;
  startedAt: string | null;
  completedAt: string | null;
  /** The last completion's record (burn-down snapshot, statistics, carried-over items). */
  completion: SprintCompletion | null;
  creatorId: string;
  createdAt: string;
  updatedAt: string;
  version: number;
  /**
   * Stepped by every write that puts an item into the sprint (modules/issues/write-loop.ts), never
   * by edits of the sprint itself: a completion or deletion conditioned on the value it read
   * fails if an item joined after it looked at the sprint's items.
   */
  memberSeq: number;
}

/** The key of a sprint from its scoped id, or null when the id is not a sprint id of a project. */
export const sprintKeyOf = projectScopedKey(keys.sprint);

export function sprintToItem(sprint: SprintRecord): Item {
  const located = sprintKeyOf(sprint.enterpriseId, sprint.sprintId);
  if (!located) throw new Error(`not a sprint id: ${sprint.sprintId}`);
  return { ...located.key, entity: 'Sprint', ...sprint };
}

export function sprintFromItem(item: Item): SprintRecord {
  return readRecord(
    item,
    [
      'enterpriseId',
      'projectId',
      'sprintId',
      'name',
      'status',
      'startDate',
      'endDate',
      'creatorId',
      'createdAt',
      'updatedAt',
      'version',
    ],
    { goal: '', startedAt: null, completedAt: null, completion: null, memberSeq: 0 },
  );
}

const sprintReads = scopedReads(sprintKeyOf, sprintFromItem);
// Access pattern: one sprint by its scoped id (ENT#{id}#PRJ#{projectId} / SPRINT#{localId}).
export const getSprint = sprintReads.one;
// Access pattern: several sprints by their scoped ids (batch); unknown ids are left out.
export const getSprints = sprintReads.many;

// Access pattern: every sprint of a project (ENT#{e}#PRJ#{projectId}, begins_with SPRINT#; the
// prefix does not match the SPRINTLOG# entries, whose sort keys go on with `L`, not `#`).
export async function listSprints(enterpriseId: string, projectId: string): Promise<SprintRecord[]> {
  return queryRecords(projectPartition(enterpriseId, projectId), SK.sprintPrefix, sprintFromItem);
}

/** Creates a sprint in an existing project (`'project'` when the project is gone). */
export async function createSprint(sprint: SprintRecord): Promise<void> {
  await transact([
    {
      check: keys.project(sprint.enterpriseId, sprint.projectId),
      condition: conditions.exists,
      label: 'project',
    },
    { put: sprintToItem(sprint), condition: conditions.notExists, label: 'sprintExists' },
  ]);
}

/** Also requires `memberSeq` unchanged: no item joined since the caller looked at the items. */
function versionAndMembers(expectedVersion: number, memberSeq: number | undefined) {
  const version = conditions.version(expectedVersion);
  if (memberSeq === undefined) return version;
  return {
    expression: `${version.expression} AND (#memberSeq = :memberSeq OR (attribute_not_exists(#memberSeq) AND :memberSeq = :zero))`,
    names: { ...version.names, '#memberSeq': 'memberSeq' },
    values: { ...version.values, ':memberSeq': memberSeq, ':zero': 0 },
  };
}

/**
 * Writes a sprint's fields if it still has `expectedVersion` (`'stale:sprint'`) and, when given,
 * `memberSeq` (`'stale:sprint'` too): as a transaction op, so a completion closes the sprint in
 * the same transaction as it moves the items. An update, not a put: `memberSeq` is stepped by
 * other writers and must never be written back from a copy.
 */
export function replaceSprintOp(sprint: SprintRecord, expectedVersion: number, memberSeq?: number): TxOp {
  const { pk, sk, memberSeq: _, ...fields } = sprintToItem(sprint);
  return {
    update: { pk, sk },
    set: fields,
    remove: Object.entries(fields)
      .filter(([, value]) => value === undefined)
      .map(([name]) => name),
    condition: versionAndMembers(expectedVersion, memberSeq),
    label: 'stale:sprint',
  };
}

/** Deletes a sprint if it still has its version and, when given, `memberSeq` (`'stale:sprint'`). */
export function deleteSprintOp(sprint: SprintRecord, memberSeq?: number): TxOp {
  const located = sprintKeyOf(sprint.enterpriseId, sprint.sprintId);
  if (!located) throw new Error(`not a sprint id: ${sprint.sprintId}`);
  return {
    delete: located.key,
    condition: versionAndMembers(sprint.version, memberSeq),
    label: 'stale:sprint',
  };
}

/**
 * An item joins the sprint: it must exist and not be closed (`'sprint:{id}'` otherwise), and its
 * `memberSeq` steps (see SprintRecord.memberSeq).
 */
export function sprintJoinOp(enterpriseId: string, sprintId: string): TxOp {
  const located = sprintKeyOf(enterpriseId, sprintId);
  if (!located) throw new Error(`not a sprint id: ${sprintId}`);
  return {
    update: located.key,
    add: { memberSeq: 1 },
    condition: {
      expression: 'attribute_exists(pk) AND #status <> :closed',
      names: { '#status': 'status' },
      values: { ':closed': ITERATION_STATE.closed },
    },
    label: `sprint:${sprintId}`,
  };
}

/** Edits a sprint read at `sprint.version` (`'stale:sprint'` when it changed or went meanwhile). */
export async function updateSprint(sprint: SprintRecord, next: SprintRecord): Promise<void> {
  await transact([replaceSprintOp(next, sprint.version)]);
}
