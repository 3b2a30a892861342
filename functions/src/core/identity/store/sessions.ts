/**
 * Sessions. Each is two items written and deleted together: the session itself, found by the
 * SHA-256 of its token (the cookie), and a reference in the user's partition, so every session of
 * a user can be found with a strongly consistent query (a GSI could miss a session just created).
 */
import { keys, SK } from '../../db/keys';
import {
  batchDelete,
  ConditionFailedError,
  conditions,
  type Item,
  queryPartition,
  transact,
  updateItem,
} from '../../db/operations';
import { getRecord, readRecord } from '../../db/records';

export interface SessionRecord {
  tokenHash: string;
  userId: string;
  /** Epoch milliseconds. */
  createdAt: number;
  /** Epoch milliseconds; refreshed at most once a minute. */
  lastSeenAt: number;
  /** Epoch seconds, DynamoDB's TTL: when the session would expire if not used again. */
  expiresAt: number;
  /** Epoch seconds when the session ends however it is used (the absolute lifetime). */
  endsAt: number;
}

function toItem(session: SessionRecord): Item {
  return { ...keys.session(session.tokenHash), entity: 'Session', ...session };
}

function fromItem(item: Item): SessionRecord {
  return readRecord(item, ['tokenHash', 'userId', 'createdAt', 'lastSeenAt', 'expiresAt', 'endsAt'], {});
}

export async function createSession(session: SessionRecord): Promise<void> {
  await transact([
    { put: toItem(session), condition: conditions.notExists, label: 'session' },
    {
      put: {
        ...keys.userSession(session.userId, session.tokenHash),
        entity: 'UserSession',
        tokenHash: session.tokenHash,
        expiresAt: session.endsAt,
      },
      label: 'userSession',
    },
  ]);
}

// Access pattern: session by token hash (base table).
export async function getSession(tokenHash: string): Promise<SessionRecord | null> {
  return getRecord(keys.session(tokenHash), fromItem);
}

/** Records activity; does nothing if the session was ended meanwhile. */
export async function touchSession(tokenHash: string, lastSeenAt: number, expiresAt: number): Promise<void> {
  await updateItem(keys.session(tokenHash), { set: { lastSeenAt, expiresAt } }, conditions.exists).catch(
    (error) => {
      if (!(error instanceof ConditionFailedError)) throw error;
    },
  );
}

export async function deleteSession(userId: string, tokenHash: string): Promise<void> {
  await batchDelete([keys.session(tokenHash), keys.userSession(userId, tokenHash)]);
}

/** Ends every session of the user except `keepTokenHash` (the caller's own, when given). */
export async function deleteUserSessions(userId: string, keepTokenHash?: string): Promise<number> {
  // Access pattern: a user's sessions (base table, user partition, sk begins_with SESSION#).
  const refs = await queryPartition(keys.user(userId).pk, SK.userSessionPrefix);
  const ended = refs.map((ref) => ref.tokenHash as string).filter((hash) => hash !== keepTokenHash);
  await batchDelete(ended.flatMap((hash) => [keys.session(hash), keys.userSession(userId, hash)]));
  return ended.length;
}
