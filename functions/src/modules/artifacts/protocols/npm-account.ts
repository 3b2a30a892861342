/**
 * npm's account calls: `npm login` (npm 9+ tries the web login first, `POST /-/v1/login`, which
 * is not offered here: its 404 makes npm fall back to the CouchDB login that
 * `npm login --auth-type=legacy` speaks at once, a PUT of `/-/user/org.couchdb.user:{name}`
 * with the account's login or email and password) and `npm whoami` (`GET /-/whoami`).
 * The login's answer is a new access token of write scope, listed and revocable on the account
 * page like any other; the password check is the sign-in's, throttled the same way.
 */
import { AppError, badRequest } from '@core/errors';
import type { AppEnv } from '@core/http/env';
import { clientAddress } from '@core/http/origin';
import { getUser } from '@core/identity/store/users';
import { authorize, loadTenant } from '@core/identity/tenancy';
import type { Context } from 'hono';
import { authenticate } from '../../auth';
import { requireRepositoryByName } from '../repositories';
import { createToken } from '../tokens';
import { CLIENT_PERMISSIONS, type ClientCall } from './access';

const COUCH_USER = 'org.couchdb.user:';

const wrongCredentials = () => new AppError(401, 'The login or password is incorrect');

/** Where npm tells an account's name: `org.couchdb.user:{name}`. */
export function couchUserName(param: string): string {
  if (!param.startsWith(COUCH_USER)) throw badRequest('user', `Name the account as ${COUCH_USER}{login}`);
  return param.slice(COUCH_USER.length);
}

/** `npm login`: the account's password for a token, if it is a member who may read here. */
export async function npmLogin(c: Context<AppEnv>, userParam: string): Promise<Response> {
  const name = couchUserName(userParam);
  const body = (await c.req.json().catch(() => null)) as { name?: unknown; password?: unknown } | null;
  if (typeof body?.name !== 'string' || body.name === '') throw badRequest('name', 'Send the login');
  if (body.name !== name) throw badRequest('name', `The body names ${body.name}, the address ${name}`);
  if (typeof body.password !== 'string' || body.password === '')
    throw badRequest('password', 'Send the password');
  const user = await authenticate({ login: name, password: body.password }, clientAddress(c)).catch(
    (error: unknown) => {
      // The sign-in's 400 names its form field; npm reads a refused login as 401.
      throw error instanceof AppError && error.status === 400 ? wrongCredentials() : error;
    },
  );
  c.set('session', { userId: user.userId, tokenHash: '' });
  const tenant = await loadTenant({ by: 'identifier', value: c.req.param('identifier') ?? '' }, user.userId);
  authorize(tenant, CLIENT_PERMISSIONS.read);
  (c as Context).set('tenant', tenant);
  await requireRepositoryByName(tenant.enterprise.id, c.req.param('repo') ?? '');
  const created = await createToken(user.userId, {
    name: `npm login ${new Date().toISOString().slice(0, 16).replace('T', ' ')}`,
    scope: 'write',
  });
  return c.json({ ok: true, id: `${COUCH_USER}${name}`, rev: '1', token: created.token }, 201);
}

/** `npm whoami`: the login of the token's owner. */
export async function whoami(c: Context, call: ClientCall): Promise<Response> {
  const user = await getUser(call.userId);
  if (!user) throw new AppError(401, 'The access token is unknown or revoked');
  return c.json({ username: user.login }, 200);
}
