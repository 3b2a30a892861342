/**
 * What the handlers of tenant routes read again and again, named once: the enterprise the route
 * runs in, the caller, the `{id}` of the path, and the whole handler of the commonest route of
 * all, `DELETE …/{id}` answered with `null`. Handlers stay inline after their route (they keep
 * the validated input typed); these only shorten the arguments they pass on to the services.
 */
import type { Context } from 'hono';
import type { Tenant } from '../identity/tenancy';
import type { AppEnv, SessionInfo, TenantEnv } from './env';
import { ok } from './route';

/** The enterprise a tenant route runs in: the first argument of nearly every service call. */
export const enterpriseOf = (c: { var: { tenant: Pick<Tenant, 'enterprise'> } }): string =>
  c.var.tenant.enterprise.id;

/** The signed-in caller of a user or tenant route, the author of what it writes. */
export const callerOf = (c: { var: { session: SessionInfo } }): string => c.var.session.userId;

/**
 * The `{id}` of the route's path. Read raw: the route's param schema has checked it before the
 * handler runs, and an id that names nothing is simply not found by the service.
 */
export const pathId = (c: Context): string => c.req.param('id') ?? '';

/** The handler of `DELETE …/{id}`: `remove(enterpriseId, id)`, answered with `null`. */
export function removeById(remove: (enterpriseId: string, id: string) => Promise<unknown>) {
  return async (c: Context<TenantEnv & AppEnv>) => {
    await remove(enterpriseOf(c), pathId(c));
    return ok(c, null);
  };
}
