/**
 * Cases in a test sheet and their results: `pmsProjectTestsheetCases` (docs/api-conventions.md,
 * "Test management"). `list` and `batchUpdate` are registered before the `{id}` paths.
 */

import { createRouter } from '@core/http/group';
import { callerOf, enterpriseOf, pathId } from '@core/http/handlers';
import { identifierParam } from '@core/http/params';
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
import { pageSchema } from '@shared/schemas/common';
import {
  SheetCaseBatchBodySchema,
  SheetCaseDetailSchema,
  SheetCaseListQuerySchema,
  SheetCaseResultBodySchema,
  SheetCaseRowSchema,
  SheetCasesAddBodySchema,
  SheetCasesAddResultSchema,
} from '@shared/schemas/testruns';
import * as z from 'zod';
import * as sheetCases from '../sheet-cases';
import { idsParam, splitIds } from './sheets';

const BASE = '/api/pms/{identifier}/pmsProjectTestsheetCases';
const tags = ['test sheets'];
const tenant = byIdentifier('identifier');

/** Sheet case ids are three ids long (`{projectId}.{sheetLocal}-{caseLocal}`). */
const SHEET_CASE_ID_LENGTH = 100;

const baseParams = z.object({ identifier: identifierParam });
const idParams = z.object({
  identifier: identifierParam,
  id: z
    .string()
    .min(1)
    .max(SHEET_CASE_ID_LENGTH)
    .meta({ description: 'A sheet case id ({projectId}.{sheetLocal}-{caseLocal})' }),
});
const idsParams = z.object({
  identifier: identifierParam,
  ids: idsParam(sheetCases.MAX_REMOVE_SHEET_CASES, 'sheet case', SHEET_CASE_ID_LENGTH),
});

const route = tenantRoutes(tenant, tags);

const listRoute = route.get(`${BASE}/list`, 'test:sheet:list', {
  summary: "A page of a sheet's cases by case number, with their latest results",
  request: { params: baseParams, query: SheetCaseListQuerySchema },
  responses: {
    ...ok200(pageSchema(SheetCaseRowSchema), 'A page of sheet cases'),
    ...failures(400, 401, 403, 404),
  },
});

const addRoute = route.post(BASE, 'test:sheet:edit', {
  summary: 'Add library cases of the project to a sheet; cases already there are skipped',
  request: { params: baseParams, body: jsonBody(SheetCasesAddBodySchema) },
  responses: {
    ...created201(SheetCasesAddResultSchema, 'How many were added and skipped'),
    ...failures(400, 401, 403, 404, 409),
  },
});

const batchRoute = route.put(`${BASE}/batchUpdate`, 'test:sheet:execute', {
  summary:
    'Record one result (a run each) and/or set the assignee of several cases of a sheet; all or nothing',
  request: { params: baseParams, body: jsonBody(SheetCaseBatchBodySchema) },
  responses: {
    ...ok200(z.array(SheetCaseRowSchema), 'The sheet cases'),
    ...failures(400, 401, 403, 404, 409),
  },
});

const getRoute = route.get(`${BASE}/{id}`, 'test:sheet:list', {
  summary: 'One sheet case with its steps, every run (newest first) and the linked work items',
  request: { params: idParams },
  responses: { ...ok200(SheetCaseDetailSchema, 'The sheet case'), ...failures(401, 403, 404) },
});

const recordRoute = route.put(`${BASE}/{id}`, 'test:sheet:execute', {
  summary: 'Record a result at the version read; the run is kept and the sheet starts with its first result',
  request: { params: idParams, body: jsonBody(SheetCaseResultBodySchema) },
  responses: { ...ok200(SheetCaseRowSchema, 'The sheet case'), ...failures(400, 401, 403, 404, 409) },
});

const removeRoute = route.delete(`${BASE}/{ids}`, 'test:sheet:edit', {
  summary: 'Take cases out of their sheet with their runs and links; all or nothing',
  request: { params: idsParams },
  responses: { ...ok200(z.null(), 'Removed'), ...failures(400, 401, 403, 404, 409) },
});

export const sheetCaseRoutes = createRouter()
  .openapi(listRoute, async (c) =>
    ok(c, await sheetCases.listSheetCasePage(enterpriseOf(c), c.req.valid('query'))),
  )
  .openapi(addRoute, async (c) =>
    created(c, await sheetCases.addSheetCases(enterpriseOf(c), callerOf(c), c.req.valid('json'))),
  )
  .openapi(batchRoute, async (c) =>
    ok(c, await sheetCases.batchUpdateSheetCases(enterpriseOf(c), callerOf(c), c.req.valid('json'))),
  )
  .openapi(getRoute, async (c) => ok(c, await sheetCases.sheetCaseDetail(enterpriseOf(c), pathId(c))))
  .openapi(recordRoute, async (c) =>
    ok(c, await sheetCases.recordResult(enterpriseOf(c), callerOf(c), pathId(c), c.req.valid('json'))),
  )
  .openapi(removeRoute, async (c) => {
    const ids = splitIds(
      c.req.valid('param').ids,
      sheetCases.MAX_REMOVE_SHEET_CASES,
      'sheet case',
      SHEET_CASE_ID_LENGTH,
    );
    await sheetCases.removeSheetCases(enterpriseOf(c), ids);
    return ok(c, null);
  });
