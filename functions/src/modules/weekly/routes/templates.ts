/** Report templates: the list (the two defaults and the enterprise's), add and delete (administrators). */

import { createRouter } from '@core/http/group';
import { callerOf, enterpriseOf, removeById } from '@core/http/handlers';
import { created, created201, failures, jsonBody, ok, ok200, tenantRoutes } from '@core/http/route';
import { TemplateBodySchema, TemplateSchema } from '@shared/schemas/weekly';
import * as z from 'zod';
import { addTemplate, listTemplates, removeTemplate } from '../templates';
import { BASE, params, tags, templateParams, tenant } from './params';

const route = tenantRoutes(tenant, tags);

const listRoute = route.get(`${BASE}/templates`, 'project:weekly:list', {
  summary: "The templates: section 9's two defaults, then the enterprise's by name",
  request: { params },
  responses: { ...ok200(z.array(TemplateSchema), 'The templates'), ...failures(401, 403, 404) },
});

const addRoute = route.post(`${BASE}/templates`, 'project:weekly:template', {
  summary: 'Add an enterprise template: named sections of text or a table, each may show a list of items',
  request: { params, body: jsonBody(TemplateBodySchema) },
  responses: { ...created201(TemplateSchema, 'The template'), ...failures(400, 401, 403, 404, 409) },
});

const deleteRoute = route.delete(`${BASE}/templates/{id}`, 'project:weekly:template', {
  summary: 'Delete an enterprise template (reports written from it keep their sections)',
  request: { params: templateParams },
  responses: { ...ok200(z.null(), 'Deleted'), ...failures(401, 403, 404, 409) },
});

export const templateRoutes = createRouter()
  .openapi(listRoute, async (c) => ok(c, await listTemplates(enterpriseOf(c))))
  .openapi(addRoute, async (c) =>
    created(c, await addTemplate(enterpriseOf(c), callerOf(c), c.req.valid('json'))),
  )
  .openapi(deleteRoute, removeById(removeTemplate));
