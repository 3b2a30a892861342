/**
 * A project's case module tree: tree, create, rename/move, delete, and the sync from the
 * product's module tree. At most MAX_MODULE_DEPTH levels, names unique among siblings (ignoring
 * case), and a module never moves under itself. These rules read the whole tree, so each write is
 * validated on a fresh read and conditioned on the tree not having changed since
 * (modules/testcases/store/case-modules.ts).
 */

import { firstVersion, nowIso } from '@core/clock';
import { keys } from '@core/db/keys';
import { ConditionFailedError, conditions, type TxOp, transact } from '@core/db/operations';
import { badRequest, conflict, notFound, staleVersion } from '@core/errors';
import { scopedId } from '@core/ids';
import { assertFitsUnder, type HandBuiltTree, subtreeHeight } from '@core/tree-depth';
import { MAX_MODULE_DEPTH } from '@shared/domain/products';
import type {
  CaseModule,
  CaseModuleBody,
  CaseModuleNode,
  CaseModuleUpdateBody,
  ModuleSyncResult,
} from '@shared/schemas/testcases';
import { buildTree } from '@shared/tree';
import { listModuleRecords, type ModuleRecord } from '../products';
import { projectNotFound, requireProject } from '../projects';
import type { CaseModuleRecord, CaseModuleTree } from './store/case-modules';
import * as db from './store/case-modules';
import { listTestcases } from './store/testcases';

type TreeItem = Pick<CaseModuleRecord, 'moduleId' | 'root_id' | 'sort' | 'name'>;

export const caseModuleNotFound = (moduleId: string) => notFound(`Module ${moduleId} does not exist`);

const bySortThenName = (a: TreeItem, b: TreeItem) =>
  a.sort - b.sort || a.name.localeCompare(b.name) || a.moduleId.localeCompare(b.moduleId);

/** Depth-first order, siblings by sort then name; a module whose parent is gone counts as top-level. */
export function treeOrder<T extends TreeItem>(modules: readonly T[]): T[] {
  const ids = new Set(modules.map((m) => m.moduleId));
  const childrenOf = new Map<string | null, T[]>();
  for (const module of modules) {
    const parent = module.root_id !== null && ids.has(module.root_id) ? module.root_id : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), module]);
  }
  const out: T[] = [];
  const visit = (parent: string | null) => {
    for (const child of (childrenOf.get(parent) ?? []).sort(bySortThenName)) {
      out.push(child);
      visit(child.moduleId);
    }
  };
  visit(null);
  return out;
}

/** Each module's path from the top, `Parent / Child` (how rows and spreadsheets name modules). */
export function modulePaths(modules: readonly TreeItem[]): Map<string, string> {
  const paths = new Map<string, string>();
  // Parents come before children in tree order, so a parent's path is always known first.
  for (const module of treeOrder(modules)) {
    const parent = module.root_id === null ? undefined : paths.get(module.root_id);
    paths.set(module.moduleId, parent === undefined ? module.name : `${parent} / ${module.name}`);
  }
  return paths;
}

/** The module and all modules below it (for "in this module" filters and cycle checks). */
export function moduleAndDescendantIds(modules: readonly TreeItem[], moduleId: string): Set<string> {
  const found = new Set([moduleId]);
  for (const module of treeOrder(modules)) {
    if (module.root_id !== null && found.has(module.root_id)) found.add(module.moduleId);
  }
  return found;
}

/** The project's case-module tree under the depth rule. */
const depthRule = (modules: readonly TreeItem[]): HandBuiltTree<TreeItem> => ({
  nodes: modules,
  idOf: (m) => m.moduleId,
  maxDepth: MAX_MODULE_DEPTH,
  noun: 'Module',
  where: 'this project',
});

/** The sibling under `parentId` (other than `selfId`) that has the name, ignoring case. */
export function siblingNamed<T extends TreeItem>(
  modules: readonly T[],
  parentId: string | null,
  name: string,
  selfId?: string,
): T | undefined {
  const lower = name.toLowerCase();
  return modules.find(
    (m) => m.root_id === parentId && m.moduleId !== selfId && m.name.toLowerCase() === lower,
  );
}

function assertNameFree(
  modules: readonly TreeItem[],
  parentId: string | null,
  name: string,
  selfId?: string,
) {
  const clash = siblingNamed(modules, parentId, name, selfId);
  if (clash) throw conflict(`name: A module named ${clash.name} exists already at this level`);
}

