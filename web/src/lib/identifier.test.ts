import { EnterpriseIdentifierSchema } from '@shared/schemas/enterprise';
import { describe, expect, it } from 'vitest';
import { identifierHint, previewIdentifier, suggestIdentifier } from './identifier';

describe('suggestIdentifier', () => {
  it('turns a name into a valid identifier', () => {
    for (const [name, expected] of [
      ['Acme Corporation', 'acme-corporation'],
      ['  Café  Müller & Söhne ', 'cafe-muller-sohne'],
      ['R&D -- Team 42!', 'r-d-team-42'],
    ] as const) {
      expect(suggestIdentifier(name)).toBe(expected);
      expect(EnterpriseIdentifierSchema.safeParse(expected).success).toBe(true);
    }
  });

  it('stays within 40 characters without a trailing hyphen', () => {
    const id = suggestIdentifier('The Very Long Name Of A Rather Large Organisation Indeed');
    expect(id.length).toBeLessThanOrEqual(40);
    expect(id.endsWith('-')).toBe(false);
  });

  it('steers clear of reserved words', () => {
    expect(suggestIdentifier('Admin')).toBe('admin-team');
    expect(EnterpriseIdentifierSchema.safeParse(suggestIdentifier('Login')).success).toBe(true);
  });
});

describe('the identifier preview and hint', () => {
  it('previews only identifiers the server takes', () => {
    expect(previewIdentifier('acme')).toBe('acme');
    expect(previewIdentifier('a')).toBeNull();
    expect(previewIdentifier('admin')).toBeNull();
    expect(previewIdentifier('Acme Co')).toBeNull();
  });

  it('asks for an identifier when a non-Latin name gives none', () => {
    expect(suggestIdentifier('日本語の会社')).toBe('');
    expect(identifierHint('日本語の会社', '')).toMatch(/type one/);
    expect(identifierHint('Acme', 'acme')).toBeNull();
    expect(identifierHint('', '')).toBeNull();
  });
});
