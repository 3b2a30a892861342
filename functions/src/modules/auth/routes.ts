/** Accounts and sessions: sign-up, sign-in, logout, password, current user, settings. */

import { config } from '@core/config';
import { createRouter } from '@core/http/group';
import { callerOf } from '@core/http/handlers';
import { browsingOrigin, clientAddress, publicOrigin } from '@core/http/origin';
import {
  created,
  created201,
  failures,
  jsonBody,
  ok,
  ok200,
  publicRoutes,
  userRoutes,
} from '@core/http/route';
import { clearSessionCookie, sessionToken, setSessionCookie } from '@core/http/session';
import { endOtherSessions, endSession, startSession } from '@core/identity/sessions';
import type { UserRecord } from '@core/identity/store/users';
import { currentUserView } from '@core/identity/views';
import {
  ChangePasswordBodySchema,
  CurrentUserSchema,
  EndedSessionsSchema,
  SessionIdParamSchema,
  SessionSchema,
  SettingSchema,
  SignInBodySchema,
  SignUpBodySchema,
} from '@shared/schemas/auth';
import type { Context } from 'hono';
import * as z from 'zod';
import packageJson from '../../../../package.json' with { type: 'json' };
import { authenticate, changePassword, requireAccount, signUp } from './accounts';
import { listMySessions, signOutOtherSessions, signOutSession } from './session-list';
import { sendVerification } from './verification';

const tags = ['auth'];

/** The current user outside any enterprise: no permissions, no roles. */
function currentUser(c: Context, user: UserRecord) {
  return currentUserView(user, {
    permissions: [],
    roles: [],
    userIdentity: 'user',
    gitlinkUrl: publicOrigin(c),
  });
}

/**
 * Starts a fresh session for `user` (ending the one the request carried), sets the cookie, and
 * answers the signed-in user.
 */
async function signInAs(c: Context, user: UserRecord) {
  const { token } = await startSession(user.userId, {
    previousToken: sessionToken(c),
    userAgent: c.req.header('user-agent'),
    sourceAddress: clientAddress(c),
  });
  setSessionCookie(c, token);
  return currentUser(c, user);
}

const anyone = publicRoutes(tags);
const signedIn = userRoutes(tags);

const signUpRoute = anyone.post('/api/auth/signup', {
  summary: 'Create an account and sign in',
  request: { body: jsonBody(SignUpBodySchema) },
  responses: { ...created201(CurrentUserSchema, 'The new user, signed in'), ...failures(400, 403, 409) },
});

const signInRoute = anyone.post('/api/auth/signin', {
  summary: 'Sign in by login or email; always starts a new session',
  request: { body: jsonBody(SignInBodySchema) },
  responses: { ...ok200(CurrentUserSchema, 'The signed-in user'), ...failures(400, 429) },
});

const logoutRoute = anyone.post('/api/accounts/logout.json', {
  summary: 'End the current session (POST, not GET: see docs/architecture.md)',
  responses: { ...ok200(z.null(), 'Signed out'), ...failures(403) },
});

const passwordRoute = signedIn.put('/api/auth/password', {
  summary: "Change the password; the user's other sessions end",
  request: { body: jsonBody(ChangePasswordBodySchema) },
  responses: { ...ok200(z.null(), 'Changed'), ...failures(400, 401, 409, 429) },
});

const meRoute = signedIn.get('/api/auth/me', {
  summary: 'The signed-in user, outside any enterprise',
  responses: { ...ok200(CurrentUserSchema, 'The current user'), ...failures(401) },
});

const sessionsRoute = signedIn.get('/api/auth/sessions', {
  summary: "The signed-in user's sessions: device, address, created, last seen; this one first",
  responses: { ...ok200(z.array(SessionSchema), 'The live sessions'), ...failures(401) },
});

// `others` is registered before {sessionId}, so it is never taken for an id.
const endOtherSessionsRoute = signedIn.delete('/api/auth/sessions/others', {
  summary: 'Sign out everywhere else: every session of the user but this one ends',
  responses: { ...ok200(EndedSessionsSchema, 'How many ended'), ...failures(401, 403) },
});

const endSessionRoute = signedIn.delete('/api/auth/sessions/{sessionId}', {
  summary: "Sign out one of the user's other sessions (logout ends this one)",
  request: { params: SessionIdParamSchema },
  responses: { ...ok200(z.null(), 'Signed out'), ...failures(400, 401, 403, 404) },
});

const loginUrlRoute = anyone.get('/api/pms/open/loginUrl', {
  summary: 'The address of the sign-in page',
  responses: ok200(z.string(), 'e.g. http://localhost:3000/login'),
});

const settingRoute = anyone.get('/api/setting.json', {
  summary: 'Workspace settings (the body itself, not inside data)',
  responses: { 200: { description: 'Settings', content: { 'application/json': { schema: SettingSchema } } } },
});

export const authRoutes = createRouter()
  .openapi(signUpRoute, async (c) => {
    const user = await signUp(c.req.valid('json'));
    await sendVerification(user, publicOrigin(c));
    return created(c, await signInAs(c, user));
  })
  .openapi(signInRoute, async (c) =>
    ok(c, await signInAs(c, await authenticate(c.req.valid('json'), clientAddress(c)))),
  )
  .openapi(logoutRoute, async (c) => {
    const token = sessionToken(c);
    if (token) await endSession(token);
    clearSessionCookie(c);
    return ok(c, null);
  })
  .openapi(passwordRoute, async (c) => {
    const { userId, tokenHash } = c.var.session;
    await changePassword(await requireAccount(userId), c.req.valid('json'), clientAddress(c));
    await endOtherSessions(userId, tokenHash);
    return ok(c, null);
  })
  .openapi(meRoute, async (c) => ok(c, currentUser(c, await requireAccount(callerOf(c)))))
  .openapi(sessionsRoute, async (c) => {
    const { userId, tokenHash } = c.var.session;
    return ok(c, await listMySessions(userId, tokenHash));
  })
  .openapi(endOtherSessionsRoute, async (c) => {
    const { userId, tokenHash } = c.var.session;
    return ok(c, await signOutOtherSessions(userId, tokenHash));
  })
  .openapi(endSessionRoute, async (c) => {
    const { userId, tokenHash } = c.var.session;
    await signOutSession(userId, tokenHash, c.req.valid('param').sessionId);
    return ok(c, null);
  })
  .openapi(loginUrlRoute, (c) => ok(c, `${browsingOrigin(c)}/login`))
  .openapi(settingRoute, (c) =>
    c.json(
      { setting: { name: config.appName, signUpOpen: config.signUpOpen, version: packageJson.version } },
      200,
    ),
  );
