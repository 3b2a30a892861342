/**
 * The desk's work blocks: `myProjectIssues`, `myProjects`, `myProjects/statistics`,
 * `myProjectSprints` and the headline `statistics`.
 */
import { createRouter } from '@core/http/group';
import { failures, ok, ok200, tenantRoutes } from '@core/http/route';
import { PageQuerySchema } from '@shared/schemas/common';
import {
  DeskStatisticsSchema,
  MyIssuesPageSchema,
  MyIssuesQuerySchema,
  MyProjectsPageSchema,
  MyProjectsStatisticsSchema,
  MySprintsSchema,
} from '@shared/schemas/dashboard';
import { listMyProjects, myProjectIssues, myProjectsStatistics } from '../items';
import { myProjectSprints } from '../sprints';
import { deskStatistics } from '../statistics';
import { BASE, deskRead, PERMISSION, params, tags, tenant } from './common';

const route = tenantRoutes(tenant, tags);

const myIssuesRoute = route.get(`${BASE}/myProjectIssues`, PERMISSION, {
  summary:
    'My unfinished work items across my projects (assigned, created, mentioning me), overdue and due soon first',
  request: { params, query: MyIssuesQuerySchema },
  responses: {
    ...ok200(MyIssuesPageSchema, 'A page of my items with the tab counts'),
    ...failures(400, 401, 403, 404),
  },
});

const myProjectsRoute = route.get(`${BASE}/myProjects`, PERMISSION, {
  summary: 'My open and paused projects with my unfinished and overdue items and the running sprint',
  request: { params, query: PageQuerySchema },
  responses: { ...ok200(MyProjectsPageSchema, 'A page of my projects'), ...failures(400, 401, 403, 404) },
});

const myProjectsStatisticsRoute = deskRead(
  'myProjects/statistics',
  'The unfinished work of each of my projects by kind, mine and overdue, and what was finished lately',
  MyProjectsStatisticsSchema,
);

const mySprintsRoute = deskRead(
  'myProjectSprints',
  'The running sprints of my projects with their progress, ending soonest first',
  MySprintsSchema,
);

const statisticsRoute = deskRead('statistics', "The desk's headline numbers", DeskStatisticsSchema);

export const workRoutes = createRouter()
  .openapi(myIssuesRoute, async (c) => ok(c, await myProjectIssues(c.var.tenant, c.req.valid('query'))))
  .openapi(myProjectsStatisticsRoute, async (c) => ok(c, await myProjectsStatistics(c.var.tenant)))
  .openapi(myProjectsRoute, async (c) => ok(c, await listMyProjects(c.var.tenant, c.req.valid('query'))))
  .openapi(mySprintsRoute, async (c) => ok(c, await myProjectSprints(c.var.tenant)))
  .openapi(statisticsRoute, async (c) => ok(c, await deskStatistics(c.var.tenant)));
