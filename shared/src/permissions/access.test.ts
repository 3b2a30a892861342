import { describe, expect, it } from 'vitest';
import { ACCESS_RULES, type AccessMap, computeAccess, isNodeAccessible } from './access';
import type { Principal } from './matcher';

const principal = (permissions: string[]): Principal => ({ userId: 'u1', permissions, roles: [] });

describe('computeAccess', () => {
  it('opens pages by the permissions held; pages without a rule open to any member', () => {
    const access = computeAccess(principal(['system:role:list']));
    expect(access.home).toBe(true);
    expect(access.adminRoles).toBe(true);
    expect(access.adminRoleAdd).toBe(false);
    expect(access.adminRoleEdit).toBe(true);
    expect(access.members).toBe(false);
  });

  it('opens everything to the wildcard and to the owner', () => {
    expect(Object.values(computeAccess(principal(['*:*:*']))).every(Boolean)).toBe(true);
    expect(Object.values(computeAccess(principal([]), 'u1')).every(Boolean)).toBe(true);
  });

  it('closes everything, home included, without a principal', () => {
    expect(Object.values(computeAccess(null)).some(Boolean)).toBe(false);
  });

  it('has an entry for every access name', () => {
    expect(Object.keys(computeAccess(principal([]))).sort()).toEqual(Object.keys(ACCESS_RULES).sort());
  });
});

describe('isNodeAccessible', () => {
  const access = { ...computeAccess(principal(['system:role:list'])) } as AccessMap;

  it('needs the node’s own access name', () => {
    expect(isNodeAccessible({ access: 'adminRoles' }, access)).toBe(true);
    expect(isNodeAccessible({ access: 'members' }, access)).toBe(false);
    expect(isNodeAccessible({}, access)).toBe(true);
  });

  it('makes a parent inaccessible when all its children are', () => {
    const parent = { children: [{ access: 'members' as const }, { access: 'adminSettings' as const }] };
    expect(isNodeAccessible(parent, access)).toBe(false);
  });

  it('keeps a parent accessible while any child is', () => {
    const parent = {
      children: [{ access: 'members' as const }, { children: [{ access: 'adminRoles' as const }] }],
    };
    expect(isNodeAccessible(parent, access)).toBe(true);
  });

  it('closes a parent whose own access is missing, whatever its children', () => {
    const parent = { access: 'members' as const, children: [{ access: 'adminRoles' as const }] };
    expect(isNodeAccessible(parent, access)).toBe(false);
  });
});
