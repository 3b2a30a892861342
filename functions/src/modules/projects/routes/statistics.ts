/**
 * The project overview's statistics (`pmsProject/{id}/statistics/...`). Served by the projects
 * group (functions/src/modules/projects/app.ts mounts `projectStatisticsRoutes`); the numbers come
 * from the work items.
 */

import { createRouter } from '@core/http/group';
import { enterpriseOf, pathId } from '@core/http/handlers';
import { tenantIdParams } from '@core/http/params';
import { byIdentifier, failures, ok, ok200, tenantRoutes } from '@core/http/route';
import { PageQuerySchema } from '@shared/schemas/common';
import { JournalPageSchema } from '@shared/schemas/issues';
import { LineChartQuerySchema, LineChartSchema, PieBarChartSchema } from '@shared/schemas/projects';
import * as statistics from '../statistics';

const BASE = '/api/pms/{identifier}/pmsProject/{id}/statistics';
const tags = ['projects'];
const tenant = byIdentifier('identifier');
const params = tenantIdParams('A project id');

const route = tenantRoutes(tenant, tags);

const pieBarRoute = route.get(`${BASE}/pie-barChart`, 'project:project:list', {
  summary: 'Work items by kind, and by status within each kind',
  request: { params },
  responses: { ...ok200(PieBarChartSchema, 'Counts'), ...failures(401, 403, 404) },
});

const lineRoute = route.get(`${BASE}/lineChart`, 'project:project:list', {
  summary: 'Per day (UTC), the last `days` days: items created, closed, and open at the end of the day',
  request: { params, query: LineChartQuerySchema },
  responses: { ...ok200(LineChartSchema, 'Series'), ...failures(400, 401, 403, 404) },
});

const dynamicsRoute = route.get(`${BASE}/dynamics`, 'project:project:list', {
  summary: "The project's activity feed: journal entries of every work item, newest first",
  request: { params, query: PageQuerySchema },
  responses: { ...ok200(JournalPageSchema, 'A page of the feed'), ...failures(400, 401, 403, 404) },
});

export const projectStatisticsRoutes = createRouter()
  .openapi(pieBarRoute, async (c) => ok(c, await statistics.pieBarChart(enterpriseOf(c), pathId(c))))
  .openapi(lineRoute, async (c) =>
    ok(c, await statistics.lineChart(enterpriseOf(c), pathId(c), c.req.valid('query').days)),
  )
  .openapi(dynamicsRoute, async (c) =>
    ok(c, await statistics.dynamics(enterpriseOf(c), pathId(c), c.req.valid('query'))),
  );
