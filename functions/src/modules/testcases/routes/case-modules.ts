/**
 * The case module tree: `pmsProjectTestcaseModule` treeList, CRUD and syncByProductModule
 * (docs/api-conventions.md, "Test management"). Static paths come before `{id}`.
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
  CaseModuleBodySchema,
  CaseModuleNodeSchema,
  CaseModuleSchema,
  CaseModuleUpdateBodySchema,
  ModuleSyncResultSchema,
  ProjectQuerySchema,
} from '@shared/schemas/testcases';
import * as z from 'zod';
import * as modules from '../case-modules';

const BASE = '/api/pms/{identifier}/pmsProjectTestcaseModule';
const tags = ['testcases'];
const tenant = byIdentifier('identifier');

const params = z.object({ identifier: identifierParam });
const moduleParams = tenantIdParams('A case module id ({projectId}.{localId})');

const route = tenantRoutes(tenant, tags);

const treeRoute = route.get(`${BASE}/treeList`, 'test:case:list', {
  summary: "The project's case module tree, with each module's case count",
  request: { params, query: ProjectQuerySchema },
  responses: { ...ok200(z.array(CaseModuleNodeSchema), 'The tree'), ...failures(400, 401, 403, 404) },
});

const syncRoute = route.post(`${BASE}/syncByProductModule`, 'test:case:add', {
  summary: "Copy the project's product's module tree into its case modules (idempotent)",
  request: { params, body: jsonBody(ProjectQuerySchema) },
  responses: { ...ok200(ModuleSyncResultSchema, 'What the sync did'), ...failures(400, 401, 403, 404, 409) },
});

const createModuleRoute = route.post(BASE, 'test:case:add', {
  summary: 'Create a case module (at most 5 levels; names unique among siblings)',
  request: { params, body: jsonBody(CaseModuleBodySchema) },
  responses: { ...created201(CaseModuleSchema, 'The new module'), ...failures(400, 401, 403, 404, 409) },
});

const updateRoute = route.put(`${BASE}/{id}`, 'test:case:edit', {
  summary: 'Rename or move a case module at the version read; cycles and depth over 5 are 400',
  request: { params: moduleParams, body: jsonBody(CaseModuleUpdateBodySchema) },
  responses: { ...ok200(CaseModuleSchema, 'The module'), ...failures(400, 401, 403, 404, 409) },
});

const deleteRoute = route.delete(`${BASE}/{id}`, 'test:case:remove', {
  summary: 'Delete a case module; 409 while it has sub-modules or cases',
  request: { params: moduleParams },
  responses: { ...ok200(z.null(), 'Deleted'), ...failures(401, 403, 404, 409) },
});

export const caseModuleRoutes = createRouter()
  .openapi(treeRoute, async (c) =>
    ok(c, await modules.caseModuleTree(enterpriseOf(c), c.req.valid('query').pmsProjectId)),
  )
  .openapi(syncRoute, async (c) =>
    ok(c, await modules.syncByProductModule(enterpriseOf(c), c.req.valid('json').pmsProjectId)),
  )
  .openapi(createModuleRoute, async (c) =>
    created(c, await modules.createCaseModule(enterpriseOf(c), c.req.valid('json'))),
  )
  .openapi(updateRoute, async (c) =>
    ok(c, await modules.updateCaseModule(enterpriseOf(c), pathId(c), c.req.valid('json'))),
  )
  .openapi(deleteRoute, removeById(modules.deleteCaseModule));
