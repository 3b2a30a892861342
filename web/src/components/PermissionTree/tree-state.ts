import type { MenuNode } from '@shared/permissions/catalogue';

/** The permission of a leaf (its id when the server left `perms` out). */
export function leafKey(node: MenuNode): string {
  return node.perms ?? node.id;
}

function isLeaf(node: MenuNode): boolean {
  return !node.children || node.children.length === 0;
}

/** Every leaf permission under the nodes, in menu order. */
export function leavesOf(nodes: readonly MenuNode[]): string[] {
  return nodes.flatMap((node) => (isLeaf(node) ? [leafKey(node)] : leavesOf(node.children ?? [])));
}

export type CheckState = 'all' | 'some' | 'none';

/** A group is checked when all its leaves are, indeterminate when some are. */
export function groupState(node: MenuNode, selected: ReadonlySet<string>): CheckState {
  const leaves = leavesOf([node]);
  const held = leaves.filter((leaf) => selected.has(leaf)).length;
  if (held === 0) return 'none';
  return held === leaves.length ? 'all' : 'some';
}

/** Checks or unchecks a node (a leaf, or every leaf of a group); the result keeps menu order. */
export function toggleNode(
  menus: readonly MenuNode[],
  value: readonly string[],
  node: MenuNode,
  checked: boolean,
): string[] {
  const selected = new Set(value);
  for (const leaf of leavesOf([node])) {
    if (checked) selected.add(leaf);
    else selected.delete(leaf);
  }
  const ordered = leavesOf(menus).filter((leaf) => selected.has(leaf));
  // Keep anything the tree does not know (it is the server's to judge), after the known ones.
  const unknown = value.filter((perm) => selected.has(perm) && !ordered.includes(perm));
  return [...ordered, ...unknown];
}
