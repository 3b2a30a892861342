/**
 * Work items linked to sheet cases, and filing a bug from one: `pmsProjectTestsheetIssues`
 * (docs/api-conventions.md, "Test management"). `list`, `batchAdd` and `unlink` are registered
 * before `{id}`.
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
  FileBugBodySchema,
  FiledBugSchema,
  SheetIssueLinkBodySchema,
  SheetIssueListQuerySchema,
  SheetIssueRowSchema,
} from '@shared/schemas/testruns';
import * as z from 'zod';
import * as sheetIssues from '../sheet-issues';

const BASE = '/api/pms/{identifier}/pmsProjectTestsheetIssues';
const tags = ['test sheets'];
const tenant = byIdentifier('identifier');

const baseParams = z.object({ identifier: identifierParam });
const linkParams = z.object({
  identifier: identifierParam,
  id: z.string().min(1).max(130).meta({ description: 'A link id ({projectTestsheetCasesId}~{issueId})' }),
});
const rowsSchema = z.array(SheetIssueRowSchema);

const route = tenantRoutes(tenant, tags);

const listRoute = route.get(`${BASE}/list`, 'test:sheet:list', {
  summary: 'A page of the work items linked to a sheet case, or to every case of a sheet',
  request: { params: baseParams, query: SheetIssueListQuerySchema },
  responses: {
    ...ok200(pageSchema(SheetIssueRowSchema), 'A page of links'),
    ...failures(400, 401, 403, 404),
  },
});

const fileBugRoute = route.post(BASE, 'test:sheet:execute', {
  summary:
    'File a bug prefilled from a sheet case and link it, in one transaction (recording results is enough)',
  request: { params: baseParams, body: jsonBody(FileBugBodySchema) },
  responses: { ...created201(FiledBugSchema, 'The bug and its link'), ...failures(400, 401, 403, 404, 409) },
});

const batchAddRoute = route.post(`${BASE}/batchAdd`, 'test:sheet:execute', {
  summary: "Link work items of the sheet's project to a sheet case; ones linked already are skipped",
  request: { params: baseParams, body: jsonBody(SheetIssueLinkBodySchema) },
  responses: {
    ...ok200(rowsSchema, "The sheet case's links after the call"),
    ...failures(400, 401, 403, 404, 409),
  },
});

const unlinkRoute = route.put(`${BASE}/unlink`, 'test:sheet:execute', {
  summary: 'Unlink work items from a sheet case; the work items stay',
  request: { params: baseParams, body: jsonBody(SheetIssueLinkBodySchema) },
  responses: {
    ...ok200(rowsSchema, "The sheet case's links after the call"),
    ...failures(400, 401, 403, 404, 409),
  },
});

const deleteRoute = route.delete(`${BASE}/{id}`, 'test:sheet:execute', {
  summary: 'Delete one link; the work item stays',
  request: { params: linkParams },
  responses: { ...ok200(z.null(), 'Unlinked'), ...failures(401, 403, 404, 409) },
});

export const sheetIssueRoutes = createRouter()
  .openapi(listRoute, async (c) =>
    ok(c, await sheetIssues.listSheetIssuePage(enterpriseOf(c), c.req.valid('query'))),
  )
  .openapi(fileBugRoute, async (c) => {
    const { enterprise } = c.var.tenant;
    return created(
      c,
      await sheetIssues.fileBug(enterprise.id, enterprise.identifier, callerOf(c), c.req.valid('json')),
    );
  })
  .openapi(batchAddRoute, async (c) =>
    ok(c, await sheetIssues.linkIssues(enterpriseOf(c), callerOf(c), c.req.valid('json'))),
  )
  .openapi(unlinkRoute, async (c) =>
    ok(c, await sheetIssues.unlinkIssues(enterpriseOf(c), callerOf(c), c.req.valid('json'))),
  )
  .openapi(deleteRoute, async (c) => {
    await sheetIssues.deleteLink(enterpriseOf(c), callerOf(c), pathId(c));
    return ok(c, null);
  });
