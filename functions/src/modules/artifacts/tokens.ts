/**
 * Per-user access tokens for the package clients (npm, Maven, pip, curl): read or write scope,
 * valid in every enterprise the user belongs to, with the user's own permissions there. The
 * secret is shown once, at creation; revoking deletes it.
 */
import { nowIso } from '@core/clock';
import { onConditionFailed } from '@core/db/operations';
import { conflict, notFound } from '@core/errors';
import { newId } from '@core/ids';
import { hashToken, newSessionToken } from '@core/security/tokens';
import type { AccessToken, NewAccessToken, TokenCreate } from '@shared/schemas/artifacts';
import * as db from './store/tokens';
import { tokenView } from './views';

/** Tokens start with this, so a leaked one is recognisable (secret scanners look for prefixes). */
export const TOKEN_PREFIX = 'art_';
const MAX_TOKENS = 20;

export async function listTokens(userId: string): Promise<AccessToken[]> {
  const found = await db.listTokens(userId);
  return found.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map(tokenView);
}

export async function createToken(userId: string, body: TokenCreate): Promise<NewAccessToken> {
  const existing = await db.listTokens(userId);
  if (existing.length >= MAX_TOKENS)
    throw conflict(`You have ${MAX_TOKENS} tokens, the most there may be; revoke one first`);
  const token = `${TOKEN_PREFIX}${newSessionToken()}`;
  const record: db.TokenRecord = {
    tokenId: newId(),
    tokenHash: hashToken(token),
    userId,
    name: body.name,
    scope: body.scope,
    prefix: token.slice(0, TOKEN_PREFIX.length + 6),
    createdAt: nowIso(),
    lastUsedAt: null,
  };
  await db.createToken(record);
  return { ...tokenView(record), token };
}

export async function revokeToken(userId: string, tokenId: string): Promise<void> {
  const found = (await db.listTokens(userId)).find((t) => t.tokenId === tokenId);
  if (!found) throw notFound(`Token ${tokenId} does not exist`);
  await onConditionFailed(db.deleteToken(userId, tokenId, found.tokenHash), {
    missing: () => notFound(`Token ${tokenId} does not exist`),
  });
}

/** The token a client presented, or null when it names none (revoked, mistyped). */
export async function tokenOf(secret: string): Promise<db.TokenRecord | null> {
  if (!secret.startsWith(TOKEN_PREFIX)) return null;
  const found = await db.findToken(hashToken(secret));
  if (found) await db.touchToken(found, nowIso());
  return found;
}
