/**
 * What the desk's routes share: they sit right under `/api/pms/{identifier}/` (the spec names the
 * calls without a resource prefix) and need `dashboard:workdesk:view`; a block shows only what its
 * area's permission lets the caller read (docs/work-desk.md).
 */
import { identifierParam } from '@core/http/params';
import { byIdentifier, failures, ok200, tenantRoute } from '@core/http/route';
import * as z from 'zod';

export const BASE = '/api/pms/{identifier}';
export const PERMISSION = 'dashboard:workdesk:view';
export const tags = ['dashboard'];
export const tenant = byIdentifier('identifier');
export const params = z.object({ identifier: identifierParam });

/** A GET of the desk without a query, answering `schema`. */
export function deskRead<S extends z.ZodType>(path: string, summary: string, schema: S) {
  return tenantRoute(tenant, PERMISSION, {
    method: 'get',
    path: `${BASE}/${path}`,
    tags,
    summary,
    request: { params },
    responses: { ...ok200(schema, summary), ...failures(401, 403, 404) },
  });
}
