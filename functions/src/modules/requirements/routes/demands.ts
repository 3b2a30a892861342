/** Specs into projects (`/api/pms/{identifier}/pmsProductRequirement`): push a spec, link or unlink a demand. */

import { createRouter } from '@core/http/group';
import { callerOf, enterpriseOf } from '@core/http/handlers';
import { created, created201, failures, jsonBody, ok, ok200, tenantRoutes } from '@core/http/route';
import { LinkDemandBodySchema, PushSpecBodySchema, SpecDemandSchema } from '@shared/schemas/requirements';
import * as demands from '../demands';
import { enterprise, enterpriseParams, requirementTags as tags } from './user-requirements';

const BASE = '/api/pms/{identifier}/pmsProductRequirement';

const route = tenantRoutes(enterprise, tags);

const pushRoute = route.post(BASE, 'project:issue:add', {
  summary:
    "Push a reviewed or planning spec into a project: a new demand with the spec's content, linked to it",
  request: { params: enterpriseParams, body: jsonBody(PushSpecBodySchema) },
  responses: { ...created201(SpecDemandSchema, 'The new demand'), ...failures(400, 401, 403, 404, 409) },
});

const linkRoute = route.put(BASE, 'project:issue:edit', {
  summary: 'Link an existing demand to a spec (replacing its spec), or unlink it with specId null',
  request: { params: enterpriseParams, body: jsonBody(LinkDemandBodySchema) },
  responses: {
    ...ok200(SpecDemandSchema.nullable(), 'The demand, or null after unlinking'),
    ...failures(400, 401, 403, 404, 409),
  },
});

export const productDemandRoutes = createRouter()
  .openapi(pushRoute, async (c) =>
    created(c, await demands.pushSpec(enterpriseOf(c), callerOf(c), c.req.valid('json'))),
  )
  .openapi(linkRoute, async (c) =>
    ok(c, await demands.linkDemand(enterpriseOf(c), callerOf(c), c.req.valid('json'))),
  );
