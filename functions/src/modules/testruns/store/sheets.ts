/**
 * Test sheets of a project: `SHEET#{localId}` in the project's partition. A sheet's id is
 * project-scoped (`{projectId}.{localId}`), so the id alone says which partition holds it. Each
 * sheet names its parent by `root_id` (a sheet id of the same project, or null at the top).
 *
 * Depth and cycles are rules about the whole tree, so every write that changes the tree (create,
 * move, delete) steps `sheetSeq` on the project's COUNTERS item, conditioned on the value its
 * writer read before reading the tree (`ConditionFailedError('sheets')` when another tree write
 * went first; the service validates again on a fresh read). Edits that leave the tree alone
 * (name, dates, status...) only condition on the sheet's version.
 */

import { keys, projectPartition, SK } from '@core/db/keys';
import { conditions, getItem, type Item, sequenceStepOp, type TxOp, transact } from '@core/db/operations';
import { type ProjectScopedLocation, projectScopedKey, scopedReads } from '@core/db/project-scoped';
import { queryRecords, readRecord } from '@core/db/records';

export interface SheetRecord {
  enterpriseId: string;
  projectId: string;
  /** The whole scoped id. */
  sheetId: string;
  name: string;
  description: string;
  /** The parent sheet's scoped id; null at the top. */
  root_id: string | null;
  sort: number;
  sprintId: string | null;
  ownerId: string | null;
  startDate: string | null;
  endDate: string | null;
  /** 0 not started, 1 in progress, 2 completed (shared/src/domain/testing.ts SHEET_STATUS). */
  status: number;
  startedAt: string | null;
  completedAt: string | null;
  creatorId: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export type SheetLocation = ProjectScopedLocation<ReturnType<typeof keys.sheet>>;

/** Where a sheet id points, or null when it is not a sheet id of a project (a parent with a dot). */
export const sheetKeyOf = projectScopedKey(keys.sheet);

/** The local part of a sheet id known to be one (records hold valid ids only). */
export function sheetLocalId(sheetId: string): string {
  return sheetId.slice(sheetId.lastIndexOf('.') + 1);
}

function toItem(sheet: SheetRecord): Item {
  return {
    ...keys.sheet(sheet.enterpriseId, sheet.projectId, sheetLocalId(sheet.sheetId)),
    entity: 'TestSheet',
    ...sheet,
  };
}

function fromItem(item: Item): SheetRecord {
  return readRecord(
    item,
    ['enterpriseId', 'projectId', 'sheetId', 'name', 'creatorId', 'createdAt', 'updatedAt', 'version'],
    {
      description: '',
      root_id: null,
      sort: 0,
      sprintId: null,
      ownerId: null,
      startDate: null,
      endDate: null,
      status: 0,
      startedAt: null,
      completedAt: null,
    },
  );
}

// Access pattern: one sheet by its scoped id (ENT#{e}#PRJ#{projectId} / SHEET#{localId}).
export const getSheet = scopedReads(sheetKeyOf, fromItem).one;

// Access pattern: every sheet of a project (begins_with SHEET#; does not match SHEETCASE#,
// SHEETRUN# or SHEETISSUE#, whose sort keys go on with a letter, not `#`).
export async function listSheets(enterpriseId: string, projectId: string): Promise<SheetRecord[]> {
  return queryRecords(projectPartition(enterpriseId, projectId), SK.sheetPrefix, fromItem);
}

/** The sheet tree as read, with the sequence the next tree write must be conditioned on. */
export interface SheetTree {
  seq: number;
  sheets: SheetRecord[];
}

// Access pattern: a project's sheet tree: COUNTERS (`sheetSeq`), then begins_with SHEET#.
export async function readSheetTree(enterpriseId: string, projectId: string): Promise<SheetTree> {
  // The sequence first: the sheets read after it are at least as new as it says.
  const counters = await getItem(keys.projectCounters(enterpriseId, projectId));
  const sheets = await listSheets(enterpriseId, projectId);
  return { seq: (counters?.sheetSeq as number | undefined) ?? 0, sheets };
}

/** Steps `sheetSeq` from the value read (`'sheets'` when another tree write went first). */
function sheetSeqOp(enterpriseId: string, projectId: string, seen: number): TxOp {
  // getCountersOf maps batch results back to projects by `projectId`: keep it on a new item.
  const set = { entity: 'ProjectCounters', projectId };
  return sequenceStepOp(keys.projectCounters(enterpriseId, projectId), 'sheetSeq', seen, 'sheets', set);
}

/** Creates a sheet (`'sheets'`: the tree changed since `seq`; `'project'`: the project is gone). */
export async function createSheet(sheet: SheetRecord, seq: number): Promise<void> {
  await transact([
    {
      check: keys.project(sheet.enterpriseId, sheet.projectId),
      condition: conditions.exists,
      label: 'project',
    },
    sheetSeqOp(sheet.enterpriseId, sheet.projectId, seq),
    { put: toItem(sheet), condition: conditions.notExists, label: 'sheetExists' },
  ]);
}

/** Replaces a sheet still at `expectedVersion` (`'stale:sheet'`), as a transaction op. */
export function replaceSheetOp(sheet: SheetRecord, expectedVersion: number): TxOp {
  return { put: toItem(sheet), condition: conditions.version(expectedVersion), label: 'stale:sheet' };
}

/**
 * Edits a sheet read at `sheet.version` (`'stale:sheet'`); `treeSeq` given when the edit moves
 * it, so the move is checked against the tree as read (`'sheets'`).
 */
export async function updateSheet(sheet: SheetRecord, next: SheetRecord, treeSeq?: number): Promise<void> {
  await transact([
    ...(treeSeq === undefined ? [] : [sheetSeqOp(sheet.enterpriseId, sheet.projectId, treeSeq)]),
    replaceSheetOp(next, sheet.version),
  ]);
}

/**
 * Starts a sheet that has not started, in the transaction of its first result: status 1 and a
 * new version (an edit read before it is stale). `'sheetStarted'` when it started meanwhile.
 */
export function startSheetOp(sheet: SheetRecord, at: string): TxOp {
  return {
    update: keys.sheet(sheet.enterpriseId, sheet.projectId, sheetLocalId(sheet.sheetId)),
    set: { status: 1, startedAt: at, updatedAt: at },
    add: { version: 1 },
    condition: {
      expression: 'attribute_exists(pk) AND #status = :notStarted',
      names: { '#status': 'status' },
      values: { ':notStarted': 0 },
    },
    label: 'sheetStarted',
  };
}

/** A check that the sheet still exists (`'sheet'`), for writes below it. */
export function sheetExistsOp(sheet: Pick<SheetRecord, 'enterpriseId' | 'projectId' | 'sheetId'>): TxOp {
  return {
    check: keys.sheet(sheet.enterpriseId, sheet.projectId, sheetLocalId(sheet.sheetId)),
    condition: conditions.exists,
    label: 'sheet',
  };
}

/**
 * Deletes the sheet item, conditioned on the tree as read (no sub-sheet was added meanwhile:
 * `'sheets'`) and on the version read (`'stale:sheet'`). Its cases, runs and links go afterwards
 * (modules/testruns/sheets.ts deleteSheet).
 */
export async function deleteSheet(sheet: SheetRecord, seq: number): Promise<void> {
  await transact([
    sheetSeqOp(sheet.enterpriseId, sheet.projectId, seq),
    {
      delete: keys.sheet(sheet.enterpriseId, sheet.projectId, sheetLocalId(sheet.sheetId)),
      condition: conditions.version(sheet.version),
      label: 'stale:sheet',
    },
  ]);
}
