import type { MenuNode } from '@shared/permissions/catalogue';
import { describe, expect, it } from 'vitest';
import { roleMenu } from './test-menus';
import { groupState, leavesOf, toggleNode } from './tree-state';

const menus: MenuNode[] = [
  roleMenu,
  {
    id: 'docs',
    label: 'Docs',
    children: [
      { id: 'docs:doc:list', label: 'View', perms: 'docs:doc:list' },
      {
        id: 'nested',
        label: 'Nested',
        children: [{ id: 'docs:doc:add', label: 'Add', perms: 'docs:doc:add' }],
      },
    ],
  },
];

describe('permission tree state', () => {
  it('lists leaves in menu order, through nested groups', () => {
    expect(leavesOf(menus)).toEqual(['system:role:list', 'system:role:add', 'docs:doc:list', 'docs:doc:add']);
  });

  it('a group is all, some or none', () => {
    const [system, docs] = menus as [MenuNode, MenuNode];
    expect(groupState(system, new Set(['system:role:list', 'system:role:add']))).toBe('all');
    expect(groupState(system, new Set(['system:role:add']))).toBe('some');
    expect(groupState(docs, new Set(['system:role:add']))).toBe('none');
  });

  it('checking a group checks all its leaves; unchecking clears them; order follows the menu', () => {
    const [system, docs] = menus as [MenuNode, MenuNode];
    expect(toggleNode(menus, ['docs:doc:list'], system, true)).toEqual([
      'system:role:list',
      'system:role:add',
      'docs:doc:list',
    ]);
    expect(toggleNode(menus, leavesOf(menus), docs, false)).toEqual(['system:role:list', 'system:role:add']);
  });

  it('keeps permissions the tree does not know', () => {
    const leaf = menus[0]!.children![0]!;
    expect(toggleNode(menus, ['legacy:x:y'], leaf, true)).toEqual(['system:role:list', 'legacy:x:y']);
  });
});
