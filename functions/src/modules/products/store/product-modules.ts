/**
 * A product's module tree (ENT#{e}#PRD#{productId} / MODULE#{localId}). Each module names its
 * parent by `root_id` (a scoped module id, or null at the top).
 *
 * Depth, cycles and sibling names are rules about the whole tree, so every module write is
 * serialised per product: it steps `moduleSeq` on the product's COUNTERS item, conditioned on
 * the value its writer read before reading the tree (`ConditionFailedError('modules')` when
 * someone else wrote first; the service then validates again on a fresh read).
 */
import { keys, productPartition, SK } from '@core/db/keys';
import type { Item, TxOp } from '@core/db/operations';
import { conditions, getItem, queryAll, sequenceStepOp, transact } from '@core/db/operations';
import { childRecordReads, readRecord } from '@core/db/records';
import { productExistsOp } from './products';

export interface ModuleRecord {
  enterpriseId: string;
  productId: string;
  /** Product-scoped: `{productId}.{localId}`. */
  moduleId: string;
  name: string;
  /** The parent's scoped id; null at the top. */
  root_id: string | null;
  sort: number;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export type ModuleChanges = Partial<Pick<ModuleRecord, 'name' | 'root_id' | 'sort'>>;

const localIdOf = (moduleId: string) => moduleId.slice(moduleId.lastIndexOf('.') + 1);

const moduleKey = (module: Pick<ModuleRecord, 'enterpriseId' | 'productId' | 'moduleId'>) =>
  keys.productModule(module.enterpriseId, module.productId, localIdOf(module.moduleId));

function toItem(module: ModuleRecord): Item {
  return { ...moduleKey(module), entity: 'ProductModule', ...module };
}

function fromItem(item: Item): ModuleRecord {
  return readRecord(
    item,
    ['enterpriseId', 'productId', 'moduleId', 'name', 'createdAt', 'updatedAt', 'version'],
    { root_id: null, sort: 0 },
  );
}

/** The tree as read, with the sequence the next write must be conditioned on. */
export interface ModuleTree {
  seq: number;
  modules: ModuleRecord[];
}

// Access pattern: a product's modules (ENT#{e}#PRD#{p}, begins_with MODULE#), after its COUNTERS.
export async function readModuleTree(enterpriseId: string, productId: string): Promise<ModuleTree> {
  // The sequence first: the modules read after it are at least as new as it says.
  const counters = await getItem(keys.productCounters(enterpriseId, productId));
  const modules = await listModuleRecords(enterpriseId, productId);
  return { seq: (counters?.moduleSeq as number | undefined) ?? 0, modules };
}

const moduleReads = childRecordReads(productPartition, SK.modulePrefix, keys.productModule, fromItem);
// Access pattern: every module of a product (ENT#{e}#PRD#{p}, begins_with MODULE#).
export const listModuleRecords = moduleReads.list;
// Access pattern: one module (ENT#{e}#PRD#{p} / MODULE#{localId}).
export const getModule = moduleReads.one;

/** Steps `moduleSeq` from the value read (`'modules'` when another module write went first). */
function moduleSeqOp(enterpriseId: string, productId: string, seen: number): TxOp {
  return sequenceStepOp(keys.productCounters(enterpriseId, productId), 'moduleSeq', seen, 'modules');
}

/** Creates a module (`'modules'`: the tree changed since `seq`; `'product'`: the product is gone). */
export async function createModule(module: ModuleRecord, seq: number): Promise<void> {
  await transact([
    productExistsOp(module.enterpriseId, module.productId),
    moduleSeqOp(module.enterpriseId, module.productId, seq),
    { put: toItem(module), condition: conditions.notExists, label: 'module' },
  ]);
}

/** Renames or moves a module read at `module.version` (`'stale'`, `'modules'`). */
export async function updateModule(
  module: ModuleRecord,
  changes: ModuleChanges,
  updatedAt: string,
  seq: number,
): Promise<ModuleRecord> {
  const next: ModuleRecord = { ...module, ...changes, updatedAt, version: module.version + 1 };
  await transact([
    moduleSeqOp(module.enterpriseId, module.productId, seq),
    { put: toItem(next), condition: conditions.version(module.version), label: 'stale' },
  ]);
  return next;
}

/** Deletes a module that has no sub-modules as of `seq` (`'missing'`, `'modules'`). */
export async function deleteModule(module: ModuleRecord, seq: number): Promise<void> {
  await transact([
    moduleSeqOp(module.enterpriseId, module.productId, seq),
    { delete: moduleKey(module), condition: conditions.exists, label: 'missing' },
  ]);
}

// Access pattern: the requirements or specs of a product in one module
// (ENT#{e}#PRD#{p}, begins_with UREQ# or SPEC#, filtered on moduleId; keys only).
export async function countInModule(
  enterpriseId: string,
  productId: string,
  prefix: typeof SK.userRequirementPrefix | typeof SK.specPrefix,
  moduleId: string,
): Promise<number> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    FilterExpression: 'moduleId = :moduleId',
    ExpressionAttributeValues: {
      ':pk': productPartition(enterpriseId, productId),
      ':prefix': prefix,
      ':moduleId': moduleId,
    },
    ProjectionExpression: 'sk',
    ConsistentRead: true,
  });
  return items.length;
}
