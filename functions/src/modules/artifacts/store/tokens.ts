/**
 * Per-user access tokens of the package clients: `ARTTOKEN#{sha256(secret)}` / `ARTTOKEN` (found
 * by the secret a client sends) and `USER#{userId}` / `ARTTOKEN#{tokenId}` (the account page's
 * list), written and deleted together. Only the hash of the secret is stored.
 */
import { ARTIFACT_SK, artifactKeys } from '@core/db/keys';
import { conditions, type Item, transact, updateItem } from '@core/db/operations';
import { getRecord, queryRecords, readRecord } from '@core/db/records';
import type { TokenScope } from '@shared/schemas/artifacts';

export interface TokenRecord {
  tokenId: string;
  tokenHash: string;
  userId: string;
  name: string;
  scope: TokenScope;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}

function fromItem(item: Item): TokenRecord {
  return readRecord(item, ['tokenId', 'tokenHash', 'userId', 'name', 'scope', 'prefix', 'createdAt'], {
    lastUsedAt: null,
  });
}

// Access pattern: a user's tokens (USER#{userId}, begins_with ARTTOKEN#).
export function listTokens(userId: string): Promise<TokenRecord[]> {
  return queryRecords(`USER#${userId}`, ARTIFACT_SK.userTokenPrefix, fromItem);
}

// Access pattern: a token by its secret's hash (ARTTOKEN#{hash} / ARTTOKEN).
export function findToken(tokenHash: string): Promise<TokenRecord | null> {
  return getRecord(artifactKeys.token(tokenHash), fromItem);
}

export async function createToken(record: TokenRecord): Promise<void> {
  await transact([
    {
      put: { ...artifactKeys.token(record.tokenHash), entity: 'ArtifactToken', ...record },
      condition: conditions.notExists,
    },
    {
      put: {
        ...artifactKeys.userToken(record.userId, record.tokenId),
        entity: 'ArtifactUserToken',
        ...record,
      },
      condition: conditions.notExists,
    },
  ]);
}

/** `ConditionFailedError('missing')` when the user has no such token. */
export async function deleteToken(userId: string, tokenId: string, tokenHash: string): Promise<void> {
  await transact([
    { delete: artifactKeys.userToken(userId, tokenId), condition: conditions.exists, label: 'missing' },
    { delete: artifactKeys.token(tokenHash) },
  ]);
}

/** Records a use (at most once a minute matters; a lost race loses nothing worth keeping). */
export async function touchToken(record: TokenRecord, at: string): Promise<void> {
  await updateItem(
    artifactKeys.userToken(record.userId, record.tokenId),
    { set: { lastUsedAt: at } },
    conditions.exists,
  ).catch(() => undefined);
}
