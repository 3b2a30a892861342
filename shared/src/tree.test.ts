import { describe, expect, it } from 'vitest';
import { buildTree } from './tree';

describe('buildTree', () => {
  it('nests items under their root_id, keeping input order among siblings', () => {
    const tree = buildTree([
      { id: 1, root_id: 0, name: 'a' },
      { id: 2, root_id: 1, name: 'a.1' },
      { id: 3, root_id: 1, name: 'a.2' },
      { id: 4, root_id: 2, name: 'a.1.i' },
      { id: 5, name: 'b' },
    ]);
    expect(tree.map((n) => n.name)).toEqual(['a', 'b']);
    expect(tree[0]?.children.map((n) => n.name)).toEqual(['a.1', 'a.2']);
    expect(tree[0]?.children[0]?.children.map((n) => n.name)).toEqual(['a.1.i']);
    expect(tree[1]?.children).toEqual([]);
  });

  it('treats empty, zero, null and "0" parents as top level', () => {
    const tree = buildTree([
      { id: 'a', root_id: '' },
      { id: 'b', root_id: null },
      { id: 'c', root_id: '0' },
      { id: 'd', root_id: 0 },
    ]);
    expect(tree.map((n) => n.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('keeps items whose parent is missing, as roots', () => {
    const tree = buildTree([{ id: 'x', root_id: 'gone' }]);
    expect(tree.map((n) => n.id)).toEqual(['x']);
  });

  it('matches ids across number and string', () => {
    const tree = buildTree([
      { id: 1, root_id: 0 },
      { id: '2', root_id: '1' },
    ]);
    expect(tree[0]?.children.map((n) => n.id)).toEqual(['2']);
  });

  it('does not modify its input', () => {
    const items = [{ id: 1 }, { id: 2, root_id: 1 }];
    buildTree(items);
    expect(items).toEqual([{ id: 1 }, { id: 2, root_id: 1 }]);
  });
});
