import { describe, expect, it } from 'vitest';
import { RESERVED_IDENTIFIERS } from '../domain/identifier';
import { CreateEnterpriseBodySchema, EnterpriseIdentifierSchema } from './enterprise';

const problem = (value: unknown) => {
  const result = EnterpriseIdentifierSchema.safeParse(value);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('EnterpriseIdentifierSchema', () => {
  it.each(['acme', 'ab', 'acme-robotics', 'a1-b2-c3', '123', 'x'.repeat(40)])('accepts %s', (value) => {
    expect(problem(value)).toBeNull();
  });

  it.each([
    ['Acme', /lowercase letters, digits/],
    ['acme_robots', /lowercase letters, digits/],
    ['-acme', /single hyphens/],
    ['acme-', /single hyphens/],
    ['ac--me', /single hyphens/],
    ['a', /at least 2/],
    ['x'.repeat(41), /at most 40/],
    ['acme.io', /lowercase letters/],
  ])('refuses %s', (value, message) => {
    expect(problem(value)).toMatch(message);
  });

  it('refuses every reserved word that fits the pattern', () => {
    for (const word of RESERVED_IDENTIFIERS) expect(problem(word), word).not.toBeNull();
    expect(problem('api')).toBe('identifier is reserved; choose another');
    expect(problem('login')).toBe('identifier is reserved; choose another');
  });

  it('trims before checking', () => {
    expect(EnterpriseIdentifierSchema.parse('  acme ')).toBe('acme');
  });

  it('asks for a missing identifier with the section-5 message', () => {
    const result = CreateEnterpriseBodySchema.safeParse({ name: 'x' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['identifier'],
      message: 'Please enter identifier',
    });
  });
});
