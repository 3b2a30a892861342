/** Items that form a hierarchy through `root_id` (the parent id; empty, 0 or missing at the top). */
export interface TreeSource {
  id: string | number;
  root_id?: string | number | null;
}

export type TreeNode<T> = T & { children: TreeNode<T>[] };

function isTop(rootId: TreeSource['root_id'], ids: Set<string>): boolean {
  return rootId == null || rootId === '' || rootId === 0 || rootId === '0' || !ids.has(String(rootId));
}

/**
 * Builds a forest from flat items (spec section 3). Items whose parent is missing become roots, so
 * nothing is dropped; input order is kept among siblings.
 */
export function buildTree<T extends TreeSource>(items: readonly T[]): TreeNode<T>[] {
  const ids = new Set(items.map((item) => String(item.id)));
  const nodes = new Map<string, TreeNode<T>>();
  for (const item of items) nodes.set(String(item.id), { ...item, children: [] });
  const roots: TreeNode<T>[] = [];
  for (const item of items) {
    const node = nodes.get(String(item.id))!;
    if (isTop(item.root_id, ids)) roots.push(node);
    else nodes.get(String(item.root_id))!.children.push(node);
  }
  return roots;
}
