/** Enterprises: create, list mine, read, edit settings, delete. */

import { createRouter } from '@core/http/group';
import { callerOf } from '@core/http/handlers';
import { publicOrigin } from '@core/http/origin';
import { enterpriseIdParam, identifierParam } from '@core/http/params';
import {
  ANY_MEMBER,
  byId,
  byIdentifier,
  created,
  created201,
  failures,
  jsonBody,
  ok,
  ok200,
  tenantRoutes,
  userRoutes,
} from '@core/http/route';
import { enterpriseView } from '@core/identity/views';
import {
  CreateEnterpriseBodySchema,
  DeleteEnterpriseQuerySchema,
  EnterpriseSchema,
  UpdateEnterpriseBodySchema,
} from '@shared/schemas/enterprise';
import * as z from 'zod';
import * as enterprises from '../enterprises';

const tags = ['enterprise'];
const BASE = '/api/pms/pmsEnterprise';

const signedIn = userRoutes(tags);

const createRouteDef = signedIn.post(BASE, {
  summary: 'Create an enterprise; the creator becomes its owner with the admin role',
  request: { body: jsonBody(CreateEnterpriseBodySchema) },
  responses: { ...created201(EnterpriseSchema, 'The new enterprise'), ...failures(400, 401, 409) },
});

const myListRoute = signedIn.get(`${BASE}/myList`, {
  summary: 'The enterprises the current user belongs to',
  responses: { ...ok200(z.array(EnterpriseSchema), 'Enterprises, by name'), ...failures(401) },
});

const route = tenantRoutes(byIdentifier('identifier'), tags);
const byIdRoute = tenantRoutes(byId('id'), tags);

const getRoute = route.get(`${BASE}/{identifier}`, ANY_MEMBER, {
  summary: 'One enterprise (members only)',
  request: { params: z.object({ identifier: identifierParam }) },
  responses: { ...ok200(EnterpriseSchema, 'The enterprise'), ...failures(401, 404) },
});

const updateRoute = byIdRoute.put(`${BASE}/{id}`, 'enterprise:settings:edit', {
  summary: 'Edit the settings (the identifier never changes)',
  request: { params: z.object({ id: enterpriseIdParam }), body: jsonBody(UpdateEnterpriseBodySchema) },
  responses: { ...ok200(EnterpriseSchema, 'The edited enterprise'), ...failures(400, 401, 403, 404, 409) },
});

const deleteRoute = byIdRoute.delete(`${BASE}/{id}`, 'enterprise:settings:remove', {
  summary: 'Delete the enterprise and everything it holds; confirmIdentifier must repeat its identifier',
  request: { params: z.object({ id: enterpriseIdParam }), query: DeleteEnterpriseQuerySchema },
  responses: { ...ok200(z.null(), 'Deleted'), ...failures(400, 401, 403, 404) },
});

// myList is registered before {identifier}, so it is never taken for an identifier.
export const enterpriseRoutes = createRouter()
  .openapi(createRouteDef, async (c) => {
    const enterprise = await enterprises.createEnterprise(callerOf(c), c.req.valid('json'), publicOrigin(c));
    return created(c, enterpriseView(enterprise));
  })
  .openapi(myListRoute, async (c) => {
    const list = await enterprises.listEnterprisesOf(callerOf(c));
    return ok(c, list.map(enterpriseView));
  })
  .openapi(getRoute, (c) => ok(c, enterpriseView(c.var.tenant.enterprise)))
  .openapi(updateRoute, async (c) => {
    const enterprise = await enterprises.updateEnterprise(c.var.tenant.enterprise, c.req.valid('json'));
    return ok(c, enterpriseView(enterprise));
  })
  .openapi(deleteRoute, async (c) => {
    await enterprises.deleteEnterprise(c.var.tenant.enterprise, c.req.valid('query').confirmIdentifier);
    return ok(c, null);
  });
