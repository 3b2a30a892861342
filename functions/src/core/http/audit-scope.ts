/**
 * Opens the audit scope of a request (core/audit/context.ts): every change the request makes is
 * written with an entry saying who (the session's user, asked when the write happens), from where
 * (the same trusted address as the request log and the sign-in throttle: forwarding headers only
 * from the front door), which request and route, and in which area.
 */
import { AUDIT_RETENTION_DAYS } from '@shared/schemas/audit';
import type { Context, MiddlewareHandler } from 'hono';
import { areaOfPath } from '../audit/area';
import { type AuditScope, runAudited } from '../audit/context';
import { getEnterprise } from '../identity/store/enterprises';
import type { Tenant } from '../identity/tenancy';
import type { AppEnv } from './env';
import { clientAddress } from './origin';
import { routeOf } from './request-log';

const READ_ONLY = new Set(['GET', 'HEAD', 'OPTIONS']);

/** `/api/pms/:identifier/pmsProject/:id` as the OpenAPI document writes it: `{identifier}`, `{id}`. */
export const openApiPath = (honoPath: string) => honoPath.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');

/** The retention of the enterprise: the route's tenant when it is that one, else read. */
async function retentionDays(c: Context<AppEnv>, enterpriseId: string): Promise<number> {
  const tenant = (c.var as { tenant?: Tenant }).tenant;
  const enterprise =
    tenant?.enterprise.id === enterpriseId ? tenant.enterprise : await getEnterprise(enterpriseId);
  return enterprise?.auditRetentionDays ?? AUDIT_RETENTION_DAYS.default;
}

export const auditScope: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.get('auditScoped')) return next();
  c.set('auditScoped', true);
  const { method } = c.req;
  const scope: AuditScope = {
    requestId: c.get('requestId'),
    route: `${method} ${openApiPath(routeOf(c) ?? c.req.path)}`,
    area: areaOfPath(c.req.path),
    sourceAddress: clientAddress(c) ?? null,
    actorId: () => c.get('session')?.userId ?? null,
    retentionDays: (enterpriseId) => retentionDays(c, enterpriseId),
    seen: READ_ONLY.has(method) ? null : new Map(),
  };
  await runAudited(scope, next);
};
