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
  listUserSessions,
  type SessionRecord,
  touchSession,
} from './store/sessions';

/**
 * Activity (`lastSeenAt`, shown in the session list, and the idle expiry) is written at most this
 * often per session, so requests do not each cost a write; the idle time-out and the list's
 * "last seen" are therefore up to this much early.
 */
const TOUCH_INTERVAL_MS = 5 * 60_000;
/** A User-Agent longer than this is cut: it is only shown back to its owner. */
const MAX_USER_AGENT = 512;

const toSeconds = (ms: number) => Math.ceil(ms / 1000);

function idleExpiry(session: Pick<SessionRecord, 'endsAt'>, lastSeenAt: number): number {
  return Math.min(session.endsAt, toSeconds(lastSeenAt + config.sessionIdleMs));
}

/** True while the session is neither idle too long nor past its lifetime. */
function isLive(session: SessionRecord, now: number): boolean {
  const idleTooLong = now - session.lastSeenAt > config.sessionIdleMs;
  const pastLifetime = now - session.createdAt > config.sessionMaxMs || now >= session.endsAt * 1000;
  return !idleTooLong && !pastLifetime;
}

export interface StartedSession {
  token: string;
  session: SessionRecord;
}

export interface SessionStart {
  /** The session the request carried: ended, so a token planted before sign-in is worthless. */
  previousToken?: string;
  /** Where it starts, for the user's session list. */
  userAgent?: string;
  sourceAddress?: string;
}

/** Starts a session with a new token (no session fixation: see `previousToken`). */
export async function startSession(userId: string, start: SessionStart = {}): Promise<StartedSession> {
  if (start.previousToken) await endSession(start.previousToken);
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
    userAgent: (start.userAgent ?? '').slice(0, MAX_USER_AGENT),
    sourceAddress: start.sourceAddress ?? '',
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
  if (!isLive(session, now)) {
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

/** The user's sessions that still work, oldest first. */
export async function liveSessionsOf(userId: string): Promise<SessionRecord[]> {
  const now = clock.now();
  const sessions = await listUserSessions(userId);
  return sessions.filter((s) => isLive(s, now)).sort((a, b) => a.createdAt - b.createdAt);
}

/** Ends the user's session with `tokenHash`; false when the user has no such session. */
export async function endSessionOf(userId: string, tokenHash: string): Promise<boolean> {
  const session = await getSession(tokenHash);
  if (session?.userId !== userId) return false;
  await deleteSession(userId, tokenHash);
  return true;
}

/** Ends every session of the user except the one with `keepTokenHash`. */
export function endOtherSessions(userId: string, keepTokenHash: string): Promise<number> {
  return deleteUserSessions(userId, keepTokenHash);
}
