/**
 * User requirements (`/api/pms/{identifier}/productUserRequirement`): list, statuses, read, create,
 * edit / change / close / reopen, review, delete. The workflow is requirement-workflow.ts.
 */

import { createRouter } from '@core/http/group';
import { callerOf, enterpriseOf, pathId, removeById } from '@core/http/handlers';
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
import { LookupEntrySchema } from '@shared/schemas/products';
import {
  ReviewBodySchema,
  UserRequirementBodySchema,
  UserRequirementDetailSchema,
  UserRequirementListQuerySchema,
  UserRequirementSchema,
  UserRequirementUpdateBodySchema,
} from '@shared/schemas/requirements';
import * as z from 'zod';
import * as requirements from '../user-requirements';

const BASE = '/api/pms/{identifier}/productUserRequirement';
export const requirementTags = ['requirements'];
export const enterprise = byIdentifier('identifier');
export const enterpriseParams = z.object({ identifier: identifierParam });
/** Path params naming a product item by its product-scoped id. */
export const itemParams = (what: string) =>
  z.object({ identifier: identifierParam, id: z.string().min(1).max(64).meta({ description: what }) });

const tags = requirementTags;
const params = itemParams('A user requirement id');

// Static paths (`list`, `statusList`) are registered before `{id}`, which would match them too.
const route = tenantRoutes(enterprise, tags);

const listRoute = route.get(`${BASE}/list`, 'product:requirement:list', {
  summary: "A product's user requirements, newest first; moduleId includes its sub-modules",
  request: { params: enterpriseParams, query: UserRequirementListQuerySchema },
  responses: {
    ...ok200(pageSchema(UserRequirementSchema), 'A page of user requirements'),
    ...failures(400, 401, 403, 404),
  },
});

const statusListRoute = route.get(`${BASE}/statusList`, 'product:requirement:list', {
  summary: 'The statuses of user requirements',
  request: { params: enterpriseParams },
  responses: { ...ok200(z.array(LookupEntrySchema), 'Statuses'), ...failures(401, 403, 404) },
});

const getRoute = route.get(`${BASE}/{id}`, 'product:requirement:list', {
  summary: 'One user requirement with its description and the specs refined from it',
  request: { params },
  responses: { ...ok200(UserRequirementDetailSchema, 'The user requirement'), ...failures(401, 403, 404) },
});

const createRequirementRoute = route.post(BASE, 'product:requirement:add', {
  summary: 'Create a user requirement, pending review, numbered UR-n in its product',
  request: { params: enterpriseParams, body: jsonBody(UserRequirementBodySchema) },
  responses: {
    ...created201(UserRequirementDetailSchema, 'The new user requirement'),
    ...failures(400, 401, 403, 404, 409),
  },
});

const updateRoute = route.put(BASE, 'product:requirement:edit', {
  summary:
    'Edit (pending review or rejected), change with a reason (reviewed or refined), close (status 4) or reopen (status 1)',
  request: { params: enterpriseParams, body: jsonBody(UserRequirementUpdateBodySchema) },
  responses: {
    ...ok200(UserRequirementDetailSchema, 'The user requirement'),
    ...failures(400, 401, 403, 404, 409),
  },
});

const reviewRoute = route.put(`${BASE}/review`, 'product:requirement:review', {
  summary: 'Pass or reject a user requirement pending review or changed; product members only',
  request: { params: enterpriseParams, body: jsonBody(ReviewBodySchema) },
  responses: {
    ...ok200(UserRequirementDetailSchema, 'The user requirement'),
    ...failures(400, 401, 403, 404, 409),
  },
});

const deleteRoute = route.delete(`${BASE}/{id}`, 'product:requirement:remove', {
  summary: 'Delete a user requirement no spec refines',
  request: { params },
  responses: { ...ok200(z.null(), 'Deleted'), ...failures(401, 403, 404, 409) },
});

export const userRequirementRoutes = createRouter()
  .openapi(listRoute, async (c) =>
    ok(c, await requirements.listUserRequirements(enterpriseOf(c), c.req.valid('query'))),
  )
  .openapi(statusListRoute, (c) => ok(c, requirements.userRequirementStatusList()))
  .openapi(getRoute, async (c) => ok(c, await requirements.getUserRequirement(enterpriseOf(c), pathId(c))))
  .openapi(createRequirementRoute, async (c) =>
    created(c, await requirements.createUserRequirement(enterpriseOf(c), callerOf(c), c.req.valid('json'))),
  )
  .openapi(reviewRoute, async (c) =>
    ok(c, await requirements.reviewUserRequirement(enterpriseOf(c), callerOf(c), c.req.valid('json'))),
  )
  .openapi(updateRoute, async (c) =>
    ok(c, await requirements.updateUserRequirement(enterpriseOf(c), callerOf(c), c.req.valid('json'))),
  )
  .openapi(deleteRoute, removeById(requirements.deleteUserRequirement));
