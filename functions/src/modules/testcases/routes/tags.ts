/**
 * Case tags (`pmsProjectTestcaseTag`: list and CRUD, an enterprise-wide vocabulary) and case
 * types (`pmsProjectTestcaseType/list`, a fixed list). `list` comes before `{id}`.
 */

import { createRouter } from '@core/http/group';
import { enterpriseOf, pathId, removeById } from '@core/http/handlers';
import { identifierParam } from '@core/http/params';
import {
  byIdentifier,
  created,
  created201,
  failures,
  jsonBody,
  ok,
  ok200,
  tenantRoute,
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
const tagParams = z.object({
  identifier: identifierParam,
  id: z.string().min(1).max(64).meta({ description: 'A case tag id' }),
});

const listRoute = tenantRoute(tenant, 'test:case:list', {
  method: 'get',
  path: `${BASE}/list`,
  tags,
  summary: "The enterprise's case tags, by name",
  request: { params },
  responses: { ...ok200(z.array(CaseTagSchema), 'Tags'), ...failures(401, 403, 404) },
});

const createTagRoute = tenantRoute(tenant, 'test:case:add', {
  method: 'post',
  path: BASE,
  tags,
  summary: 'Create a case tag; its name is unique in the enterprise (ignoring case)',
  request: { params, body: jsonBody(CaseTagBodySchema) },
  responses: { ...created201(CaseTagSchema, 'The new tag'), ...failures(400, 401, 403, 404, 409) },
});

const updateTagRoute = tenantRoute(tenant, 'test:case:edit', {
  method: 'put',
  path: `${BASE}/{id}`,
  tags,
  summary: 'Rename or recolour a case tag at the version read',
  request: { params: tagParams, body: jsonBody(CaseTagUpdateBodySchema) },
  responses: { ...ok200(CaseTagSchema, 'The tag'), ...failures(400, 401, 403, 404, 409) },
});

const deleteTagRoute = tenantRoute(tenant, 'test:case:remove', {
  method: 'delete',
  path: `${BASE}/{id}`,
  tags,
  summary: 'Delete a case tag; cases stop showing it',
  request: { params: tagParams },
  responses: { ...ok200(z.null(), 'Deleted'), ...failures(401, 403, 404) },
});

const typesRoute = tenantRoute(tenant, 'test:case:list', {
  method: 'get',
  path: '/api/pms/{identifier}/pmsProjectTestcaseType/list',
  tags,
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
