/**
 * Attributes that hold secrets, wherever they appear: password hashes, session token hashes, and
 * a repository's sealed access token and webhook secret (any attribute ending in `Sealed`). They
 * never leave the table: not in a data export, not in the audit log.
 */
import type { Item } from '../db/expressions';

export const SECRET_ATTRIBUTES = ['passwordHash', 'tokenHash', 'tokenSealed', 'webhookSecretSealed'] as const;

const SECRET = new Set<string>(SECRET_ATTRIBUTES);

export const isSecretAttribute = (name: string): boolean => SECRET.has(name) || name.endsWith('Sealed');

/** The item without its secret attributes. */
export function withoutSecrets(item: Item): Item {
  return Object.fromEntries(Object.entries(item).filter(([name]) => !isSecretAttribute(name)));
}
