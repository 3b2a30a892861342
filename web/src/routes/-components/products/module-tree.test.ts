import type { ProductModuleNode } from '@shared/schemas/products';
import { describe, expect, it } from 'vitest';
import {
  ancestorIds,
  canAddChild,
  findModule,
  flattenModules,
  moveTargets,
  sortAfterLast,
  subtreeHeight,
  TOP_LEVEL,
} from './module-tree';

function node(
  id: string,
  name: string,
  root_id: string | null,
  children: ProductModuleNode[] = [],
  sort = 0,
) {
  return { id, productId: 'p', name, root_id, sort, version: 1, children };
}

/**
 * Web            (p.1)
 *   Checkout     (p.2)
 *     Payments   (p.3)
 *       Cards    (p.4)
 *         Refund (p.5)   <- depth 5, the deepest allowed
 *   Search       (p.6)
 * Mobile         (p.7)
 */
const tree: ProductModuleNode[] = [
  node('p.1', 'Web', null, [
    node('p.2', 'Checkout', 'p.1', [
      node('p.3', 'Payments', 'p.2', [node('p.4', 'Cards', 'p.3', [node('p.5', 'Refund', 'p.4')])]),
    ]),
    node('p.6', 'Search', 'p.1', [], 4),
  ]),
  node('p.7', 'Mobile', null, [], 2),
];

describe('module tree helpers', () => {
  it('flattens parents before children, with depth and path', () => {
    const flat = flattenModules(tree);
    expect(flat.map((entry) => [entry.module.id, entry.depth])).toEqual([
      ['p.1', 1],
      ['p.2', 2],
      ['p.3', 3],
      ['p.4', 4],
      ['p.5', 5],
      ['p.6', 2],
      ['p.7', 1],
    ]);
    expect(findModule(tree, 'p.4')?.path).toEqual(['Web', 'Checkout', 'Payments', 'Cards']);
    expect(findModule(tree, 'nope')).toBeUndefined();
  });

  it('measures subtrees and finds ancestors', () => {
    expect(subtreeHeight(tree[0]!)).toBe(5);
    expect(subtreeHeight(tree[1]!)).toBe(1);
    expect(ancestorIds(tree, 'p.5')).toEqual(['p.1', 'p.2', 'p.3', 'p.4']);
    expect(ancestorIds(tree, 'p.6')).toEqual(['p.1']);
    expect(ancestorIds(tree, 'p.7')).toEqual([]);
    expect(ancestorIds(tree, 'nope')).toEqual([]);
  });

  it('allows sub-modules down to five levels', () => {
    expect(canAddChild(4)).toBe(true);
    expect(canAddChild(5)).toBe(false);
  });

  it('offers neither the module, its descendants nor its parent as a new place', () => {
    // Checkout's subtree is 4 levels deep: it fits only at the top or under a top-level module.
    expect(moveTargets(tree, 'p.2')).toEqual([
      { value: TOP_LEVEL, label: 'Top level' },
      { value: 'p.7', label: 'Mobile' },
    ]);
  });

  it('leaves out places too deep for the subtree, and the top level for a top-level module', () => {
    expect(moveTargets(tree, 'p.7').map((t) => t.value)).toEqual(['p.1', 'p.2', 'p.3', 'p.4', 'p.6']);
    expect(moveTargets(tree, 'p.4').map((t) => t.label)).toEqual([
      'Top level',
      'Web',
      'Web / Checkout',
      'Web / Search',
      'Mobile',
    ]);
    expect(moveTargets(tree, 'nope')).toEqual([]);
  });

  it('puts a moved module after its new siblings', () => {
    expect(sortAfterLast(tree, TOP_LEVEL)).toBe(3);
    expect(sortAfterLast(tree, 'p.1')).toBe(5);
    expect(sortAfterLast(tree, 'p.5')).toBe(0);
  });
});
