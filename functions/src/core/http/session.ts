/**
 * The session cookie: httpOnly (scripts cannot read it), SameSite=Lax (not sent on cross-site
 * POSTs), Path=/. Over https it is `__Host-sid` with Secure: the prefix makes browsers refuse it
 * unless it is Secure, host-only and Path=/, so a sibling subdomain cannot plant or shadow it.
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { config } from '../config';
import { resolveSession } from '../identity/sessions';
import type { AppEnv, SessionInfo } from './env';
import { isHttps } from './origin';

function cookieName(c: Context): string {
  return isHttps(c) ? '__Host-sid' : 'sid';
}

/** The session token the request carries, if any. Only the cookie name of its scheme counts. */
export function sessionToken(c: Context): string | undefined {
  return getCookie(c, cookieName(c)) || undefined;
}

export function setSessionCookie(c: Context, token: string): void {
  setCookie(c, cookieName(c), token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: isHttps(c),
    maxAge: Math.floor(config.sessionMaxMs / 1000),
  });
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, cookieName(c), { httpOnly: true, sameSite: 'Lax', path: '/', secure: isHttps(c) });
}

/** Finds the caller's live session, if the request carries one. */
export async function loadSession(c: Context<AppEnv>): Promise<SessionInfo | null> {
  const token = sessionToken(c);
  const session = token ? await resolveSession(token) : null;
  return session ? { userId: session.userId, tokenHash: session.tokenHash } : null;
}
