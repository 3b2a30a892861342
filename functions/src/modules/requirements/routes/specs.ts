/**
 * Requirement specs (`/api/pms/{identifier}/productRequirementSpecs`): list, statuses, read, the
 * demands that carry one, create, edit, batch, review, change, move into plans, delete.
 */

import { createRouter } from '@core/http/group';
import { callerOf, enterpriseOf, pathId, removeById } from '@core/http/handlers';
import { created, created201, failures, jsonBody, ok, ok200, tenantRoutes } from '@core/http/route';
import { pageSchema } from '@shared/schemas/common';
import { LookupEntrySchema } from '@shared/schemas/products';
import {
  ActivePlanBodySchema,
  ReviewBodySchema,
  SpecBatchBodySchema,
  SpecBodySchema,
  SpecChangeBodySchema,
  SpecDemandSchema,
  SpecDetailSchema,
  SpecListQuerySchema,
  SpecSchema,
  SpecUpdateBodySchema,
} from '@shared/schemas/requirements';
import * as z from 'zod';
import { specProjectList } from '../demands';
import * as specs from '../specs';
import { enterprise, enterpriseParams, itemParams, requirementTags as tags } from './user-requirements';

const BASE = '/api/pms/{identifier}/productRequirementSpecs';
const params = itemParams('A spec id');
const UpdatedSchema = z.object({ updated: z.number().int() });

// Static paths (`list`, `statusList`, `batch`, `review`, ...) are registered before `{id}`.
const route = tenantRoutes(enterprise, tags);

const listRoute = route.get(`${BASE}/list`, 'product:spec:list', {
  summary: "A product's specs, newest first; moduleId includes its sub-modules",
  request: { params: enterpriseParams, query: SpecListQuerySchema },
  responses: { ...ok200(pageSchema(SpecSchema), 'A page of specs'), ...failures(400, 401, 403, 404) },
});

const statusListRoute = route.get(`${BASE}/statusList`, 'product:spec:list', {
  summary: 'The statuses of specs (demandSpecStatus)',
  request: { params: enterpriseParams },
  responses: { ...ok200(z.array(LookupEntrySchema), 'Statuses'), ...failures(401, 403, 404) },
});

const projectListRoute = route.get(`${BASE}/{id}/projectList`, 'product:spec:list', {
  summary: 'The project demands that carry the spec',
  request: { params },
  responses: { ...ok200(z.array(SpecDemandSchema), 'Demands'), ...failures(401, 403, 404) },
});

const getRoute = route.get(`${BASE}/{id}`, 'product:spec:list', {
  summary: 'One spec with its description, acceptance criteria and user requirement',
  request: { params },
  responses: { ...ok200(SpecDetailSchema, 'The spec'), ...failures(401, 403, 404) },
});

const createSpecRoute = route.post(BASE, 'product:spec:add', {
  summary: 'Create a spec, pending review, numbered SR-n; userRequirementId refines a reviewed requirement',
  request: { params: enterpriseParams, body: jsonBody(SpecBodySchema) },
  responses: { ...created201(SpecDetailSchema, 'The new spec'), ...failures(400, 401, 403, 404, 409) },
});

const updateRoute = route.put(BASE, 'product:spec:edit', {
  summary: 'Edit a spec pending review or rejected; status 2 reopens a completed one',
  request: { params: enterpriseParams, body: jsonBody(SpecUpdateBodySchema) },
  responses: { ...ok200(SpecDetailSchema, 'The spec'), ...failures(400, 401, 403, 404, 409) },
});

const batchRoute = route.put(`${BASE}/batch`, 'product:spec:edit', {
  summary: 'The same changes to up to 40 specs, all or nothing; status 3 completes them',
  request: { params: enterpriseParams, body: jsonBody(SpecBatchBodySchema) },
  responses: { ...ok200(UpdatedSchema, 'How many specs changed'), ...failures(400, 401, 403, 404, 409) },
});

const reviewRoute = route.put(`${BASE}/review`, 'product:spec:review', {
  summary: 'Pass or reject a spec pending review or changed; product members only',
  request: { params: enterpriseParams, body: jsonBody(ReviewBodySchema) },
  responses: { ...ok200(SpecDetailSchema, 'The spec'), ...failures(400, 401, 403, 404, 409) },
});

const changeRoute = route.put(`${BASE}/change`, 'product:spec:change', {
  summary: 'Change a reviewed, planning or completed spec with a reason; it goes back for review',
  request: { params: enterpriseParams, body: jsonBody(SpecChangeBodySchema) },
  responses: { ...ok200(SpecDetailSchema, 'The spec'), ...failures(400, 401, 403, 404, 409) },
});

const activePlanRoute = route.put(`${BASE}/activePlan`, 'product:spec:edit', {
  summary: 'Move reviewed or planning specs into a plan of their product, or out of it (planId null)',
  request: { params: enterpriseParams, body: jsonBody(ActivePlanBodySchema) },
  responses: { ...ok200(UpdatedSchema, 'How many specs moved'), ...failures(400, 401, 403, 404, 409) },
});

const deleteRoute = route.delete(`${BASE}/{id}`, 'product:spec:remove', {
  summary: 'Delete a spec no project demand carries',
  request: { params },
  responses: { ...ok200(z.null(), 'Deleted'), ...failures(401, 403, 404, 409) },
});

export const requirementSpecRoutes = createRouter()
  .openapi(listRoute, async (c) => ok(c, await specs.listSpecs(enterpriseOf(c), c.req.valid('query'))))
  .openapi(statusListRoute, (c) => ok(c, specs.specStatusList()))
  .openapi(projectListRoute, async (c) => ok(c, await specProjectList(enterpriseOf(c), pathId(c))))
  .openapi(getRoute, async (c) => ok(c, await specs.getSpec(enterpriseOf(c), pathId(c))))
  .openapi(createSpecRoute, async (c) =>
    created(c, await specs.createSpec(enterpriseOf(c), callerOf(c), c.req.valid('json'))),
  )
  .openapi(batchRoute, async (c) =>
    ok(c, await specs.batchUpdateSpecs(enterpriseOf(c), callerOf(c), c.req.valid('json'))),
  )
  .openapi(reviewRoute, async (c) =>
    ok(c, await specs.reviewSpec(enterpriseOf(c), callerOf(c), c.req.valid('json'))),
  )
  .openapi(changeRoute, async (c) =>
    ok(c, await specs.changeSpec(enterpriseOf(c), callerOf(c), c.req.valid('json'))),
  )
  .openapi(activePlanRoute, async (c) =>
    ok(c, await specs.activePlan(enterpriseOf(c), callerOf(c), c.req.valid('json'))),
  )
  .openapi(updateRoute, async (c) =>
    ok(c, await specs.updateSpec(enterpriseOf(c), callerOf(c), c.req.valid('json'))),
  )
  .openapi(deleteRoute, removeById(specs.deleteSpec));
