/**
 * Products (`/api/pms/{identifier}/pmsProduct`): list, members for pickers, read, create, edit,
 * pin (by key) and bulk delete.
 */

import { createRouter } from '@core/http/group';
import { callerOf, enterpriseOf, pathId } from '@core/http/handlers';
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
import { pageSchema } from '@shared/schemas/common';
import {
  BulkIdsSchema,
  OperateTopBodySchema,
  ProductBodySchema,
  ProductListQuerySchema,
  ProductSchema,
  ProductUpdateBodySchema,
  ProductUserListQuerySchema,
} from '@shared/schemas/products';
import { UserSummarySchema } from '@shared/schemas/projects';
import * as z from 'zod';
import * as products from '../products';

export const PRODUCT_BASE = '/api/pms/{identifier}/pmsProduct';
export const productTags = ['products'];
export const enterprise = byIdentifier('identifier');
export const enterpriseParams = z.object({ identifier: identifierParam });
export const productIdParams = tenantIdParams('A product id');

const tags = productTags;

// Static paths (`list`, `userList`) are registered before `{id}`, which would match them too.
const route = tenantRoutes(enterprise, tags);

const listRoute = route.get(`${PRODUCT_BASE}/list`, 'product:product:list', {
  summary: "The enterprise's products, pinned first, then newest first; keyword matches name or key",
  request: { params: enterpriseParams, query: ProductListQuerySchema },
  responses: { ...ok200(pageSchema(ProductSchema), 'A page of products'), ...failures(400, 401, 403, 404) },
});

const userListRoute = route.get(`${PRODUCT_BASE}/userList`, 'product:product:list', {
  summary: "The product's members for pickers; keyword matches login or nickname",
  request: { params: enterpriseParams, query: ProductUserListQuerySchema },
  responses: { ...ok200(z.array(UserSummarySchema), 'Members'), ...failures(400, 401, 403, 404) },
});

const getRoute = route.get(`${PRODUCT_BASE}/{id}`, 'product:product:list', {
  summary: 'One product',
  request: { params: productIdParams },
  responses: { ...ok200(ProductSchema, 'The product'), ...failures(401, 403, 404) },
});

const createProductRoute = route.post(PRODUCT_BASE, 'product:product:add', {
  summary: 'Create a product; its key is unique in the enterprise',
  request: { params: enterpriseParams, body: jsonBody(ProductBodySchema) },
  responses: { ...created201(ProductSchema, 'The new product'), ...failures(400, 401, 403, 404, 409) },
});

const updateRoute = route.put(PRODUCT_BASE, 'product:product:edit', {
  summary: 'Edit a product (the fields sent) at the version read; the key cannot change',
  request: { params: enterpriseParams, body: jsonBody(ProductUpdateBodySchema) },
  responses: { ...ok200(ProductSchema, 'The edited product'), ...failures(400, 401, 403, 404, 409) },
});

const operateTopRoute = route.put(`${PRODUCT_BASE}/operateTop/{productIdentifier}`, 'product:product:edit', {
  summary: 'Pin a product to the top of the list, or unpin it, for the whole enterprise',
  request: {
    params: z.object({
      identifier: identifierParam,
      productIdentifier: z.string().min(1).max(64).meta({ description: 'The product key, e.g. CRM' }),
    }),
    body: jsonBody(OperateTopBodySchema),
  },
  responses: { ...ok200(ProductSchema, 'The product'), ...failures(400, 401, 403, 404) },
});

const deleteRoute = route.delete(`${PRODUCT_BASE}/{ids}`, 'product:product:remove', {
  summary: 'Delete products (comma-separated ids) and everything in them; an unknown id deletes nothing',
  request: {
    params: z.object({
      identifier: identifierParam,
      ids: BulkIdsSchema('ids').meta({ description: 'Product ids, comma-separated' }),
    }),
  },
  responses: { ...ok200(z.null(), 'Deleted'), ...failures(400, 401, 403, 404) },
});

export const productRoutes = createRouter()
  .openapi(listRoute, async (c) =>
    ok(c, await products.listProducts(enterpriseOf(c), callerOf(c), c.req.valid('query'))),
  )
  .openapi(userListRoute, async (c) => {
    const { productId, keyword } = c.req.valid('query');
    return ok(c, await products.userList(enterpriseOf(c), productId, keyword));
  })
  .openapi(getRoute, async (c) => ok(c, await products.getProduct(enterpriseOf(c), callerOf(c), pathId(c))))
  .openapi(createProductRoute, async (c) =>
    created(c, await products.createProduct(enterpriseOf(c), callerOf(c), c.req.valid('json'))),
  )
  .openapi(updateRoute, async (c) =>
    ok(c, await products.updateProduct(enterpriseOf(c), callerOf(c), c.req.valid('json'))),
  )
  .openapi(operateTopRoute, async (c) => {
    const { productIdentifier } = c.req.valid('param');
    const { top } = c.req.valid('json');
    return ok(c, await products.operateTop(enterpriseOf(c), callerOf(c), productIdentifier, top));
  })
  .openapi(deleteRoute, async (c) => {
    await products.deleteProducts(enterpriseOf(c), c.req.valid('param').ids);
    return ok(c, null);
  });
