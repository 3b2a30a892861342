/**
 * Pure helpers over a project's case-module tree (`pmsProjectTestcaseModule/treeList`): flattening
 * with depth and path, the places a module may move to, and what is allowed at a depth. The server
 * checks the same rules (no cycles, at most MAX_MODULE_DEPTH levels); these keep the pickers from
 * offering what it would refuse.
 */
import { MAX_MODULE_DEPTH } from '@shared/domain/products';
import type { CaseModuleNode } from '@shared/schemas/testcases';

export interface FlatCaseModule {
  module: CaseModuleNode;
  /** 1 at the top level. */
  depth: number;
  /** Names from the top down to the module itself. */
  path: string[];
}

/** The value of the "top level" choice in a move picker (module ids are never empty). */
export const TOP_LEVEL = '';
/** The list filter for cases without a module (the list call's `moduleId=none`). */
export const NO_MODULE = 'none';

/** Every module, parents before children, in the tree's order. */
export function flattenCaseModules(
  nodes: readonly CaseModuleNode[],
  depth = 1,
  path: string[] = [],
): FlatCaseModule[] {
  return nodes.flatMap((module) => {
    const own = [...path, module.name];
    return [{ module, depth, path: own }, ...flattenCaseModules(module.children, depth + 1, own)];
  });
}

export function findCaseModule(nodes: readonly CaseModuleNode[], id: string): FlatCaseModule | undefined {
  return flattenCaseModules(nodes).find((entry) => entry.module.id === id);
}

/** The module as a path (`Web / Checkout`), for pickers and messages. */
export function modulePath(nodes: readonly CaseModuleNode[], id: string | null): string {
  if (!id) return '';
  return findCaseModule(nodes, id)?.path.join(' / ') ?? '';
}

/** Every module as a picker option labelled with its path. */
export function moduleOptions(nodes: readonly CaseModuleNode[]): { value: string; label: string }[] {
  return flattenCaseModules(nodes).map((entry) => ({
    value: entry.module.id,
    label: entry.path.join(' / '),
  }));
}

/** Cases in a module and all its sub-modules. */
export function totalCases(node: CaseModuleNode): number {
  return node.caseCount + node.children.reduce((sum, child) => sum + totalCases(child), 0);
}

/** Levels in a module's subtree: 1 for a module without sub-modules. */
export function subtreeHeight(node: CaseModuleNode): number {
  return 1 + Math.max(0, ...node.children.map(subtreeHeight));
}

/** The ids of a module's ancestors, top first (empty for a top-level or unknown module). */
export function ancestorIds(nodes: readonly CaseModuleNode[], id: string): string[] {
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

/**
 * Where module `id` may go: the top level (unless it is there) and every module that is not
 * itself, one of its descendants or its current parent, with room for its subtree's depth.
 */
export function moveTargets(
  nodes: readonly CaseModuleNode[],
  id: string,
): { value: string; label: string }[] {
  const moving = findCaseModule(nodes, id);
  if (!moving) return [];
  const height = subtreeHeight(moving.module);
  const inside = new Set(flattenCaseModules([moving.module]).map((entry) => entry.module.id));
  const targets: { value: string; label: string }[] = [];
  if (moving.module.root_id !== null) targets.push({ value: TOP_LEVEL, label: 'Top level' });
  for (const entry of flattenCaseModules(nodes)) {
    if (inside.has(entry.module.id) || entry.module.id === moving.module.root_id) continue;
    if (entry.depth + height > MAX_MODULE_DEPTH) continue;
    targets.push({ value: entry.module.id, label: entry.path.join(' / ') });
  }
  return targets;
}

/** The largest `sort` the API takes. */
const MAX_SORT = 100_000;

/** The sort that puts a module last among `parentId`'s children (the top level for TOP_LEVEL). */
export function sortAfterLast(nodes: readonly CaseModuleNode[], parentId: string): number {
  const siblings = parentId === TOP_LEVEL ? nodes : (findCaseModule(nodes, parentId)?.module.children ?? []);
  if (siblings.length === 0) return 0;
  return Math.min(MAX_SORT, Math.max(...siblings.map((s) => s.sort)) + 1);
}
