import { createHash, randomBytes } from 'node:crypto';

/** A new session token: 256 random bits, base64url. Only its hash is ever stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a token: SHA-256, hex. A leaked table does not yield usable cookies. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
