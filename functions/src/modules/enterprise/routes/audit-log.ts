/**
 * The audit log: a page of entries with filters (JSON) and the same as a CSV file. Held by
 * `enterprise:audit:view`, which the built-in admin role has through its wildcard and plain
 * members do not; the owner always may. Both reads are themselves recorded in the log.
 */
import { createRouter } from '@core/http/group';
import { identifierParam } from '@core/http/params';
import { byIdentifier, failures, ok, ok200, tenantRoutes } from '@core/http/route';
import { AUDIT_VIEW_PERMISSION } from '@shared/permissions/catalogue';
import { AuditFilterSchema, AuditListQuerySchema, AuditPageSchema } from '@shared/schemas/audit';
import * as z from 'zod';
import { auditCsv, auditPage, CSV_DEFAULT_DAYS, MAX_CSV_ENTRIES } from '../audit-log';

const tags = ['enterprise'];
const BASE = '/api/pms/pmsEnterprise';
const params = z.object({ identifier: identifierParam });

const route = tenantRoutes(byIdentifier('identifier'), tags);

const listRoute = route.get(`${BASE}/{identifier}/audit`, AUDIT_VIEW_PERMISSION, {
  summary:
    'Audit entries, newest first, by actor, area, action, object and time; a page reads at most 3 months',
  request: { params, query: AuditListQuerySchema },
  responses: { ...ok200(AuditPageSchema, 'A page of entries'), ...failures(400, 401, 403, 404) },
});

const csvRoute = route.get(`${BASE}/{identifier}/audit/csv`, AUDIT_VIEW_PERMISSION, {
  summary: `The entries of the filter as a CSV file (at most ${MAX_CSV_ENTRIES}; ${CSV_DEFAULT_DAYS} days back unless \`from\` says)`,
  request: { params, query: AuditFilterSchema },
  responses: {
    200: {
      description: 'The CSV file, one row per object of each entry; X-Audit-Complete: false when cut',
      content: { 'text/csv': { schema: z.string() } },
    },
    ...failures(400, 401, 403, 404),
  },
});

export const auditLogRoutes = createRouter()
  .openapi(listRoute, async (c) => ok(c, await auditPage(c.var.tenant.enterprise, c.req.valid('query'))))
  .openapi(csvRoute, async (c) => {
    const file = await auditCsv(c.var.tenant.enterprise, c.req.valid('query'));
    // Typed `never` like `ok()`: the declared answer is text, which Hono's typed responses do not model.
    return c.body(file.text, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${file.fileName}"`,
      'X-Audit-Complete': String(file.complete),
    }) as never;
  });
