/**
 * Sessions. Each is two items written and deleted together: the session itself, found by the
 * SHA-256 of its token (the cookie), and a reference in the user's partition, so every session of
 * a user can be found with a strongly consistent query (a GSI could miss a session just created).
 */
import { keys, SK } from '../../db/keys';
import {
  batchDelete,
  batchGet,
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
  /** Epoch milliseconds; refreshed at most every few minutes (../sessions.ts, TOUCH_INTERVAL_MS). */
  lastSeenAt: number;
  /** Epoch seconds, DynamoDB's TTL: when the session would expire if not used again. */
  expiresAt: number;
  /** Epoch seconds when the session ends however it is used (the absolute lifetime). */
  endsAt: number;
  /** The browser's User-Agent at sign-in (at most 512 characters); '' for older sessions. */
  userAgent: string;
  /** The address it signed in from; '' when unknown. */
  sourceAddress: string;
}

function toItem(session: SessionRecord): Item {
  return { ...keys.session(session.tokenHash), entity: 'Session', ...session };
}

function fromItem(item: Item): SessionRecord {
  return readRecord(item, ['tokenHash', 'userId', 'createdAt', 'lastSeenAt', 'expiresAt', 'endsAt'], {
    userAgent: '',
    sourceAddress: '',
  });
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

// Access pattern: a user's sessions (base table, user partition, sk begins_with SESSION#).
async function userSessionHashes(userId: string): Promise<string[]> {
  const refs = await queryPartition(keys.user(userId).pk, SK.userSessionPrefix);
  return refs.map((ref) => ref.tokenHash as string);
}

/** Every stored session of the user (ended ones the TTL has not removed yet included). */
export async function listUserSessions(userId: string): Promise<SessionRecord[]> {
  const hashes = await userSessionHashes(userId);
  return (await batchGet(hashes.map((hash) => keys.session(hash)))).map(fromItem);
}

/** Ends every session of the user except `keepTokenHash` (the caller's own, when given). */
export async function deleteUserSessions(userId: string, keepTokenHash?: string): Promise<number> {
  const ended = (await userSessionHashes(userId)).filter((hash) => hash !== keepTokenHash);
  await batchDelete(ended.flatMap((hash) => [keys.session(hash), keys.userSession(userId, hash)]));
  return ended.length;
}