export function caseModuleView(module: CaseModuleRecord, caseCount: number): CaseModule {
  return {
    id: module.moduleId,
    pmsProjectId: module.projectId,
    name: module.name,
    root_id: module.root_id,
    sort: module.sort,
    productModuleId: module.productModuleId,
    caseCount,
    version: module.version,
  };
}

/** Cases directly in each module. */
async function caseCounts(enterpriseId: string, projectId: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const c of await listTestcases(enterpriseId, projectId)) {
    if (c.moduleId) counts.set(c.moduleId, (counts.get(c.moduleId) ?? 0) + 1);
  }
  return counts;
}

/** The project's module tree with each module's case count. */
export async function caseModuleTree(enterpriseId: string, projectId: string): Promise<CaseModuleNode[]> {
  await requireProject(enterpriseId, projectId);
  const [modules, counts] = await Promise.all([
    db.listCaseModules(enterpriseId, projectId),
    caseCounts(enterpriseId, projectId),
  ]);
  // Tree order first: buildTree keeps the input order among siblings.
  return buildTree(treeOrder(modules).map((m) => caseModuleView(m, counts.get(m.moduleId) ?? 0)));
}

/**
 * Runs a tree write on a fresh read, again when another module write of the project went first
 * (the write's `'modules'` condition), a few times before giving up with 409.
 */
export async function withFreshTree<T>(
  enterpriseId: string,
  projectId: string,
  write: (tree: CaseModuleTree) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const tree = await db.readCaseModuleTree(enterpriseId, projectId);
    try {
      return await write(tree);
    } catch (error) {
      if (!(error instanceof ConditionFailedError && error.label === 'modules')) throw error;
      if (attempt >= 3) throw conflict('The module tree was changed by someone else; reload and try again');
    }
  }
}

/** A new module record (not written). */
export function newCaseModule(
  enterpriseId: string,
  projectId: string,
  fields: Pick<CaseModuleRecord, 'name' | 'root_id' | 'sort' | 'productModuleId'>,
  at: string,
): CaseModuleRecord {
  return {
    enterpriseId,
    projectId,
    moduleId: scopedId(projectId),
    ...fields,
    ...firstVersion(at),
  };
}

/** New modules go last among their siblings unless told otherwise. */
export const nextSort = (modules: readonly TreeItem[], parentId: string | null) =>
  Math.max(-1, ...modules.filter((m) => m.root_id === parentId).map((m) => m.sort)) + 1;

export async function createCaseModule(enterpriseId: string, body: CaseModuleBody): Promise<CaseModule> {
  const { projectId } = await requireProject(enterpriseId, body.pmsProjectId);
  const parentId = body.root_id ?? null;
  return withFreshTree(enterpriseId, projectId, async (tree) => {
    assertFitsUnder(depthRule(tree.modules), parentId, 1);
    assertNameFree(tree.modules, parentId, body.name);
    const module = newCaseModule(
      enterpriseId,
      projectId,
      {
        name: body.name,
        root_id: parentId,
        sort: body.sort ?? nextSort(tree.modules, parentId),
        productModuleId: null,
      },
      nowIso(),
    );
    await transact([
      projectCheckOp(enterpriseId, projectId),
      db.caseModuleSeqOp(enterpriseId, projectId, tree.seq),
      db.createCaseModuleOp(module),
    ]).catch((error) => rethrow(error, { project: () => projectNotFound(projectId) }));
    return caseModuleView(module, 0);
  });
}

/** The project must still exist when its module is written (`'project'`). */
function projectCheckOp(enterpriseId: string, projectId: string): TxOp {
  return { check: keys.project(enterpriseId, projectId), condition: conditions.exists, label: 'project' };
}

/** Maps labelled condition failures to errors, passing everything else (the `'modules'` retry) on. */
function rethrow(error: unknown, handlers: Record<string, () => Error>): never {
  if (error instanceof ConditionFailedError && handlers[error.label]) throw handlers[error.label]!();
  throw error;
}

/** The module named by a scoped id, from a tree read; 404 when it is not one of the project's. */
function moduleIn(tree: CaseModuleTree, moduleId: string): CaseModuleRecord {
  const module = tree.modules.find((m) => m.moduleId === moduleId);
  if (!module) throw caseModuleNotFound(moduleId);
  return module;
}

/** The project of a module id; 404 when the id is not a case module id. */
function projectOfModule(enterpriseId: string, moduleId: string): string {
  const at = db.caseModuleKeyOf(enterpriseId, moduleId);
  if (!at) throw caseModuleNotFound(moduleId);
  return at.projectId;
}

