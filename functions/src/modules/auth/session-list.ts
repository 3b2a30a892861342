/**
 * The signed-in user's own sessions: the list (device, where from, when), signing out one of the
 * others, and signing out all the others. A session ended here stops at once in this process and
 * within IDENTITY_TTL_MS in every other (core/identity/cache.ts).
 */
import { createHash } from 'node:crypto';
import { badRequest, notFound } from '@core/errors';
import { endOtherSessions, endSessionOf, liveSessionsOf } from '@core/identity/sessions';
import type { SessionRecord } from '@core/identity/store/sessions';
import type { EndedSessions, Session } from '@shared/schemas/auth';
import { describeDevice } from './devices';

/**
 * The public id of a session: derived from the token's hash, which is the session's key and is
 * not handed out (the list goes to the browser, where a script of another origin might read it).
 */
function sessionIdOf(tokenHash: string): string {
  return createHash('sha256').update(`session-id:${tokenHash}`).digest('base64url').slice(0, 22);
}

function sessionView(session: SessionRecord, currentTokenHash: string): Session {
  return {
    id: sessionIdOf(session.tokenHash),
    device: describeDevice(session.userAgent),
    userAgent: session.userAgent,
    sourceAddress: session.sourceAddress,
    createdAt: new Date(session.createdAt).toISOString(),
    lastSeenAt: new Date(session.lastSeenAt).toISOString(),
    current: session.tokenHash === currentTokenHash,
  };
}

/** The user's live sessions: this one first, then the most recently seen. */
export async function listMySessions(userId: string, currentTokenHash: string): Promise<Session[]> {
  const views = (await liveSessionsOf(userId)).map((s) => sessionView(s, currentTokenHash));
  return views.sort(
    (a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt),
  );
}

/** Signs out one other session of the user; 404 unless it is one of theirs, 400 for this one. */
export async function signOutSession(
  userId: string,
  currentTokenHash: string,
  sessionId: string,
): Promise<void> {
  if (sessionId === sessionIdOf(currentTokenHash)) {
    throw badRequest('sessionId', 'This is the session you are using; sign out instead');
  }
  const session = (await liveSessionsOf(userId)).find((s) => sessionIdOf(s.tokenHash) === sessionId);
  if (!session || !(await endSessionOf(userId, session.tokenHash))) {
    throw notFound(`You have no session ${sessionId}`);
  }
}

/** Signs out every other session of the user ("sign out everywhere else"). */
export async function signOutOtherSessions(userId: string, currentTokenHash: string): Promise<EndedSessions> {
  return { ended: await endOtherSessions(userId, currentTokenHash) };
}
