/**
 * Data exports: start one, list them, read one (with its download address when done). Held by
 * the permission that deletes the enterprise (`enterprise:settings:remove`): an archive of
 * everything is worth as much as the enterprise itself; the owner always has it.
 */

import { createRouter } from '@core/http/group';
import { callerOf } from '@core/http/handlers';
import { identifierParam } from '@core/http/params';
import { byIdentifier, created, created201, failures, ok, ok200, tenantRoutes } from '@core/http/route';
import { DataExportSchema } from '@shared/schemas/exports';
import * as z from 'zod';
import * as exports from '../exports';

const tags = ['enterprise'];
const BASE = '/api/pms/pmsEnterprise';
const PERMISSION = 'enterprise:settings:remove';
const exportIdParam = z.string().min(1).max(64).meta({ description: 'A data export id' });

const route = tenantRoutes(byIdentifier('identifier'), tags);

const startRoute = route.post(`${BASE}/{identifier}/export`, PERMISSION, {
  summary: 'Start an export of all the enterprise data (one at a time); it is built in the background',
  request: { params: z.object({ identifier: identifierParam }) },
  responses: { ...created201(DataExportSchema, 'The queued export'), ...failures(401, 403, 404, 409) },
});

const listRoute = route.get(`${BASE}/{identifier}/export`, PERMISSION, {
  summary: 'The recent exports, newest first, with their progress',
  request: { params: z.object({ identifier: identifierParam }) },
  responses: { ...ok200(z.array(DataExportSchema), 'Exports'), ...failures(401, 403, 404) },
});

const getRoute = route.get(`${BASE}/{identifier}/export/{exportId}`, PERMISSION, {
  summary: 'One export; when done, with a download address valid for 15 minutes',
  request: { params: z.object({ identifier: identifierParam, exportId: exportIdParam }) },
  responses: { ...ok200(DataExportSchema, 'The export'), ...failures(401, 403, 404) },
});

export const enterpriseExportRoutes = createRouter()
  .openapi(startRoute, async (c) =>
    created(c, await exports.startExport(c.var.tenant.enterprise, callerOf(c))),
  )
  .openapi(listRoute, async (c) => ok(c, await exports.listExports(c.var.tenant.enterprise)))
  .openapi(getRoute, async (c) =>
    ok(c, await exports.getExport(c.var.tenant.enterprise, c.req.valid('param').exportId)),
  );
