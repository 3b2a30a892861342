/**
 * Test sheets: `pmsProjectTestsheet` list, treeList and CRUD (docs/api-conventions.md, "Test
 * management"). `list` and `treeList` are registered before the `{id}` paths that would match them.
 */

import { badRequest } from '@core/errors';
import { createRouter } from '@core/http/group';
import { callerOf, enterpriseOf, pathId, removeById } from '@core/http/handlers';
import { identifierParam, tenantIdParams } from '@core/http/params';
import {
  byIdentifier,
  created,
  created201,
  failures,
  jsonBody,
  ok,
  ok200,
  tenantRoutes,
} from '@core/http/route';
import { publish } from '@core/jobs/jobs';
import { pageSchema } from '@shared/schemas/common';
import { testSheetActivity } from '@shared/schemas/notifications';
import { ProjectQuerySchema } from '@shared/schemas/testcases';
import {
  type Sheet,
  SheetBodySchema,
  SheetListQuerySchema,
  SheetNodeSchema,
  SheetSchema,
  SheetUpdateBodySchema,
} from '@shared/schemas/testruns';
import * as z from 'zod';
import * as sheets from '../sheets';

const BASE = '/api/pms/{identifier}/pmsProjectTestsheet';
const tags = ['test sheets'];
const tenant = byIdentifier('identifier');

const sheetsParams = z.object({ identifier: identifierParam });
const sheetParams = tenantIdParams('A test sheet id ({projectId}.{localId})');

/** A `{ids}` path segment of the group's deletes: comma-separated ids of up to `idLength` each. */
export function idsParam(max: number, what: string, idLength = 64) {
  return z
    .string()
    .min(1)
    .max(max * (idLength + 1))
    .meta({ description: `Comma-separated ${what} ids (at most ${max})` });
}

/** The ids of a `{ids}` segment, without repeats; 400 for an empty one or more than `max`. */
export function splitIds(raw: string, max: number, what: string, idLength = 64): string[] {
  const ids = [...new Set(raw.split(',').map((id) => id.trim()))];
  if (ids.some((id) => id === '' || id.length > idLength)) {
    throw badRequest('ids', `Please enter comma-separated ${what} ids`);
  }
  if (ids.length > max) throw badRequest('ids', `At most ${max} ${what}s at a time`);
  return ids;
}

const route = tenantRoutes(tenant, tags);

const listRoute = route.get(`${BASE}/list`, 'test:sheet:list', {
  summary: "A page of a project's test sheets, newest first, with their result counts",
  request: { params: sheetsParams, query: SheetListQuerySchema },
  responses: { ...ok200(pageSchema(SheetSchema), 'A page of sheets'), ...failures(400, 401, 403, 404) },
});

const treeRoute = route.get(`${BASE}/treeList`, 'test:sheet:list', {
  summary: "The project's sheet tree (built from id/root_id), siblings by sort then name",
  request: { params: sheetsParams, query: ProjectQuerySchema },
  responses: { ...ok200(z.array(SheetNodeSchema), 'The sheet tree'), ...failures(400, 401, 403, 404) },
});

const createSheetRoute = route.post(BASE, 'test:sheet:add', {
  summary: 'Create a test sheet (not started), at most 5 levels deep',
  request: { params: sheetsParams, body: jsonBody(SheetBodySchema) },
  responses: { ...created201(SheetSchema, 'The new sheet'), ...failures(400, 401, 403, 404, 409) },
});

const getRoute = route.get(`${BASE}/{id}`, 'test:sheet:list', {
  summary: 'One test sheet with its result counts',
  request: { params: sheetParams },
  responses: { ...ok200(SheetSchema, 'The sheet'), ...failures(401, 403, 404) },
});

const updateRoute = route.put(`${BASE}/{id}`, 'test:sheet:edit', {
  summary: 'Edit or move a sheet at the version read; status 2 completes it, 1 reopens a completed one',
  request: { params: sheetParams, body: jsonBody(SheetUpdateBodySchema) },
  responses: { ...ok200(SheetSchema, 'The sheet'), ...failures(400, 401, 403, 404, 409) },
});

const deleteRoute = route.delete(`${BASE}/{id}`, 'test:sheet:remove', {
  summary: 'Delete a sheet with its cases, runs and links (409 while it has sub-sheets); reports stay',
  request: { params: sheetParams },
  responses: { ...ok200(z.null(), 'Deleted'), ...failures(401, 403, 404, 409) },
});

/** The sheet's new owner hears of it (`testruns.activity`). */
function publishOwner(enterpriseId: string, userId: string, sheet: Sheet, ownerId: string): Promise<void> {
  const event = testSheetActivity(enterpriseId, userId, sheet.updatedAt, sheet, ownerId);
  return publish('testruns', 'testruns.activity', event);
}

export const testSheetRoutes = createRouter()
  .openapi(listRoute, async (c) => ok(c, await sheets.listSheetPage(enterpriseOf(c), c.req.valid('query'))))
  .openapi(treeRoute, async (c) =>
    ok(c, await sheets.sheetTree(enterpriseOf(c), c.req.valid('query').pmsProjectId)),
  )
  .openapi(createSheetRoute, async (c) => {
    const body = c.req.valid('json');
    const sheet = await sheets.createSheet(enterpriseOf(c), callerOf(c), body);
    if (body.ownerId) await publishOwner(enterpriseOf(c), callerOf(c), sheet, body.ownerId);
    return created(c, sheet);
  })
  .openapi(getRoute, async (c) => ok(c, await sheets.getSheetDetail(enterpriseOf(c), pathId(c))))
  .openapi(updateRoute, async (c) => {
    const body = c.req.valid('json');
    const sheet = await sheets.updateSheet(enterpriseOf(c), pathId(c), body);
    if (body.ownerId) await publishOwner(enterpriseOf(c), callerOf(c), sheet, body.ownerId);
    return ok(c, sheet);
  })
  .openapi(deleteRoute, removeById(sheets.deleteSheet));
