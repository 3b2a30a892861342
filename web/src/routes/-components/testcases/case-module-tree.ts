/**
 * A project's case-module tree (`pmsProjectTestcaseModule/treeList`) follows the rules of a
 * product's module tree, so the flattening, move and depth helpers are those of
 * products/module-tree.ts; this adds what only cases have (the "no module" filter, case counts).
 */
import type { CaseModuleNode } from '@shared/schemas/testcases';
import { type FlatModule, findModule, flattenModules } from '../products/module-tree';

export {
  ancestorIds,
  canAddChild,
  moveTargets,
  sortAfterLast,
  subtreeHeight,
  TOP_LEVEL,
} from '../products/module-tree';

export type FlatCaseModule = FlatModule<CaseModuleNode>;

/** The list filter for cases without a module (the list call's `moduleId=none`). */
export const NO_MODULE = 'none';

/** Every module, parents before children, in the tree's order. */
export const flattenCaseModules = (nodes: readonly CaseModuleNode[]): FlatCaseModule[] =>
  flattenModules(nodes);

export const findCaseModule = (nodes: readonly CaseModuleNode[], id: string): FlatCaseModule | undefined =>
  findModule(nodes, id);

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
