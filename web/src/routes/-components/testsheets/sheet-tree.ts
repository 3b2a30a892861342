/**
 * Pure helpers over the sheet tree (`treeList`): flattening with depth and path, and the parents a
 * sheet may take. The server refuses the same things (a cycle, more than MAX_SHEET_DEPTH levels);
 * these keep the form from offering them.
 */
import type { SheetNode } from '@shared/schemas/testruns';

/** Sheets nest at most five levels, as case and product modules do. */
export const MAX_SHEET_DEPTH = 5;

export interface FlatSheet {
  sheet: SheetNode;
  /** 1 at the top level. */
  depth: number;
  /** Names from the top down to the sheet itself. */
  path: string[];
}

/** Every sheet, parents before children, in the tree's order. */
export function flattenSheets(nodes: readonly SheetNode[], depth = 1, path: string[] = []): FlatSheet[] {
  return nodes.flatMap((sheet) => {
    const own = [...path, sheet.name];
    return [{ sheet, depth, path: own }, ...flattenSheets(sheet.children, depth + 1, own)];
  });
}

export function findSheet(nodes: readonly SheetNode[], id: string): FlatSheet | undefined {
  return flattenSheets(nodes).find((entry) => entry.sheet.id === id);
}

/** The ids of a sheet's ancestors, top first (empty for a top-level or unknown sheet). */
export function sheetAncestorIds(nodes: readonly SheetNode[], id: string): string[] {
  const entry = findSheet(nodes, id);
  if (!entry) return [];
  const ids: string[] = [];
  let parent = entry.sheet.root_id;
  while (parent) {
    ids.unshift(parent);
    parent = findSheet(nodes, parent)?.sheet.root_id ?? null;
  }
  return ids;
}

function subtreeHeight(node: SheetNode): number {
  return 1 + Math.max(0, ...node.children.map(subtreeHeight));
}

export interface ParentOption {
  value: string;
  label: string;
}

/**
 * The sheets that may be the parent of `movingId` (absent for a new sheet): not itself or one of
 * its descendants, and with room below for its subtree.
 */
export function parentOptions(nodes: readonly SheetNode[], movingId?: string): ParentOption[] {
  const moving = movingId ? findSheet(nodes, movingId) : undefined;
  const height = moving ? subtreeHeight(moving.sheet) : 1;
  const inside = new Set(moving ? flattenSheets([moving.sheet]).map((entry) => entry.sheet.id) : []);
  return flattenSheets(nodes)
    .filter((entry) => !inside.has(entry.sheet.id) && entry.depth + height <= MAX_SHEET_DEPTH)
    .map((entry) => ({ value: entry.sheet.id, label: entry.path.join(' / ') }));
}

/** A sheet at `depth` may take sub-sheets while they stay within MAX_SHEET_DEPTH levels. */
export function canAddSubSheet(depth: number): boolean {
  return depth < MAX_SHEET_DEPTH;
}
