/**
 * Session lifecycle. A session ends when unused for the idle time-out or, however busy, at its
 * absolute lifetime; both are checked on every read, and DynamoDB's TTL removes the leftovers.
 */
import { clock } from '../clock';
import { config } from '../config';
import { hashToken, newSessionToken } from '../security/tokens';
import { sessionCopies } from './cache';
import {
  createSession,
  deleteSession,
  deleteUserSessions,
  getSession,
  type SessionRecord,
  touchSession,
} from './store/sessions';

/** Activity is written at most this often, so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 60_000;

const toSeconds = (ms: number) => Math.ceil(ms / 1000);

function idleExpiry(session: Pick<SessionRecord, 'endsAt'>, lastSeenAt: number): number {
  return Math.min(session.endsAt, toSeconds(lastSeenAt + config.sessionIdleMs));
}

export interface StartedSession {
  token: string;
  session: SessionRecord;
}

/**
 * Starts a session with a new token. The session presented with the request (if any) is ended,
 * so a token planted before sign-in is worthless after it (no session fixation).
 */
export async function startSession(userId: string, previousToken?: string): Promise<StartedSession> {
  if (previousToken) await endSession(previousToken);
  const token = newSessionToken();
  const now = clock.now();
  const endsAt = toSeconds(now + config.sessionMaxMs);
  const session: SessionRecord = {
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    endsAt,
    expiresAt: idleExpiry({ endsAt }, now),
  };
  await createSession(session);
  return { token, session };
}

/**
 * The live session of a token, or null (unknown, idle too long, or past its lifetime). The record
 * is kept a few seconds per process (./cache.ts): a session ended elsewhere stops within that.
 */
export async function resolveSession(token: string): Promise<SessionRecord | null> {
  const tokenHash = hashToken(token);
  const session = await sessionCopies.get(tokenHash, () => getSession(tokenHash));
  if (!session) return null;
  const now = clock.now();
  const idleTooLong = now - session.lastSeenAt > config.sessionIdleMs;
  const pastLifetime = now - session.createdAt > config.sessionMaxMs || now >= session.endsAt * 1000;
  if (idleTooLong || pastLifetime) {
    await deleteSession(session.userId, session.tokenHash);
    return null;
  }
  if (now - session.lastSeenAt >= TOUCH_INTERVAL_MS) {
    await touchSession(session.tokenHash, now, idleExpiry(session, now));
    return { ...session, lastSeenAt: now };
  }
  return session;
}

/** Ends the session of a token, if it exists. */
export async function endSession(token: string): Promise<void> {
  const session = await getSession(hashToken(token));
  if (session) await deleteSession(session.userId, session.tokenHash);
}

/** Ends every session of the user except the one with `keepTokenHash`. */
export function endOtherSessions(userId: string, keepTokenHash: string): Promise<number> {
  return deleteUserSessions(userId, keepTokenHash);
}