/** The changes a rename/move asks for, validated against the tree as read. */
function movedModule(
  modules: readonly CaseModuleRecord[],
  module: CaseModuleRecord,
  body: CaseModuleUpdateBody,
): CaseModuleRecord | null {
  const next = { ...module };
  if (body.name !== undefined) next.name = body.name;
  if (body.sort !== undefined) next.sort = body.sort;
  if (body.root_id !== undefined && body.root_id !== module.root_id) {
    if (body.root_id !== null && moduleAndDescendantIds(modules, module.moduleId).has(body.root_id)) {
      throw badRequest('root_id', 'A module cannot move under itself or one of its sub-modules');
    }
    assertFitsUnder(depthRule(modules), body.root_id, subtreeHeight(depthRule(modules), module.moduleId));
    next.root_id = body.root_id;
  }
  if (next.name === module.name && next.sort === module.sort && next.root_id === module.root_id) return null;
  assertNameFree(modules, next.root_id, next.name, module.moduleId);
  return next;
}

export async function updateCaseModule(
  enterpriseId: string,
  moduleId: string,
  body: CaseModuleUpdateBody,
): Promise<CaseModule> {
  const projectId = projectOfModule(enterpriseId, moduleId);
  const module = await withFreshTree(enterpriseId, projectId, async (tree) => {
    const module = moduleIn(tree, moduleId);
    const stale = () => staleVersion(`Module ${module.name}`);
    if (module.version !== body.version) throw stale();
    const next = movedModule(tree.modules, module, body);
    if (!next) return module;
    next.updatedAt = nowIso();
    next.version = module.version + 1;
    await transact([
      db.caseModuleSeqOp(enterpriseId, projectId, tree.seq),
      db.replaceCaseModuleOp(next, module.version),
    ]).catch((error) => rethrow(error, { [`stale:${moduleId}`]: stale }));
    return next;
  });
  const counts = await caseCounts(enterpriseId, projectId);
  return caseModuleView(module, counts.get(moduleId) ?? 0);
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Deletes a module that holds nothing: 409 while it has sub-modules or cases. (A case saved into
 * it at the very moment of the delete is refused: case writes check that their module exists.)
 */
export async function deleteCaseModule(enterpriseId: string, moduleId: string): Promise<void> {
  const projectId = projectOfModule(enterpriseId, moduleId);
  await withFreshTree(enterpriseId, projectId, async (tree) => {
    const module = moduleIn(tree, moduleId);
    const children = tree.modules.filter((m) => m.root_id === moduleId).length;
    if (children > 0) {
      throw conflict(
        `Module ${module.name} has ${plural(children, 'sub-module', 'sub-modules')}; delete or move them first`,
      );
    }
    const cases = (await caseCounts(enterpriseId, projectId)).get(moduleId) ?? 0;
    if (cases > 0) {
      throw conflict(
        `Module ${module.name} holds ${plural(cases, 'case', 'cases')}; move them to another module first`,
      );
    }
    await transact([
      db.caseModuleSeqOp(enterpriseId, projectId, tree.seq),
      db.deleteCaseModuleOp(module),
    ]).catch((error) => rethrow(error, { missing: () => caseModuleNotFound(moduleId) }));
  });
}

// ---- sync from the product's modules ---------------------------------------------------------

/** Module writes per transaction, leaving room for the sequence step. */
const SYNC_CHUNK = 90;

/** What syncing one product module does: create, change (rename, move, adopt) or nothing. */
interface SyncStep {
  op: TxOp | null;
  kind: keyof ModuleSyncResult;
}

/**
 * The case module a product module maps to: the one synced from it, else the project's own
 * module of the same name at the same place (adopted, so the sync never makes a duplicate name).
 */
function counterpart(
  modules: readonly CaseModuleRecord[],
  productModuleId: string,
  parentId: string | null,
  name: string,
): CaseModuleRecord | undefined {
  return (
    modules.find((m) => m.productModuleId === productModuleId) ??
    modules.find(
      (m) =>
        m.productModuleId === null && m.root_id === parentId && m.name.toLowerCase() === name.toLowerCase(),
    )
  );
}

function syncStep(
  enterpriseId: string,
  projectId: string,
  modules: CaseModuleRecord[],
  source: ModuleRecord,
  parentId: string | null,
  at: string,
): SyncStep {
  const existing = counterpart(modules, source.moduleId, parentId, source.name);
  if (!existing) {
    const created = newCaseModule(
      enterpriseId,
      projectId,
      { name: source.name, root_id: parentId, sort: source.sort, productModuleId: source.moduleId },
      at,
    );
    modules.push(created);
    return { op: db.createCaseModuleOp(created), kind: 'created' };
  }
  const same =
    existing.name === source.name &&
    existing.root_id === parentId &&
    existing.productModuleId === source.moduleId;
  if (same) return { op: null, kind: 'unchanged' };
  const next: CaseModuleRecord = {
    ...existing,
    name: source.name,
    root_id: parentId,
    productModuleId: source.moduleId,
    updatedAt: at,
    version: existing.version + 1,
  };
  modules.splice(modules.indexOf(existing), 1, next);
  return { op: db.replaceCaseModuleOp(next, existing.version), kind: 'updated' };
}

/**
 * Copies the product's module tree into the project: each product module gets a case module
 * (parent mapped to its parent's), or the one synced before is renamed and moved to match. The
 * project's own modules stay. Idempotent: a second run finds everything unchanged.
 */
export async function syncByProductModule(
  enterpriseId: string,
  projectId: string,
): Promise<ModuleSyncResult> {
  const project = await requireProject(enterpriseId, projectId);
  if (!project.productId) throw conflict(`Project ${project.name} is not linked to a product`);
  const productId = project.productId;
  const source = await listModuleRecords(enterpriseId, productId);
  const ordered = treeOrder(source);
  return withFreshTree(enterpriseId, projectId, async (tree) => {
    const modules = [...tree.modules];
    const result: ModuleSyncResult = { created: 0, updated: 0, unchanged: 0 };
    const at = nowIso();
    const ops: TxOp[] = [];
    const caseModuleOf = new Map<string, string>();
    for (const productModule of ordered) {
      const parentId =
        productModule.root_id === null ? null : (caseModuleOf.get(productModule.root_id) ?? null);
      const step = syncStep(enterpriseId, projectId, modules, productModule, parentId, at);
      result[step.kind] += 1;
      if (step.op) ops.push(step.op);
      caseModuleOf.set(
        productModule.moduleId,
        modules.find((m) => m.productModuleId === productModule.moduleId)!.moduleId,
      );
    }
    await writeInChunks(enterpriseId, projectId, tree.seq, ops);
    return result;
  });
}

/**
 * Writes module ops in transactions of at most SYNC_CHUNK, each stepping the tree's sequence.
 * Parents come before children in the list, so every chunk's parents exist when it is written.
 */
async function writeInChunks(enterpriseId: string, projectId: string, seq: number, ops: readonly TxOp[]) {
  for (let i = 0, seen = seq; i < ops.length; i += SYNC_CHUNK, seen += 1) {
    const part = ops.slice(i, i + SYNC_CHUNK);
    try {
      await transact([db.caseModuleSeqOp(enterpriseId, projectId, seen), ...part]);
    } catch (error) {
      // Before anything is written the whole sync runs again on a fresh read (withFreshTree).
      const retry = i === 0 && error instanceof ConditionFailedError && error.label === 'modules';
      if (retry || !(error instanceof ConditionFailedError)) throw error;
      throw conflict('The module tree was changed by someone else during the sync; run it again');
    }
  }
}

// ---- module paths (spreadsheet uploads) --------------------------------------------------------

/** A module path's key: its names, lower-cased, top first. */
export const pathKey = (names: readonly string[]) => names.map((n) => n.toLowerCase()).join('\u0000');

/**
 * The module of each path (names from the top, at most MAX_MODULE_DEPTH), creating the modules
 * the project lacks; names match ignoring case. Answers the ids by pathKey and how many were made.
 */
export async function ensureModulePaths(
  enterpriseId: string,
  projectId: string,
  paths: readonly (readonly string[])[],
): Promise<{ idOf: Map<string, string>; created: number }> {
  if (paths.length === 0) return { idOf: new Map(), created: 0 };
  return withFreshTree(enterpriseId, projectId, async (tree) => {
    const modules = [...tree.modules];
    const idOf = new Map<string, string>();
    const ops: TxOp[] = [];
    const at = nowIso();
    for (const path of paths) {
      let parentId: string | null = null;
      for (const [depth, name] of path.entries()) {
        let module: CaseModuleRecord | undefined = siblingNamed(modules, parentId, name);
        if (!module) {
          const fields = {
            name,
            root_id: parentId,
            sort: nextSort(modules, parentId),
            productModuleId: null,
          };
          module = newCaseModule(enterpriseId, projectId, fields, at);
          modules.push(module);
          ops.push(db.createCaseModuleOp(module));
        }
        parentId = module.moduleId;
        idOf.set(pathKey(path.slice(0, depth + 1)), module.moduleId);
      }
    }
    await writeInChunks(enterpriseId, projectId, tree.seq, ops);
    return { idOf, created: ops.length };
  });
}
