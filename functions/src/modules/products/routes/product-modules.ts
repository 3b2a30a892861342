/** A product's module tree (`/api/pms/{identifier}/pmsProductModule`): list, tree, create, move, delete. */

import { createRouter } from '@core/http/group';
import { enterpriseOf, removeById } from '@core/http/handlers';
import { tenantIdParams } from '@core/http/params';
import { created, created201, failures, jsonBody, ok, ok200, tenantRoutes } from '@core/http/route';
import {
  ModuleBodySchema,
  ModuleUpdateBodySchema,
  ProductModuleNodeSchema,
  ProductModuleSchema,
  ProductQuerySchema,
} from '@shared/schemas/products';
import * as z from 'zod';
import * as modules from '../product-modules';
import { enterprise, enterpriseParams, productTags as tags } from './products';

const BASE = '/api/pms/{identifier}/pmsProductModule';
const moduleParams = tenantIdParams('A module id');

const route = tenantRoutes(enterprise, tags);

const listRoute = route.get(`${BASE}/list`, 'product:product:list', {
  summary: "The product's modules, flat, parents before children (siblings by sort, then name)",
  request: { params: enterpriseParams, query: ProductQuerySchema },
  responses: { ...ok200(z.array(ProductModuleSchema), 'Modules'), ...failures(400, 401, 403, 404) },
});

const treeRoute = route.get(`${BASE}/treeList`, 'product:product:list', {
  summary: "The product's modules as a tree built from id/root_id",
  request: { params: enterpriseParams, query: ProductQuerySchema },
  responses: {
    ...ok200(z.array(ProductModuleNodeSchema), 'The module tree'),
    ...failures(400, 401, 403, 404),
  },
});

const createModuleRoute = route.post(BASE, 'product:module:add', {
  summary: 'Create a module, at the top or under root_id; names are unique among siblings',
  request: { params: enterpriseParams, body: jsonBody(ModuleBodySchema) },
  responses: { ...created201(ProductModuleSchema, 'The new module'), ...failures(400, 401, 403, 404, 409) },
});

const updateRoute = route.put(BASE, 'product:module:edit', {
  summary: 'Rename or move a module at the version read; never under itself or its sub-modules',
  request: { params: enterpriseParams, body: jsonBody(ModuleUpdateBodySchema) },
  responses: { ...ok200(ProductModuleSchema, 'The module'), ...failures(400, 401, 403, 404, 409) },
});

const deleteRoute = route.delete(`${BASE}/{id}`, 'product:module:remove', {
  summary: 'Delete a module that has no sub-modules, requirements or specs',
  request: { params: moduleParams },
  responses: { ...ok200(z.null(), 'Deleted'), ...failures(401, 403, 404, 409) },
});

export const productModuleRoutes = createRouter()
  .openapi(listRoute, async (c) =>
    ok(c, await modules.moduleList(enterpriseOf(c), c.req.valid('query').productId)),
  )
  .openapi(treeRoute, async (c) =>
    ok(c, await modules.moduleTree(enterpriseOf(c), c.req.valid('query').productId)),
  )
  .openapi(createModuleRoute, async (c) =>
    created(c, await modules.createModule(enterpriseOf(c), c.req.valid('json'))),
  )
  .openapi(updateRoute, async (c) => ok(c, await modules.updateModule(enterpriseOf(c), c.req.valid('json'))))
  .openapi(deleteRoute, removeById(modules.deleteModule));
