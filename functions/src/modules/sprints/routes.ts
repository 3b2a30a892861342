/**
 * Iterations (`/api/pms/{identifier}/pmsProjectSprint/...`): a project's sprints, their work
 * items, completion, the burn-down and statistics (docs/api-conventions.md, "Iterations").
 * `list` is registered before the `{id}` paths that would also match it.
 */

import { nowIso } from '@core/clock';
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
import { authorize } from '@core/identity/tenancy';
import { publish } from '@core/jobs/jobs';
import { pageSchema } from '@shared/schemas/common';
import { IssueListQuerySchema, IssuePageSchema } from '@shared/schemas/issues';
import { sprintActivity } from '@shared/schemas/notifications';
import {
  BurnDownSchema,
  CompleteSprintBodySchema,
  SprintBodySchema,
  type SprintDetail,
  SprintDetailSchema,
  SprintIssuesBodySchema,
  SprintListQuerySchema,
  SprintSchema,
  SprintStatisticsSchema,
  SprintUpdateBodySchema,
} from '@shared/schemas/sprints';
import * as z from 'zod';
import { currentBurnDown, statisticsOf } from './burndown';
import { completeSprint } from './completion';
import * as sprints from './sprints';

const BASE = '/api/pms/{identifier}/pmsProjectSprint';
const tags = ['sprints'];
const tenant = byIdentifier('identifier');

const sprintsParams = z.object({ identifier: identifierParam });
const sprintParams = tenantIdParams('A sprint id ({projectId}.{localId})');
const SprintIssueQuerySchema = IssueListQuerySchema.omit({ pmsProjectId: true, sprintId: true });
const START_PERMISSION = 'project:sprint:complete';

const route = tenantRoutes(tenant, tags);

const listRoute = route.get(`${BASE}/list`, 'project:sprint:list', {
  summary: "A page of a project's sprints: in progress, then not started, then closed",
  request: { params: sprintsParams, query: SprintListQuerySchema },
  responses: { ...ok200(pageSchema(SprintSchema), 'A page of sprints'), ...failures(400, 401, 403, 404) },
});

const createSprintRoute = route.post(BASE, 'project:sprint:add', {
  summary: 'Create a sprint (not started) of at most 90 days',
  request: { params: sprintsParams, body: jsonBody(SprintBodySchema) },
  responses: { ...created201(SprintDetailSchema, 'The new sprint'), ...failures(400, 401, 403, 404) },
});

const getRoute = route.get(`${BASE}/{id}`, 'project:sprint:list', {
  summary: 'One sprint with live counts and the record of its last completion',
  request: { params: sprintParams },
  responses: { ...ok200(SprintDetailSchema, 'The sprint'), ...failures(401, 403, 404) },
});

const updateRoute = route.put(`${BASE}/{id}`, 'project:sprint:edit', {
  summary:
    'Edit name, goal, dates at the version read; status 1 starts or reopens (needs project:sprint:complete too)',
  request: { params: sprintParams, body: jsonBody(SprintUpdateBodySchema) },
  responses: { ...ok200(SprintDetailSchema, 'The sprint'), ...failures(400, 401, 403, 404, 409) },
});

const deleteRoute = route.delete(`${BASE}/{id}`, 'project:sprint:remove', {
  summary: 'Delete a sprint; its items (at most 40) go back to the backlog',
  request: { params: sprintParams },
  responses: { ...ok200(z.null(), 'Deleted'), ...failures(401, 403, 404, 409) },
});

const issuesRoute = route.get(`${BASE}/{id}/issues`, 'project:sprint:list', {
  summary: "The sprint's work items, with the work-item list's filters, sorts and pages",
  request: { params: sprintParams, query: SprintIssueQuerySchema },
  responses: { ...ok200(IssuePageSchema, 'A page of work items'), ...failures(400, 401, 403, 404) },
});

