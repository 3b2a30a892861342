/**
 * Route definitions. Every route is declared through one of three builders, which record who may
 * call it in the OpenAPI document (`x-access`, and `x-permission` for tenant routes) and attach
 * the middleware that enforces exactly that, so the declaration and the check cannot drift:
 *
 * - `publicRoute`: anyone.
 * - `userRoute`: any signed-in user (401 otherwise).
 * - `tenantRoute`: a member of the enterprise the path names, holding the permission (or any
 *   member with `ANY_MEMBER`). Non-members get 404, members without the permission 403.
 *
 * The access check runs before the request is validated, so nobody learns anything about an
 * enterprise, not even its validation rules, without belonging to it.
 */
import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import { ApiErrorSchema, okSchema } from '@shared/schemas/common';
import type { Context, TypedResponse } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { JSONParsed } from 'hono/utils/types';
import type { z } from 'zod';
import { config } from '../config';
import { unauthorized } from '../errors';
import { authorize, type EnterpriseRef, loadTenant } from '../identity/tenancy';
import type { AppEnv, SessionInfo, TenantEnv, UserEnv } from './env';
import { takeRequest } from './rate-limit';
import { clearSessionCookie, sessionToken } from './session';

/** `x-access` values in the OpenAPI document. */
export type Access = 'public' | 'signedIn' | 'member' | 'permission';

/** The tenant routes' requirement when any member may call them. */
export const ANY_MEMBER = null;

export const SESSION_SECURITY = [{ cookieAuth: [] }];

type RouteInput = Omit<RouteConfig, 'middleware' | 'security'>;

/** The caller's session; 401 (clearing a dead cookie) when there is none. */
export function requireSession(c: Context): SessionInfo {
  const session = (c as Context<AppEnv>).get('session');
  if (session) return session;
  if (sessionToken(c)) clearSessionCookie(c);
  throw unauthorized();
}

const requireUser = createMiddleware<UserEnv>(async (c, next) => {
  c.set('session', requireSession(c));
  await next();
});

/** Which path parameter names the enterprise, and whether it holds the identifier or the id. */
export interface EnterpriseParam {
  param: string;
  by: EnterpriseRef['by'];
  /** The part of the parameter that names the enterprise (all of it by default). */
  extract?: (raw: string) => string;
}

export const byIdentifier = (param: string): EnterpriseParam => ({ param, by: 'identifier' });
/** By id: `pmsEnterprise/{id}` and the System calls' `dept/{id}` (deptId = enterprise id). */
export const byId = (param: string): EnterpriseParam => ({ param, by: 'id' });
/**
 * By the id before the first dot of a compound identifier, `{enterpriseId}.{rest}`: the file
 * download address names a file alone (spec section 7), and the file's identifier says whose it is.
 */
export const byIdPrefix = (param: string): EnterpriseParam => ({
  param,
  by: 'id',
  extract: (raw) => raw.slice(0, Math.max(0, raw.indexOf('.'))),
});

function requireTenant(where: EnterpriseParam, permission: string | null) {
  return createMiddleware<TenantEnv>(async (c, next) => {
    const session = requireSession(c);
    const raw = c.req.param(where.param) ?? '';
    const value = where.extract ? where.extract(raw) : raw;
    const tenant = await loadTenant({ by: where.by, value }, session.userId);
    // Counted for members only: a stranger's requests must not use up an enterprise's minute.
    takeRequest(
      `enterprise:${tenant.enterprise.id}`,
      config.rateLimitEnterprisePerMinute,
      'to this enterprise',
    );
    if (permission !== null) authorize(tenant, permission);
    c.set('session', session);
    c.set('tenant', tenant);
    await next();
  });
}

export function publicRoute<const R extends RouteInput>(config: R) {
  return createRoute({ ...config, 'x-access': 'public' as Access });
}

export function userRoute<const R extends RouteInput>(config: R) {
  return createRoute({
    ...config,
    'x-access': 'signedIn' as Access,
    security: SESSION_SECURITY,
    middleware: requireUser,
  });
}

