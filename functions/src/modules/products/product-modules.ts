/**
 * A product's module tree: list (flat, parents before children), tree, create, rename/move and
 * delete. At most MAX_MODULE_DEPTH levels, names unique among siblings (ignoring case), and a
 * module never moves under itself. These rules read the whole tree, so each write is validated
 * on a fresh read and conditioned on the tree not having changed since
 * (modules/products/store/product-modules.ts).
 */

import { firstVersion, nowIso } from '@core/clock';
import { SK } from '@core/db/keys';
import { ConditionFailedError, onConditionFailed } from '@core/db/operations';
import { badRequest, conflict, notFound, staleVersion } from '@core/errors';
import { scopedId } from '@core/ids';
import { assertFitsUnder, type HandBuiltTree, subtreeHeight } from '@core/tree-depth';
import { MAX_MODULE_DEPTH } from '@shared/domain/products';
import type {
  ModuleBody,
  ModuleUpdateBody,
  ProductModule,
  ProductModuleNode,
} from '@shared/schemas/products';
import { buildTree } from '@shared/tree';
import { productNotFound, requireProduct, splitProductScopedId } from './access';
import type { ModuleChanges, ModuleRecord, ModuleTree } from './store/product-modules';
import * as db from './store/product-modules';
import { moduleView } from './views';

type TreeItem = Pick<ProductModule, 'id' | 'root_id' | 'sort' | 'name'>;

const moduleNotFound = (moduleId: string) => notFound(`Module ${moduleId} does not exist`);
const bySortThenName = (a: TreeItem, b: TreeItem) =>
  a.sort - b.sort || a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

/** Depth-first order, siblings by sort then name; a module whose parent is gone counts as top-level. */
function treeOrder<T extends TreeItem>(modules: readonly T[]): T[] {
  const ids = new Set(modules.map((m) => m.id));
  const childrenOf = new Map<string | null, T[]>();
  for (const module of modules) {
    const parent = module.root_id !== null && ids.has(module.root_id) ? module.root_id : null;
    const siblings = childrenOf.get(parent) ?? [];
    siblings.push(module);
    childrenOf.set(parent, siblings);
  }
  const out: T[] = [];
  const visit = (parent: string | null) => {
    for (const child of (childrenOf.get(parent) ?? []).sort(bySortThenName)) {
      out.push(child);
      visit(child.id);
    }
  };
  visit(null);
  return out;
}

/**
 * The product's modules, flat, parents before children. Does not check the product: callers
 * resolve it first (requireProduct), as the routes do.
 */
export async function listModules(enterpriseId: string, productId: string): Promise<ProductModule[]> {
  return treeOrder((await db.listModuleRecords(enterpriseId, productId)).map(moduleView));
}

/** The module and all modules below it (for "in this module" filters and for cycle checks). */
export function moduleAndDescendantIds(modules: readonly TreeItem[], moduleId: string): Set<string> {
  const found = new Set([moduleId]);
  // Parents come before children in tree order, so one pass collects the whole subtree.
  for (const module of treeOrder(modules)) {
    if (module.root_id !== null && found.has(module.root_id)) found.add(module.id);
  }
  return found;
}

export async function moduleList(enterpriseId: string, productId: string): Promise<ProductModule[]> {
  await requireProduct(enterpriseId, productId);
  return listModules(enterpriseId, productId);
}

export async function moduleTree(enterpriseId: string, productId: string): Promise<ProductModuleNode[]> {
  return buildTree(await moduleList(enterpriseId, productId));
}

/** The product's module tree under the depth rule. */
const depthRule = (modules: readonly TreeItem[]): HandBuiltTree<TreeItem> => ({
  nodes: modules,
  idOf: (m) => m.id,
  maxDepth: MAX_MODULE_DEPTH,
  noun: 'Module',
  where: 'this product',
});

/** 409 when a sibling under `parentId` (other than `selfId`) has the name, ignoring case. */
function assertNameFree(
  modules: readonly TreeItem[],
  parentId: string | null,
  name: string,
  selfId?: string,
) {
  const clash = modules.find(
    (m) => m.root_id === parentId && m.id !== selfId && m.name.toLowerCase() === name.toLowerCase(),
  );
  if (clash) throw conflict(`name: A module named ${clash.name} exists already at this level`);
}

/**
 * Runs a tree write on a fresh read, again when another module write of the product went first
 * (the write's `'modules'` condition), a few times before giving up with 409.
 */
