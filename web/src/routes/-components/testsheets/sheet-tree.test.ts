import type { SheetNode } from '@shared/schemas/testruns';
import { describe, expect, it } from 'vitest';
import { makeSheet } from './sheet-fixtures';
import { canAddSubSheet, flattenSheets, parentOptions, sheetAncestorIds } from './sheet-tree';

function node(id: string, name: string, rootId: string | null, children: SheetNode[] = []): SheetNode {
  return { ...makeSheet({ id, name, root_id: rootId }), children };
}

// Release > (Web > Checkout, App); Smoke. A chain of five under Deep.
const tree: SheetNode[] = [
  node('p1.1', 'Release', null, [
    node('p1.2', 'Web', 'p1.1', [node('p1.3', 'Checkout', 'p1.2')]),
    node('p1.4', 'App', 'p1.1'),
  ]),
  node('p1.5', 'Smoke', null),
  node('p1.6', 'L1', null, [
    node('p1.7', 'L2', 'p1.6', [
      node('p1.8', 'L3', 'p1.7', [node('p1.9', 'L4', 'p1.8', [node('p1.10', 'L5', 'p1.9')])]),
    ]),
  ]),
];

describe('sheet tree', () => {
  it('flattens parents first, with depth and path', () => {
    expect(
      flattenSheets(tree)
        .slice(0, 4)
        .map((entry) => [entry.path.join('/'), entry.depth]),
    ).toEqual([
      ['Release', 1],
      ['Release/Web', 2],
      ['Release/Web/Checkout', 3],
      ['Release/App', 2],
    ]);
  });

  it('finds the ancestors, top first', () => {
    expect(sheetAncestorIds(tree, 'p1.3')).toEqual(['p1.1', 'p1.2']);
    expect(sheetAncestorIds(tree, 'p1.5')).toEqual([]);
    expect(sheetAncestorIds(tree, 'missing')).toEqual([]);
  });

  it('offers every sheet with room below as the parent of a new sheet', () => {
    const values = parentOptions(tree).map((option) => option.value);
    // L5 is at the fifth level: nothing may go under it.
    expect(values).not.toContain('p1.10');
    expect(values).toContain('p1.9');
    expect(parentOptions(tree).find((option) => option.value === 'p1.3')?.label).toBe(
      'Release / Web / Checkout',
    );
  });

  it('never offers a sheet itself, its descendants, or a parent too deep for its subtree', () => {
    const values = parentOptions(tree, 'p1.2').map((option) => option.value);
    expect(values).not.toContain('p1.2');
    expect(values).not.toContain('p1.3');
    // Web has two levels: under L4 (level 4) it would reach level 6.
    expect(values).not.toContain('p1.9');
    expect(values).toContain('p1.8');
    expect(values).toContain('p1.5');
  });

  it('allows sub-sheets down to the fifth level', () => {
    expect(canAddSubSheet(4)).toBe(true);
    expect(canAddSubSheet(5)).toBe(false);
  });
});
