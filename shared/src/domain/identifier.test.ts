import { describe, expect, it } from 'vitest';
import { EnterpriseIdentifierSchema } from '../schemas/enterprise';
import { isEnterpriseIdentifier, RESERVED_IDENTIFIERS } from './identifier';

// The tenant host check uses the zod-free rule; enterprises are made with the schema.
describe('isEnterpriseIdentifier', () => {
  it.each([
    ...RESERVED_IDENTIFIERS,
    ...RESERVED_IDENTIFIERS.map((word) => `${word}-team`),
    'acme',
    'ab',
    'a',
    '',
    'a1',
    '42',
    'acme-labs-2',
    'acme--labs',
    '-acme',
    'acme-',
    'Acme',
    'acme_labs',
    'acme.labs',
    'a'.repeat(40),
    'a'.repeat(41),
    `${'a'.repeat(19)}-${'b'.repeat(20)}`,
    'café',
  ])('agrees with the identifier schema on %j', (value) => {
    expect(isEnterpriseIdentifier(value)).toBe(EnterpriseIdentifierSchema.safeParse(value).success);
  });
});
