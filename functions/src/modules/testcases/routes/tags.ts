/**
 * Case tags (`pmsProjectTestcaseTag`: list and CRUD, an enterprise-wide vocabulary) and case
 * types (`pmsProjectTestcaseType/list`, a fixed list). `list` comes before `{id}`.
 */

import { createRouter } from '@core/http/group';
import { enterpriseOf, pathId, removeById } from '@core/http/handlers';
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
import {
  CaseTagBodySchema,
  CaseTagSchema,
  CaseTagUpdateBodySchema,
  CaseTypeEntrySchema,
} from '@shared/schemas/testcases';
import * as z from 'zod';
import * as caseTags from '../tags';

const BASE = '/api/pms/{identifier}/pmsProjectTestcaseTag';
const tags = ['testcases'];
const tenant = byIdentifier('identifier');

const params = z.object({ identifier: identifierParam });
const tagParams = tenantIdParams('A case tag id');

const route = tenantRoutes(tenant, tags);

const listRoute = route.get(`${BASE}/list`, 'test:case:list', {
  summary: "The enterprise's case tags, by name",
  request: { params },
  responses: { ...ok200(z.array(CaseTagSchema), 'Tags'), ...failures(401, 403, 404) },
});

const createTagRoute = route.post(BASE, 'test:case:add', {
  summary: 'Create a case tag; its name is unique in the enterprise (ignoring case)',
  request: { params, body: jsonBody(CaseTagBodySchema) },
  responses: { ...created201(CaseTagSchema, 'The new tag'), ...failures(400, 401, 403, 404, 409) },
});

const updateTagRoute = route.put(`${BASE}/{id}`, 'test:case:edit', {
  summary: 'Rename or recolour a case tag at the version read',
  request: { params: tagParams, body: jsonBody(CaseTagUpdateBodySchema) },
  responses: { ...ok200(CaseTagSchema, 'The tag'), ...failures(400, 401, 403, 404, 409) },
});

const deleteTagRoute = route.delete(`${BASE}/{id}`, 'test:case:remove', {
  summary: 'Delete a case tag; cases stop showing it',
  request: { params: tagParams },
  responses: { ...ok200(z.null(), 'Deleted'), ...failures(401, 403, 404) },
});

const typesRoute = route.get('/api/pms/{identifier}/pmsProjectTestcaseType/list', 'test:case:list', {
  summary: 'The case types (a fixed list)',
  request: { params },
  responses: { ...ok200(z.array(CaseTypeEntrySchema), 'Case types'), ...failures(401, 403, 404) },
});

export const caseTagRoutes = createRouter()
  .openapi(listRoute, async (c) => ok(c, await caseTags.listCaseTags(enterpriseOf(c))))
  .openapi(createTagRoute, async (c) =>
    created(c, await caseTags.createCaseTag(enterpriseOf(c), c.req.valid('json'))),
  )
  .openapi(updateTagRoute, async (c) =>
    ok(c, await caseTags.updateCaseTag(enterpriseOf(c), pathId(c), c.req.valid('json'))),
  )
  .openapi(deleteTagRoute, removeById(caseTags.deleteCaseTag))
  .openapi(typesRoute, (c) => ok(c, caseTags.listCaseTypes()));
