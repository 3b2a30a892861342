/**
 * The depth rule of the trees people build by hand (product modules, case modules, test sheets):
 * a node goes under a parent only when the parent is in the tree and the node's subtree still
 * fits within the tree's levels. Each tree names its nodes its own way, hence `idOf`.
 */
import { badRequest } from './errors';

/** A node of such a tree: `root_id` is its parent, null at the top. */
interface TreeNode {
  root_id: string | null;
}

/** One tree and how its refusals name things: "Module x does not exist in this product". */
export interface HandBuiltTree<T extends TreeNode> {
  nodes: readonly T[];
  idOf: (node: T) => string;
  maxDepth: number;
  /** What a node is called, capitalised: `Module`, `Sheet`. */
  noun: string;
  /** Whose tree it is: `this product`. */
  where: string;
}

/** Levels of the subtree under `id`, itself included (a leaf is 1). */
export function subtreeHeight<T extends TreeNode>(
  tree: Pick<HandBuiltTree<T>, 'nodes' | 'idOf'>,
  id: string,
): number {
  const below = tree.nodes.filter((n) => n.root_id === id);
  return 1 + Math.max(0, ...below.map((n) => subtreeHeight(tree, tree.idOf(n))));
}

/** Levels from the top down to `id` (a top-level node is 1; null, the top, is 0); past the most, it stops. */
function depthOf<T extends TreeNode>(tree: HandBuiltTree<T>, id: string | null): number {
  const byId = new Map(tree.nodes.map((n) => [tree.idOf(n), n]));
  let depth = 0;
  // Bounded, so that a cycle left by a bad write cannot loop forever.
  for (let at = id; at !== null && byId.has(at) && depth <= tree.maxDepth; at = byId.get(at)!.root_id)
    depth += 1;
  return depth;
}

/** 400 naming `root_id` unless `parentId` is in the tree (or null, the top) and `levels` more fit below it. */
export function assertFitsUnder<T extends TreeNode>(
  tree: HandBuiltTree<T>,
  parentId: string | null,
  levels: number,
): void {
  if (parentId !== null && !tree.nodes.some((n) => tree.idOf(n) === parentId)) {
    throw badRequest('root_id', `${tree.noun} ${parentId} does not exist in ${tree.where}`);
  }
  if (depthOf(tree, parentId) + levels > tree.maxDepth) {
    throw badRequest('root_id', `${tree.noun}s may be at most ${tree.maxDepth} levels deep`);
  }
}
