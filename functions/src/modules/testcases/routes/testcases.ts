/**
 * The case library: `pmsProjectTestcase` list, CRUD, copy, batch and confirm
 * (docs/api-conventions.md, "Test management"). The static paths (list, batch, copy, confirm)
 * are registered before the `{id}`/`{ids}` paths that would also match them; the spreadsheet
 * calls are in spreadsheets.ts, mounted before this router.
 */

import { badRequest } from '@core/errors';
import { createRouter } from '@core/http/group';
import { callerOf, enterpriseOf, pathId } from '@core/http/handlers';
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
import { pageSchema } from '@shared/schemas/common';
import {
  CaseBatchBodySchema,
  CaseConfirmBodySchema,
  CaseCopyBodySchema,
  CaseCreateBodySchema,
  CaseDetailSchema,
  CaseListQuerySchema,
  CaseRowSchema,
  CaseRowsSchema,
  CaseUpdateBodySchema,
} from '@shared/schemas/testcases';
import * as z from 'zod';
import * as cases from '../testcases';

const BASE = '/api/pms/{identifier}/pmsProjectTestcase';
const tags = ['testcases'];
const tenant = byIdentifier('identifier');
const MAX_DELETE = 40;

const params = z.object({ identifier: identifierParam });
const caseParams = tenantIdParams('A case id ({projectId}.{localId})');
const idsParams = z.object({
  identifier: identifierParam,
  ids: z
    .string()
    .min(1)
    .max(3000)
    .meta({ description: `Comma-separated case ids (at most ${MAX_DELETE})` }),
});

const route = tenantRoutes(tenant, tags);

const listRoute = route.get(`${BASE}/list`, 'test:case:list', {
  summary: "A page of a project's cases, the newest number first, with filters",
  request: { params, query: CaseListQuerySchema },
  responses: { ...ok200(pageSchema(CaseRowSchema), 'A page of cases'), ...failures(400, 401, 403, 404) },
});

const batchRoute = route.put(`${BASE}/batch`, 'test:case:edit', {
  summary: 'The same change (module, type, priority, added tags) to several cases; all or nothing',
  request: { params, body: jsonBody(CaseBatchBodySchema) },
  responses: { ...ok200(CaseRowsSchema, 'The cases'), ...failures(400, 401, 403, 404, 409) },
});

const copyRoute = route.post(`${BASE}/copy`, 'test:case:add', {
  summary: 'Copy cases (content and spec links) into a module of this or another project',
  request: { params, body: jsonBody(CaseCopyBodySchema) },
  responses: { ...created201(CaseRowsSchema, 'The copies'), ...failures(400, 401, 403, 404, 409) },
});

const confirmRoute = route.put(`${BASE}/confirm`, 'test:case:edit', {
  summary: 'Confirm cases flagged after a covered spec changed',
  request: { params, body: jsonBody(CaseConfirmBodySchema) },
  responses: {
    ...ok200(CaseRowsSchema, 'The cases, no longer flagged'),
    ...failures(400, 401, 403, 404, 409),
  },
});

const createCaseRoute = route.post(BASE, 'test:case:add', {
  summary: 'Create a case (numbered TC-n in its project)',
  request: { params, body: jsonBody(CaseCreateBodySchema) },
  responses: { ...created201(CaseDetailSchema, 'The new case'), ...failures(400, 401, 403, 404, 409) },
});

const getRoute = route.get(`${BASE}/{id}`, 'test:case:list', {
  summary: 'One case with its steps, covered specs and linked work items',
  request: { params: caseParams },
  responses: { ...ok200(CaseDetailSchema, 'The case'), ...failures(401, 403, 404) },
});

const updateRoute = route.put(`${BASE}/{id}`, 'test:case:edit', {
  summary: 'Edit any fields at the version read; saving also confirms the case',
  request: { params: caseParams, body: jsonBody(CaseUpdateBodySchema) },
  responses: { ...ok200(CaseDetailSchema, 'The case'), ...failures(400, 401, 403, 404, 409) },
});

const deleteRoute = route.delete(`${BASE}/{ids}`, 'test:case:remove', {
  summary: 'Delete cases, all or nothing; sheets keep what the cases were',
  request: { params: idsParams },
  responses: { ...ok200(z.null(), 'Deleted'), ...failures(400, 401, 403, 404, 409) },
});

/** The ids of a `{ids}` segment: at most MAX_DELETE, none empty. */
function splitIds(raw: string): string[] {
  const ids = [...new Set(raw.split(',').map((id) => id.trim()))];
  if (ids.some((id) => id === '' || id.length > 64)) {
    throw badRequest('ids', 'Please enter comma-separated case ids');
  }
  if (ids.length > MAX_DELETE) throw badRequest('ids', `At most ${MAX_DELETE} cases at a time`);
  return ids;
}

export const testcaseRoutes = createRouter()
  .openapi(listRoute, async (c) => ok(c, await cases.listCases(enterpriseOf(c), c.req.valid('query'))))
  .openapi(batchRoute, async (c) => ok(c, await cases.batchUpdateCases(enterpriseOf(c), c.req.valid('json'))))
  .openapi(copyRoute, async (c) =>
    created(c, await cases.copyCases(enterpriseOf(c), callerOf(c), c.req.valid('json'))),
  )
  .openapi(confirmRoute, async (c) =>
    ok(c, await cases.confirmCases(enterpriseOf(c), c.req.valid('json').ids)),
  )
  .openapi(createCaseRoute, async (c) =>
    created(c, await cases.createCase(enterpriseOf(c), callerOf(c), c.req.valid('json'))),
  )
  .openapi(getRoute, async (c) => ok(c, await cases.getCaseDetail(enterpriseOf(c), pathId(c))))
  .openapi(updateRoute, async (c) =>
    ok(c, await cases.updateCase(enterpriseOf(c), pathId(c), c.req.valid('json'))),
  )
  .openapi(deleteRoute, async (c) => {
    await cases.deleteCases(enterpriseOf(c), splitIds(c.req.valid('param').ids));
    return ok(c, null);
  });
