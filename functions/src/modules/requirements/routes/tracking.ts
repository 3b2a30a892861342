/**
 * Tracking of requirements and specs (`/api/pms/{identifier}/productRequirementTracking/{id}/...`):
 * change records, the plan a spec is in, and the test cases that cover it.
 */

import { createRouter } from '@core/http/group';
import { enterpriseOf, pathId } from '@core/http/handlers';
import { failures, ok, ok200, tenantRoutes } from '@core/http/route';
import { AssociatedPlanSchema, ChangeRecordSchema, SpecTestcaseSchema } from '@shared/schemas/requirements';
import * as z from 'zod';
import * as specs from '../specs';
import { userRequirementChangeRecords } from '../user-requirements';
import { enterprise, itemParams, requirementTags as tags } from './user-requirements';

const BASE = '/api/pms/{identifier}/productRequirementTracking/{id}';

const route = tenantRoutes(enterprise, tags);

const userRequirementRecordsRoute = route.get(`${BASE}/userReqChangeRecord`, 'product:requirement:list', {
  summary: "A user requirement's tracking records, oldest first",
  request: { params: itemParams('A user requirement id') },
  responses: { ...ok200(z.array(ChangeRecordSchema), 'Records'), ...failures(401, 403, 404) },
});

const specRecordsRoute = route.get(`${BASE}/reqSpecsChangeRecord`, 'product:spec:list', {
  summary: "A spec's tracking records, oldest first",
  request: { params: itemParams('A spec id') },
  responses: { ...ok200(z.array(ChangeRecordSchema), 'Records'), ...failures(401, 403, 404) },
});

const planRoute = route.get(`${BASE}/associatedPlan`, 'product:spec:list', {
  summary: 'The plan the spec is in, or null',
  request: { params: itemParams('A spec id') },
  responses: { ...ok200(AssociatedPlanSchema, 'The plan'), ...failures(401, 403, 404) },
});

const testcaseRoute = route.get(`${BASE}/associatedTestcase`, 'product:spec:list', {
  summary: 'The test cases that cover the spec (written by test management)',
  request: { params: itemParams('A spec id') },
  responses: { ...ok200(z.array(SpecTestcaseSchema), 'Test cases'), ...failures(401, 403, 404) },
});

export const requirementTrackingRoutes = createRouter()
  .openapi(userRequirementRecordsRoute, async (c) =>
    ok(c, await userRequirementChangeRecords(enterpriseOf(c), pathId(c))),
  )
  .openapi(specRecordsRoute, async (c) => ok(c, await specs.specChangeRecords(enterpriseOf(c), pathId(c))))
  .openapi(planRoute, async (c) => ok(c, await specs.associatedPlan(enterpriseOf(c), pathId(c))))
  .openapi(testcaseRoute, async (c) => ok(c, await specs.associatedTestcases(enterpriseOf(c), pathId(c))));
