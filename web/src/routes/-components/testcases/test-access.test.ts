import { computeAccess } from '@shared/permissions/access';
import { isNotFound, isRedirect } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { asTestType, firstTestArea, requireTestAccess, requireTestType } from './test-access';

function context(permissions: string[], userId = 'u1') {
  const me = { userId, permissions, roles: [] };
  return { me, enterprise: { ownerId: 'owner' }, access: computeAccess(me, 'owner') };
}

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('test area access', () => {
  it('opens with any of the three list permissions, else /403', () => {
    expect(thrown(() => requireTestAccess(context(['test:sheet:list'])))).toBeUndefined();
    const refused = thrown(() => requireTestAccess(context(['project:project:list'])));
    expect(isRedirect(refused)).toBe(true);
    expect((refused as { options: { to: string } }).options.to).toBe('/403');
    // The enterprise owner passes without any permission.
    expect(thrown(() => requireTestAccess(context([], 'owner')))).toBeUndefined();
  });

  it('a part of the area needs its own list permission; an unknown part does not exist', () => {
    const reader = context(['test:case:list']);
    expect(requireTestType(reader, 'case')).toBe('case');
    expect(isRedirect(thrown(() => requireTestType(reader, 'report')))).toBe(true);
    expect(isNotFound(thrown(() => requireTestType(reader, 'plans')))).toBe(true);
    expect(isNotFound(thrown(() => asTestType('Case')))).toBe(true);
  });

  it('leads /test to the first part the user may see', () => {
    expect(firstTestArea(context(['test:case:list', 'test:report:list']))).toBe('case');
    expect(firstTestArea(context(['test:report:list']))).toBe('report');
  });
});
