import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hash with scrypt, a random salt and the parameters stored alongside', async () => {
    const [first, second] = await Promise.all([hashPassword('pässword-1'), hashPassword('pässword-1')]);
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$[^$]{24}\$[^$]{88}$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('pässword');
  });

  it('verify the right password only', async () => {
    const stored = await hashPassword('pässword-1');
    expect(await verifyPassword('pässword-1', stored)).toBe(true);
    // Unicode normalisation: the same text typed differently still matches.
    expect(await verifyPassword('pa\u0308ssword-1', stored)).toBe(true);
    expect(await verifyPassword('password-1', stored)).toBe(false);
    expect(await verifyPassword('pässword-1', 'plain-text')).toBe(false);
  });

  it('spend the same effort when there is nothing to verify against', async () => {
    expect(await verifyAgainstNothing('anything')).toBe(false);
  });
});
