/**
 * Test reports with their snapshot and charts: `testReport` (docs/api-conventions.md, "Test
 * management"). `list` and `chart/{id}` are registered before the `{id}` paths.
 */

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
  ReportBodySchema,
  ReportChartSchema,
  ReportDetailSchema,
  ReportListQuerySchema,
  ReportSchema,
  ReportUpdateBodySchema,
} from '@shared/schemas/testruns';
import * as z from 'zod';
import * as reports from '../reports';
import { idsParam, splitIds } from './sheets';

const BASE = '/api/pms/{identifier}/testReport';
const tags = ['test reports'];
const tenant = byIdentifier('identifier');

const baseParams = z.object({ identifier: identifierParam });
const idParams = tenantIdParams('A report id ({projectId}.{localId})');
const idsParams = z.object({
  identifier: identifierParam,
  ids: idsParam(reports.MAX_DELETE_REPORTS, 'report'),
});

const route = tenantRoutes(tenant, tags);

const listRoute = route.get(`${BASE}/list`, 'test:report:list', {
  summary: "A page of a project's test reports, newest first",
  request: { params: baseParams, query: ReportListQuerySchema },
  responses: { ...ok200(pageSchema(ReportSchema), 'A page of reports'), ...failures(400, 401, 403, 404) },
});

const createReportRoute = route.post(BASE, 'test:report:add', {
  summary: "Make a report from a sheet: a snapshot of its cases' results and linked bugs now",
  request: { params: baseParams, body: jsonBody(ReportBodySchema) },
  responses: { ...created201(ReportDetailSchema, 'The report'), ...failures(400, 401, 403, 404, 409) },
});

const chartRoute = route.get(`${BASE}/chart/{id}`, 'test:report:list', {
  summary: "The report's charts, from its snapshot: pass rate, results by module, bugs by priority",
  request: { params: idParams },
  responses: { ...ok200(ReportChartSchema, 'The chart series'), ...failures(401, 403, 404) },
});

const getRoute = route.get(`${BASE}/{id}`, 'test:report:list', {
  summary: 'One report with its snapshot, as it was when made',
  request: { params: idParams },
  responses: { ...ok200(ReportDetailSchema, 'The report'), ...failures(401, 403, 404) },
});

const updateRoute = route.put(`${BASE}/{id}`, 'test:report:edit', {
  summary: 'Rename a report or edit its summary at the version read; the snapshot never changes',
  request: { params: idParams, body: jsonBody(ReportUpdateBodySchema) },
  responses: { ...ok200(ReportSchema, 'The report'), ...failures(400, 401, 403, 404, 409) },
});

const deleteRoute = route.delete(`${BASE}/{ids}`, 'test:report:remove', {
  summary: `Delete reports (at most ${reports.MAX_DELETE_REPORTS}), all or nothing`,
  request: { params: idsParams },
  responses: { ...ok200(z.null(), 'Deleted'), ...failures(400, 401, 403, 404) },
});

export const testReportRoutes = createRouter()
  .openapi(listRoute, async (c) => ok(c, await reports.listReportPage(enterpriseOf(c), c.req.valid('query'))))
  .openapi(createReportRoute, async (c) =>
    created(c, await reports.createReport(enterpriseOf(c), callerOf(c), c.req.valid('json'))),
  )
  .openapi(chartRoute, async (c) => ok(c, await reports.reportChart(enterpriseOf(c), pathId(c))))
  .openapi(getRoute, async (c) => ok(c, await reports.getReportDetail(enterpriseOf(c), pathId(c))))
  .openapi(updateRoute, async (c) =>
    ok(c, await reports.updateReport(enterpriseOf(c), pathId(c), c.req.valid('json'))),
  )
  .openapi(deleteRoute, async (c) => {
    const ids = splitIds(c.req.valid('param').ids, reports.MAX_DELETE_REPORTS, 'report');
    await reports.deleteReports(enterpriseOf(c), ids);
    return ok(c, null);
  });
