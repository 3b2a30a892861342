/**
 * Who calls a client protocol route, and on which repository. Package clients present an access
 * token, as `Authorization: Bearer` (npm's `_authToken`) or as the password of Basic auth (Maven,
 * pip, twine, curl; the user name is not read). Without an Authorization header the session
 * cookie counts, so a signed-in browser can follow a download link. The token's owner is then
 * checked like any member: a member of the enterprise the path names (404 otherwise) holding the
 * route's permission (403), and a token of read scope never writes.
 *
 * A call with neither reads anonymously when the repository allows it (`anonymousRead`): the read
 * side of every protocol, never a write. A group read anonymously answers only from the members
 * that allow it too (a member group: if it allows it, from its own members that do). Anything
 * else without credentials is the same 401 with the challenge, whether the enterprise or the
 * repository exists or not, so the answer tells a stranger nothing.
 */
import { config } from '@core/config';
import { AppError, forbidden } from '@core/errors';
import type { AppEnv, SessionInfo } from '@core/http/env';
import { clientAddress } from '@core/http/origin';
import { takeRequest } from '@core/http/rate-limit';
import { authorize, findEnterprise, loadTenant, type Tenant } from '@core/identity/tenancy';
import type { TokenScope } from '@shared/schemas/artifacts';
import type { Context } from 'hono';
import { requireRepositoryByName } from '../repositories';
import { findRepositoryByName, type RepositoryRecord } from '../store/repositories';
import { tokenOf } from '../tokens';
import { readOrder } from './members';

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

/** A read: by a member as ClientCall, or anonymous (no tenant, no user). */
export interface ReadCall {
  repository: RepositoryRecord;
  userId: string | null;
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

const NO_CREDENTIALS = 'Send an access token (Bearer, or as the password of Basic auth)';

/** The caller's session and token scope; null when the call carries neither token nor session. */
async function callerOf(c: Context<AppEnv>): Promise<{ session: SessionInfo; scope: TokenScope } | null> {
  const header = c.req.header('authorization');
  if (header === undefined) {
    const session = c.get('session');
    return session ? { session, scope: 'write' } : null;
  }
  const secret = presentedSecret(header);
  const token = secret ? await tokenOf(secret) : null;
  if (!token) throw challenge('The access token is unknown or revoked');
  takeRequest(`user:${token.userId}`, config.rateLimitUserPerMinute, 'from you');
  return { session: { userId: token.userId, tokenHash: token.tokenHash }, scope: token.scope };
}

/** The caller and the repository of a protocol call, or the 401, 403 or 404 that refuses it. */
export async function clientCall(c: Context<AppEnv>, need: ClientNeed): Promise<ClientCall> {
  const caller = await callerOf(c);
  if (!caller) throw challenge(NO_CREDENTIALS);
  return memberCall(c, need, caller);
}

/** A read: a member's, or an anonymous one where the repository allows it (401 otherwise). */
export async function readCall(c: Context<AppEnv>): Promise<ReadCall> {
  const caller = await callerOf(c);
  if (caller) return memberCall(c, 'read', caller);
  const repository = await anonymouslyReadable(c);
  if (!repository) throw challenge(NO_CREDENTIALS);
  takeRequest(
    `anonymous:${clientAddress(c) ?? 'unknown'}`,
    config.rateLimitUserPerMinute,
    'from your address',
  );
  return { repository, userId: null };
}

/**
 * The repository an anonymous caller may read, or null. For a group, a copy whose members are
 * the hosted repositories it reads in order, cut to those that allow anonymous reads (readOrder
 * then resolves that list as it is).
 */
async function anonymouslyReadable(c: Context): Promise<RepositoryRecord | null> {
  const enterprise = await findEnterprise({ by: 'identifier', value: c.req.param('identifier') ?? '' });
  if (!enterprise) return null;
  const repository = await findRepositoryByName(enterprise.id, c.req.param('repo') ?? '');
  if (!repository?.anonymousRead) return null;
  if (repository.type !== 'group') return repository;
  const readable = await readOrder(repository, new Set(), (member) => member.anonymousRead);
  return { ...repository, memberIds: readable.map((member) => member.repositoryId) };
}

async function memberCall(
  c: Context<AppEnv>,
  need: ClientNeed,
  { session, scope }: { session: SessionInfo; scope: TokenScope },
): Promise<ClientCall> {
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
