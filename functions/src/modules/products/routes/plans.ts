/** A product's plans (`/api/pms/{identifier}/pmsProductPlan`): list, read, create, edit, delete. */

import { createRouter } from '@core/http/group';
import { callerOf, enterpriseOf, pathId, removeById } from '@core/http/handlers';
import { tenantIdParams } from '@core/http/params';
import { created, created201, failures, jsonBody, ok, ok200, tenantRoutes } from '@core/http/route';
import { pageSchema } from '@shared/schemas/common';
import {
  PlanBodySchema,
  PlanListQuerySchema,
  PlanSchema,
  PlanUpdateBodySchema,
} from '@shared/schemas/products';
import * as z from 'zod';
import * as plans from '../plans';
import { enterprise, enterpriseParams, productTags as tags } from './products';

const BASE = '/api/pms/{identifier}/pmsProductPlan';
const planParams = tenantIdParams('A plan id');

// `list` is registered before `{id}`, which would match it too.
const route = tenantRoutes(enterprise, tags);

const listRoute = route.get(`${BASE}/list`, 'product:plan:list', {
  summary: "The product's plans by end date (undated last); status filters on the status shown",
  request: { params: enterpriseParams, query: PlanListQuerySchema },
  responses: { ...ok200(pageSchema(PlanSchema), 'A page of plans'), ...failures(400, 401, 403, 404) },
});

const getRoute = route.get(`${BASE}/{id}`, 'product:plan:list', {
  summary: 'One plan',
  request: { params: planParams },
  responses: { ...ok200(PlanSchema, 'The plan'), ...failures(401, 403, 404) },
});

const createPlanRoute = route.post(BASE, 'product:plan:add', {
  summary: 'Create a plan; the end may not be before the start',
  request: { params: enterpriseParams, body: jsonBody(PlanBodySchema) },
  responses: { ...created201(PlanSchema, 'The new plan'), ...failures(400, 401, 403, 404) },
});

const updateRoute = route.put(BASE, 'product:plan:edit', {
  summary: 'Edit a plan (the fields sent) at the version read',
  request: { params: enterpriseParams, body: jsonBody(PlanUpdateBodySchema) },
  responses: { ...ok200(PlanSchema, 'The plan'), ...failures(400, 401, 403, 404, 409) },
});

const deleteRoute = route.delete(`${BASE}/{id}`, 'product:plan:remove', {
  summary: 'Delete a plan that holds no specs',
  request: { params: planParams },
  responses: { ...ok200(z.null(), 'Deleted'), ...failures(401, 403, 404, 409) },
});

export const productPlanRoutes = createRouter()
  .openapi(listRoute, async (c) => ok(c, await plans.listPlans(enterpriseOf(c), c.req.valid('query'))))
  .openapi(getRoute, async (c) => ok(c, await plans.getPlanView(enterpriseOf(c), pathId(c))))
  .openapi(createPlanRoute, async (c) =>
    created(c, await plans.createPlan(enterpriseOf(c), callerOf(c), c.req.valid('json'))),
  )
  .openapi(updateRoute, async (c) => ok(c, await plans.updatePlan(enterpriseOf(c), c.req.valid('json'))))
  .openapi(deleteRoute, removeById(plans.deletePlan));