async function withFreshTree<T>(
  enterpriseId: string,
  productId: string,
  write: (tree: ModuleTree, views: ProductModule[]) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const tree = await db.readModuleTree(enterpriseId, productId);
    try {
      return await write(tree, tree.modules.map(moduleView));
    } catch (error) {
      if (!(error instanceof ConditionFailedError && error.label === 'modules')) throw error;
      if (attempt >= 3) throw conflict('The module tree was changed by someone else; reload and try again');
    }
  }
}

export async function createModule(enterpriseId: string, body: ModuleBody): Promise<ProductModule> {
  const { productId } = await requireProduct(enterpriseId, body.productId);
  const parentId = body.root_id ?? null;
  return withFreshTree(enterpriseId, productId, async (tree, modules) => {
    assertFitsUnder(depthRule(modules), parentId, 1);
    assertNameFree(modules, parentId, body.name);
    const siblings = modules.filter((m) => m.root_id === parentId);
    const now = nowIso();
    const module: ModuleRecord = {
      enterpriseId,
      productId,
      moduleId: scopedId(productId),
      name: body.name,
      root_id: parentId,
      // New modules go last among their siblings unless told otherwise.
      sort: body.sort ?? Math.max(-1, ...siblings.map((m) => m.sort)) + 1,
      ...firstVersion(now),
    };
    await onConditionFailed(db.createModule(module, tree.seq), {
      product: () => productNotFound(productId),
    });
    return moduleView(module);
  });
}

/** The changes a rename/move asks for, validated against the tree as read. */
function moduleChanges(
  modules: readonly TreeItem[],
  module: ModuleRecord,
  body: ModuleUpdateBody,
): ModuleChanges {
  const changes: ModuleChanges = {};
  if (body.name !== undefined && body.name !== module.name) changes.name = body.name;
  if (body.sort !== undefined && body.sort !== module.sort) changes.sort = body.sort;
  if (body.root_id !== undefined && body.root_id !== module.root_id) {
    if (body.root_id !== null && moduleAndDescendantIds(modules, module.moduleId).has(body.root_id)) {
      throw badRequest('root_id', 'A module cannot move under itself or one of its sub-modules');
    }
    assertFitsUnder(depthRule(modules), body.root_id, subtreeHeight(depthRule(modules), module.moduleId));
    changes.root_id = body.root_id;
  }
  if (changes.name !== undefined || changes.root_id !== undefined) {
    const next = { ...module, ...changes };
    assertNameFree(modules, next.root_id, next.name, module.moduleId);
  }
  return changes;
}

export async function updateModule(enterpriseId: string, body: ModuleUpdateBody): Promise<ProductModule> {
  const { productId } = splitProductScopedId(body.id, 'Module');
  return withFreshTree(enterpriseId, productId, async (tree, modules) => {
    const module = tree.modules.find((m) => m.moduleId === body.id);
    if (!module) throw moduleNotFound(body.id);
    const stale = () => staleVersion(`Module ${module.name}`);
    if (module.version !== body.version) throw stale();
    const changes = moduleChanges(modules, module, body);
    if (Object.keys(changes).length === 0) return moduleView(module);
    const updated = await onConditionFailed(db.updateModule(module, changes, nowIso(), tree.seq), { stale });
    return moduleView(updated);
  });
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Deletes a module that holds nothing: 409 while it has sub-modules, user requirements or specs.
 * (A requirement filed into it at the very moment of the delete keeps a module id that no longer
 * resolves; lists then show it without a module.)
 */
export async function deleteModule(enterpriseId: string, moduleId: string): Promise<void> {
  const { productId } = splitProductScopedId(moduleId, 'Module');
  await withFreshTree(enterpriseId, productId, async (tree) => {
    const module = tree.modules.find((m) => m.moduleId === moduleId);
    if (!module) throw moduleNotFound(moduleId);
    const children = tree.modules.filter((m) => m.root_id === moduleId).length;
    if (children > 0) {
      throw conflict(
        `Module ${module.name} has ${plural(children, 'sub-module', 'sub-modules')}; delete or move them first`,
      );
    }
    const [requirements, specs] = await Promise.all([
      db.countInModule(enterpriseId, productId, SK.userRequirementPrefix, moduleId),
      db.countInModule(enterpriseId, productId, SK.specPrefix, moduleId),
    ]);
    if (requirements + specs > 0) {
      throw conflict(
        `Module ${module.name} holds ${plural(requirements, 'user requirement', 'user requirements')} and ${plural(specs, 'spec', 'specs')}; move them to another module first`,
      );
    }
    await onConditionFailed(db.deleteModule(module, tree.seq), { missing: () => moduleNotFound(moduleId) });
  });
}
