/**
 * A project's case module tree (ENT#{e}#PRJ#{projectId} / CASEMODULE#{localId}). Each module
 * names its parent by `root_id` (a scoped module id, or null at the top); modules synced from
 * the project's product carry `productModuleId`.
 *
 * Depth, cycles and sibling names are rules about the whole tree, so every module write is
 * serialised per project: it steps `caseModuleSeq` on the project's COUNTERS item, conditioned
 * on the value its writer read before reading the tree (`ConditionFailedError('modules')` when
 * someone else wrote first; the service validates again on a fresh read).
 */

import { keys, projectPartition, SK } from '@core/db/keys';
import { conditions, getItem, type Item, sequenceStepOp, type TxOp } from '@core/db/operations';
import { queryRecords, readRecord } from '@core/db/records';
import { parseScopedId } from '@core/ids';

export interface CaseModuleRecord {
  enterpriseId: string;
  projectId: string;
  /** Project-scoped: `{projectId}.{localId}`. */
  moduleId: string;
  name: string;
  /** The parent's scoped id; null at the top. */
  root_id: string | null;
  sort: number;
  /** The product module it was synced from; null for the project's own modules. */
  productModuleId: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** Where a case module lives, from its scoped id; null when the id is not one of a project. */
export function caseModuleKeyOf(enterpriseId: string, moduleId: string) {
  const parts = parseScopedId(moduleId);
  if (!parts || parts.parentId.includes('.')) return null;
  return { projectId: parts.parentId, key: keys.caseModule(enterpriseId, parts.parentId, parts.localId) };
}

function keyOf(module: Pick<CaseModuleRecord, 'enterpriseId' | 'moduleId'>) {
  const at = caseModuleKeyOf(module.enterpriseId, module.moduleId);
  if (!at) throw new Error(`not a case module id: ${module.moduleId}`);
  return at.key;
}

function toItem(module: CaseModuleRecord): Item {
  return { ...keyOf(module), entity: 'CaseModule', ...module };
}

function fromItem(item: Item): CaseModuleRecord {
  return readRecord(
    item,
    ['enterpriseId', 'projectId', 'moduleId', 'name', 'createdAt', 'updatedAt', 'version'],
    { root_id: null, sort: 0, productModuleId: null },
  );
}

// Access pattern: every case module of a project (ENT#{e}#PRJ#{p}, begins_with CASEMODULE#).
export async function listCaseModules(enterpriseId: string, projectId: string): Promise<CaseModuleRecord[]> {
  return queryRecords(projectPartition(enterpriseId, projectId), SK.caseModulePrefix, fromItem);
}

/** The tree as read, with the sequence the next write must be conditioned on. */
export interface CaseModuleTree {
  seq: number;
  modules: CaseModuleRecord[];
}

// Access pattern: the project's COUNTERS (caseModuleSeq), then its case modules.
export async function readCaseModuleTree(enterpriseId: string, projectId: string): Promise<CaseModuleTree> {
  // The sequence first: the modules read after it are at least as new as it says.
  const counters = await getItem(keys.projectCounters(enterpriseId, projectId));
  const modules = await listCaseModules(enterpriseId, projectId);
  return { seq: (counters?.caseModuleSeq as number | undefined) ?? 0, modules };
}

/** Steps `caseModuleSeq` from the value read (`'modules'` when another module write went first). */
export function caseModuleSeqOp(enterpriseId: string, projectId: string, seen: number): TxOp {
  // `projectId`: the counters' batch read maps items back to projects by it.
  const set = { entity: 'ProjectCounters', projectId };
  return sequenceStepOp(keys.projectCounters(enterpriseId, projectId), 'caseModuleSeq', seen, 'modules', set);
}

/** A new module (`'moduleExists'` should its id be taken). */
export function createCaseModuleOp(module: CaseModuleRecord): TxOp {
  return { put: toItem(module), condition: conditions.notExists, label: 'moduleExists' };
}

/** Replaces a module read at `expectedVersion` (`'stale:{moduleId}'`). */
export function replaceCaseModuleOp(module: CaseModuleRecord, expectedVersion: number): TxOp {
  return {
    put: toItem(module),
    condition: conditions.version(expectedVersion),
    label: `stale:${module.moduleId}`,
  };
}

/** Deletes a module (`'missing'` when it went meanwhile). */
export function deleteCaseModuleOp(module: CaseModuleRecord): TxOp {
  return { delete: keyOf(module), condition: conditions.exists, label: 'missing' };
}

/** Checks that a module still exists (`'module'`): a case filed into it must not outlive it. */
export function caseModuleExistsOp(enterpriseId: string, moduleId: string): TxOp {
  return { check: keyOf({ enterpriseId, moduleId }), condition: conditions.exists, label: 'module' };
}
