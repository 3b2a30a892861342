import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasPermission, hasRole, type Principal, permissionLog } from './matcher';

const principal = (permissions: string[], roleKeys: string[] = []): Principal => ({
  userId: 'u1',
  permissions,
  roles: roleKeys.map((roleKey) => ({ roleKey })),
});

const originalHint = permissionLog.hint;
afterEach(() => {
  permissionLog.hint = originalHint;
});

describe('hasPermission', () => {
  it('passes when a held permission matches', () => {
    expect(hasPermission(principal(['project:issue:edit']), 'project:issue:edit')).toBe(true);
    expect(hasPermission(principal(['project:issue:edit']), 'project:issue:remove')).toBe(false);
  });

  it('passes for anything when the wildcard *:*:* is held', () => {
    expect(hasPermission(principal(['*:*:*']), 'system:role:remove')).toBe(true);
    expect(hasPermission(principal(['*:*:*']), ['a:b:c', 'd:e:f'])).toBe(true);
  });

  it('passes when any one of a list is held', () => {
    expect(hasPermission(principal(['docs:doc:list']), ['system:role:list', 'docs:doc:list'])).toBe(true);
    expect(hasPermission(principal(['docs:doc:list']), ['system:role:list', 'docs:doc:add'])).toBe(false);
  });

  it('does not treat parts of a permission as wildcards', () => {
    expect(hasPermission(principal(['project:*:*']), 'project:issue:edit')).toBe(false);
  });

  it('fails an empty requirement and logs a hint', () => {
    const hint = vi.fn();
    permissionLog.hint = hint;
    for (const empty of [[], '', null, undefined, ['  ']] as const) {
      expect(hasPermission(principal(['*:*:*']), empty)).toBe(false);
    }
    expect(hint).toHaveBeenCalledTimes(5);
    expect(hint.mock.calls[0]?.[0]).toMatch(/no permission was named/);
  });

  it('passes for the owner whatever they hold, when the owner id is given', () => {
    expect(hasPermission(principal([]), 'system:role:remove', 'u1')).toBe(true);
    expect(hasPermission(principal([]), 'system:role:remove', 'someone-else')).toBe(false);
    expect(hasPermission(principal([]), 'system:role:remove', '')).toBe(false);
    expect(hasPermission(principal([]), 'system:role:remove', null)).toBe(false);
  });

  it('fails without a principal', () => {
    expect(hasPermission(null, 'docs:doc:list')).toBe(false);
    expect(hasPermission(undefined, 'docs:doc:list', 'u1')).toBe(false);
  });
});

describe('hasRole', () => {
  it('passes when any role key is in the list', () => {
    expect(hasRole(principal([], ['member', 'qa']), 'qa')).toBe(true);
    expect(hasRole(principal([], ['member']), ['admin', 'member'])).toBe(true);
    expect(hasRole(principal([], ['member']), ['admin'])).toBe(false);
    expect(hasRole(null, 'admin')).toBe(false);
  });

  it('fails an empty list and logs a hint', () => {
    const hint = vi.fn();
    permissionLog.hint = hint;
    expect(hasRole(principal([], ['admin']), [])).toBe(false);
    expect(hint).toHaveBeenCalledOnce();
  });
});
