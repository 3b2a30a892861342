/**
 * Who calls a client protocol route, and on which repository. Package clients present an access
 * token, as `Authorization: Bearer` (npm's `_authToken`) or as the password of Basic auth (Maven,
 * pip, twine, curl; the user name is not read). Without an Authorization header the session
 * cookie counts, so a signed-in browser can follow a download link. The token's owner is then
 * checked like any member: a member of the enterprise the path names (404 otherwise) holding the
 * route's permission (403), and a token of read scope never writes.
 */
import { config } from '@core/config';
import { AppError, forbidden } from '@core/errors';
import type { AppEnv, SessionInfo } from '@core/http/env';
import { takeRequest } from '@core/http/rate-limit';
import { authorize, loadTenant, type Tenant } from '@core/identity/tenancy';
import type { TokenScope } from '@shared/schemas/artifacts';
import type { Context } from 'hono';
import { requireRepositoryByName } from '../repositories';
import type { RepositoryRecord } from '../store/repositories';
import { tokenOf } from '../tokens';

/** What a call does, and the permission it needs. */
export const CLIENT_PERMISSIONS = {
  read: 'artifact:repository:list',
  write: 'artifact:asset:upload',
  remove: 'artifact:asset:remove',
} as const;
export type ClientNeed = keyof typeof CLIENT_PERMISSIONS;

export interface ClientCall {
  tenant: Tenant;
  repository: RepositoryRecord;
  userId: string;
}

/** 401 with the challenge Maven and pip wait for before they send their credentials. */
const challenge = (message: string) =>
  new AppError(401, message, undefined, { 'WWW-Authenticate': 'Basic realm="artifacts"' });

/** The secret of `Bearer <token>` or `Basic base64(user:token)`, or null for another scheme. */
export function presentedSecret(header: string): string | null {
  const [scheme = '', value = ''] = header.trim().split(/\s+/, 2);
  if (/^bearer$/i.test(scheme)) return value;
  if (!/^basic$/i.test(scheme)) return null;
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : decoded.slice(colon + 1);
}

async function callerOf(c: Context<AppEnv>): Promise<{ session: SessionInfo; scope: TokenScope }> {
  const header = c.req.header('authorization');
  if (header === undefined) {
    const session = c.get('session');
    if (!session) throw challenge('Send an access token (Bearer, or as the password of Basic auth)');
    return { session, scope: 'write' };
  }
  const secret = presentedSecret(header);
  const token = secret ? await tokenOf(secret) : null;
  if (!token) throw challenge('The access token is unknown or revoked');
  takeRequest(`user:${token.userId}`, config.rateLimitUserPerMinute, 'from you');
  return { session: { userId: token.userId, tokenHash: token.tokenHash }, scope: token.scope };
}

/** The caller and the repository of a protocol call, or the 401, 403 or 404 that refuses it. */
export async function clientCall(c: Context<AppEnv>, need: ClientNeed): Promise<ClientCall> {
  const { session, scope } = await callerOf(c);
  // The audit log's "who" of whatever this call writes.
  c.set('session', session);
  const tenant = await loadTenant(
    { by: 'identifier', value: c.req.param('identifier') ?? '' },
    session.userId,
  );
  takeRequest(
    `enterprise:${tenant.enterprise.id}`,
    config.rateLimitEnterprisePerMinute,
    'to this enterprise',
  );
  authorize(tenant, CLIENT_PERMISSIONS[need]);
  if (need !== 'read' && scope === 'read') {
    throw forbidden('This access token has read scope; publishing and deleting need a token of write scope');
  }
  (c as Context).set('tenant', tenant);
  const repository = await requireRepositoryByName(tenant.enterprise.id, c.req.param('repo') ?? '');
  return { tenant, repository, userId: session.userId };
}