export function tenantRoute<const R extends RouteInput>(
  where: EnterpriseParam,
  permission: string | null,
  config: R,
) {
  return createRoute({
    ...config,
    'x-access': (permission === null ? 'member' : 'permission') as Access,
    ...(permission === null ? {} : { 'x-permission': permission }),
    security: SESSION_SECURITY,
    middleware: requireTenant(where, permission),
  });
}

// ---- one file's routes ------------------------------------------------------------------------

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
/** What a declaration through a file's builder still names: summary, request, responses, ... */
type Declaration = Omit<RouteInput, 'method' | 'path' | 'tags'>;

/**
 * The builders of one route file's tenant routes. The file names once what its routes share (where
 * the path names the enterprise, the OpenAPI tags); each declaration then names its path, its
 * permission and what differs: `route.get(path, 'project:issue:list', { summary, request,
 * responses })`. The builder hands `tenantRoute` the object a file would write out (method, path
 * and tags first), so the route's types and its OpenAPI entry are those of `tenantRoute`.
 */
export function tenantRoutes(where: EnterpriseParam, tags: string[]) {
  const declare =
    <const M extends Method>(method: M) =>
    <const P extends string, const R extends Declaration>(path: P, permission: string | null, config: R) =>
      tenantRoute(where, permission, { method, path, tags, ...config });
  return {
    get: declare('get'),
    post: declare('post'),
    put: declare('put'),
    patch: declare('patch'),
    delete: declare('delete'),
  };
}

/** `tenantRoutes` for a file of `userRoute`s: each declaration names its path and the rest. */
export function userRoutes(tags: string[]) {
  const declare =
    <const M extends Method>(method: M) =>
    <const P extends string, const R extends Declaration>(path: P, config: R) =>
      userRoute({ method, path, tags, ...config });
  return { get: declare('get'), post: declare('post'), put: declare('put'), delete: declare('delete') };
}

/** `tenantRoutes` for a file of `publicRoute`s. */
export function publicRoutes(tags: string[]) {
  const declare =
    <const M extends Method>(method: M) =>
    <const P extends string, const R extends Declaration>(path: P, config: R) =>
      publicRoute({ method, path, tags, ...config });
  return { get: declare('get'), post: declare('post'), put: declare('put'), delete: declare('delete') };
}

// ---- request and response declarations ----------------------------------------------------

/** A required JSON body validated by `schema`. */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return { content: { 'application/json': { schema } }, required: true };
}

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/**
 * `{ [status]: response }`, typed as a mapped type: a literal `{ 200: ... }` loses its numeric key
 * type when spread into `responses`, and the route's response types would silently vanish.
 */
function withStatus<const S extends number, V>(status: S, value: V) {
  return { [status]: value } as { [K in S]: V };
}

export function ok200<T extends z.ZodType>(data: T, description: string) {
  return withStatus(200, json(okSchema(data), description));
}

export function created201<T extends z.ZodType>(data: T, description: string) {
  return withStatus(201, json(okSchema(data), description));
}

const ERROR_DESCRIPTIONS = {
  400: 'Invalid input; the message names the field',
  401: 'Not signed in',
  403: 'Not allowed (missing permission, or a CSRF rule)',
  404: 'Unknown id, or an enterprise the caller does not belong to',
  409: 'Conflict: taken, still in use, or changed by someone else',
  413: 'Body too large',
  429: 'Too many attempts',
} as const;

type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

/** Error responses a route may give, all in the one error shape. */
export function failures<const S extends ErrorStatus>(...statuses: S[]) {
  return Object.fromEntries(statuses.map((s) => [s, json(ApiErrorSchema, ERROR_DESCRIPTIONS[s])])) as {
    [K in S]: ReturnType<typeof json<typeof ApiErrorSchema>>;
  };
}

type Success<T, S extends 200 | 201> = Response &
  TypedResponse<JSONParsed<{ success: true; data: T }>, S, 'json'>;

/** The success envelope with 200. (Two functions, not a status parameter: the status must be a
 * literal type for clients to infer responses, and a generic would be inferred from the route.) */
export function ok<T>(c: Context, data: T): Success<T, 200> {
  return c.json({ success: true as const, data }, 200) as never;
}

/** The success envelope with 201, for creates. */
export function created<T>(c: Context, data: T): Success<T, 201> {
  return c.json({ success: true as const, data }, 201) as never;
}
