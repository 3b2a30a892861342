/**
 * Pure helpers over a module tree (`treeList`): flattening with depth and path, the places a
 * module may move to, and what is allowed at a depth. A product's modules and a project's case
 * modules follow the same rules, so the helpers take any node with those fields. The server
 * checks the same rules (no cycles, at most MAX_MODULE_DEPTH levels); these keep the pickers
 * from offering what it would refuse.
 */
import { MAX_MODULE_DEPTH } from '@shared/domain/products';
import type { ProductModuleNode } from '@shared/schemas/products';

/** What the helpers read of a module node: product modules and case modules both have it. */
export interface TreeModule<N> {
  id: string;
  name: string;
  root_id: string | null;
  sort: number;
  children: N[];
}

export interface FlatModule<N extends TreeModule<N> = ProductModuleNode> {
  module: N;
  /** 1 at the top level. */
  depth: number;
  /** Names from the top down to the module itself. */
  path: string[];
}

/** The value of the "top level" choice in a move picker (module ids are never empty). */
export const TOP_LEVEL = '';

/** Every module, parents before children, in the tree's order. */
export function flattenModules<N extends TreeModule<N>>(
  nodes: readonly N[],
  depth = 1,
  path: string[] = [],
): FlatModule<N>[] {
  return nodes.flatMap((module) => {
    const own = [...path, module.name];
    return [{ module, depth, path: own }, ...flattenModules<N>(module.children, depth + 1, own)];
  });
}

export function findModule<N extends TreeModule<N>>(
  nodes: readonly N[],
  id: string,
): FlatModule<N> | undefined {
  return flattenModules(nodes).find((entry) => entry.module.id === id);
}

/** Levels in a module's subtree: 1 for a module without sub-modules. */
export function subtreeHeight<N extends TreeModule<N>>(node: N): number {
  return 1 + Math.max(0, ...node.children.map((child) => subtreeHeight(child)));
}

/** The ids of a module's ancestors, top first (empty for a top-level or unknown module). */
export function ancestorIds<N extends TreeModule<N>>(nodes: readonly N[], id: string): string[] {
  for (const node of nodes) {
    if (node.id === id) return [];
    const below = ancestorIds(node.children, id);
    if (below.length > 0 || node.children.some((child) => child.id === id)) return [node.id, ...below];
  }
  return [];
}

/** A module at `depth` may take sub-modules while they stay within MAX_MODULE_DEPTH levels. */
export function canAddChild(depth: number): boolean {
  return depth < MAX_MODULE_DEPTH;
}

export interface MoveTarget {
  /** A module id, or TOP_LEVEL. */
  value: string;
  label: string;
}

/**
 * Where module `id` may go: the top level (unless it is there) and every module that is not
 * itself, one of its descendants or its current parent, and deep enough room for its subtree.
 */
export function moveTargets<N extends TreeModule<N>>(nodes: readonly N[], id: string): MoveTarget[] {
  const moving = findModule(nodes, id);
  if (!moving) return [];
  const height = subtreeHeight(moving.module);
  const inside = new Set(flattenModules<N>([moving.module]).map((entry) => entry.module.id));
  const targets: MoveTarget[] = [];
  if (moving.module.root_id !== null) targets.push({ value: TOP_LEVEL, label: 'Top level' });
  for (const entry of flattenModules(nodes)) {
    if (inside.has(entry.module.id) || entry.module.id === moving.module.root_id) continue;
    if (entry.depth + height > MAX_MODULE_DEPTH) continue;
    targets.push({ value: entry.module.id, label: entry.path.join(' / ') });
  }
  return targets;
}

/** The largest `sort` the API takes. */
const MAX_SORT = 100_000;

/** The sort that puts a module last among `parentId`'s children (the top level for TOP_LEVEL). */
export function sortAfterLast<N extends TreeModule<N>>(nodes: readonly N[], parentId: string): number {
  const siblings = parentId === TOP_LEVEL ? nodes : (findModule(nodes, parentId)?.module.children ?? []);
  if (siblings.length === 0) return 0;
  return Math.min(MAX_SORT, Math.max(...siblings.map((s) => s.sort)) + 1);
}