const planIssuesRoute = route.put(`${BASE}/{id}/issues`, 'project:issue:edit', {
  summary: 'Plan work items into the sprint and take others out; all or nothing',
  request: { params: sprintParams, body: jsonBody(SprintIssuesBodySchema) },
  responses: {
    ...ok200(z.object({ added: z.number().int(), removed: z.number().int() }), 'How many moved'),
    ...failures(400, 401, 403, 404, 409),
  },
});

const completeRoute = route.put(`${BASE}/{id}/complete`, START_PERMISSION, {
  summary: 'Complete a sprint in progress, finishing, unlinking or moving its unfinished items',
  request: { params: sprintParams, body: jsonBody(CompleteSprintBodySchema) },
  responses: { ...ok200(SprintDetailSchema, 'The closed sprint'), ...failures(400, 401, 403, 404, 409) },
});

const burnDownRoute = route.get(`${BASE}/{id}/burnDownChart`, 'project:sprint:list', {
  summary: 'The burn-down: live, or the snapshot taken when the sprint was completed',
  request: { params: sprintParams },
  responses: { ...ok200(BurnDownSchema, 'The burn-down'), ...failures(401, 403, 404) },
});

const statisticsRoute = route.get(`${BASE}/{id}/statistics`, 'project:sprint:list', {
  summary: "The sprint's statistics as of now",
  request: { params: sprintParams },
  responses: { ...ok200(SprintStatisticsSchema, 'The statistics'), ...failures(401, 403, 404) },
});

/** The project's members hear that the sprint started or completed (`sprints.activity`). */
function publishSprint(
  enterpriseId: string,
  userId: string,
  sprint: SprintDetail,
  kind: 'sprintStarted' | 'sprintCompleted',
): Promise<void> {
  return publish('sprints', 'sprints.activity', sprintActivity(enterpriseId, userId, nowIso(), sprint, kind));
}

export const sprintRoutes = createRouter()
  .openapi(listRoute, async (c) => ok(c, await sprints.listSprints(enterpriseOf(c), c.req.valid('query'))))
  .openapi(createSprintRoute, async (c) =>
    created(c, await sprints.createSprint(enterpriseOf(c), callerOf(c), c.req.valid('json'))),
  )
  .openapi(getRoute, async (c) => ok(c, await sprints.getSprintDetail(enterpriseOf(c), pathId(c))))
  .openapi(updateRoute, async (c) => {
    const body = c.req.valid('json');
    // Starting and reopening change what the team works on: the start/complete permission too.
    if (body.status !== undefined) authorize(c.var.tenant, START_PERMISSION);
    const sprint = await sprints.updateSprint(enterpriseOf(c), pathId(c), body);
    if (body.status !== undefined) await publishSprint(enterpriseOf(c), callerOf(c), sprint, 'sprintStarted');
    return ok(c, sprint);
  })
  .openapi(deleteRoute, async (c) => {
    await sprints.deleteSprint(enterpriseOf(c), callerOf(c), pathId(c));
    return ok(c, null);
  })
  .openapi(issuesRoute, async (c) =>
    ok(c, await sprints.listSprintIssues(enterpriseOf(c), pathId(c), c.req.valid('query'))),
  )
  .openapi(planIssuesRoute, async (c) =>
    ok(c, await sprints.updateSprintIssues(enterpriseOf(c), callerOf(c), pathId(c), c.req.valid('json'))),
  )
  .openapi(completeRoute, async (c) => {
    const enterpriseId = enterpriseOf(c);
    const userId = callerOf(c);
    const sprint = await completeSprint(enterpriseId, userId, pathId(c), c.req.valid('json'));
    await publishSprint(enterpriseId, userId, sprint, 'sprintCompleted');
    return ok(c, sprint);
  })
  .openapi(burnDownRoute, async (c) => {
    const sprint = await sprints.requireSprint(enterpriseOf(c), pathId(c));
    return ok(c, await currentBurnDown(enterpriseOf(c), sprint));
  })
  .openapi(statisticsRoute, async (c) => {
    const sprint = await sprints.requireSprint(enterpriseOf(c), pathId(c));
    return ok(c, await statisticsOf(enterpriseOf(c), sprint));
  });
