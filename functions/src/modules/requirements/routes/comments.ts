/** Comments on user requirements, specs and plans (`/api/pms/{identifier}/pmsJournals`). */

import { createRouter } from '@core/http/group';
import { callerOf, enterpriseOf, pathId } from '@core/http/handlers';
import { identifierParam } from '@core/http/params';
import { created, created201, failures, jsonBody, ok, ok200, tenantRoutes } from '@core/http/route';
import { pageSchema } from '@shared/schemas/common';
import {
  ProductJournalBodySchema,
  ProductJournalIdSchema,
  ProductJournalListQuerySchema,
  ProductJournalSchema,
  ProductJournalUpdateBodySchema,
} from '@shared/schemas/requirements';
import * as z from 'zod';
import * as journals from '../comments';
import { enterprise, enterpriseParams, requirementTags as tags } from './user-requirements';

const BASE = '/api/pms/{identifier}/pmsJournals';

const journalParams = z.object({
  identifier: identifierParam,
  id: ProductJournalIdSchema.meta({ description: 'A comment id ({objectId}.{localId})' }),
});

const route = tenantRoutes(enterprise, tags);

const listRoute = route.get(`${BASE}/list`, 'product:product:list', {
  summary: 'The comments on a user requirement, spec or plan, oldest first',
  request: { params: enterpriseParams, query: ProductJournalListQuerySchema },
  responses: {
    ...ok200(pageSchema(ProductJournalSchema), 'A page of comments'),
    ...failures(400, 401, 403, 404),
  },
});

const createJournalRoute = route.post(BASE, 'product:requirement:comment', {
  summary: 'Comment on a user requirement, spec or plan',
  request: { params: enterpriseParams, body: jsonBody(ProductJournalBodySchema) },
  responses: { ...created201(ProductJournalSchema, 'The comment'), ...failures(400, 401, 403, 404) },
});

const updateRoute = route.put(BASE, 'product:requirement:comment', {
  summary: "Edit one's own comment",
  request: { params: enterpriseParams, body: jsonBody(ProductJournalUpdateBodySchema) },
  responses: { ...ok200(ProductJournalSchema, 'The comment'), ...failures(400, 401, 403, 404, 409) },
});

const deleteRoute = route.delete(`${BASE}/{id}`, 'product:requirement:comment', {
  summary: "Delete one's own comment",
  request: { params: journalParams },
  responses: { ...ok200(z.null(), 'Deleted'), ...failures(401, 403, 404) },
});

export const productJournalRoutes = createRouter()
  .openapi(listRoute, async (c) =>
    ok(c, await journals.listProductJournals(enterpriseOf(c), c.req.valid('query'))),
  )
  .openapi(createJournalRoute, async (c) =>
    created(c, await journals.addProductJournal(enterpriseOf(c), callerOf(c), c.req.valid('json'))),
  )
  .openapi(updateRoute, async (c) =>
    ok(c, await journals.editProductJournal(enterpriseOf(c), callerOf(c), c.req.valid('json'))),
  )
  .openapi(deleteRoute, async (c) => {
    await journals.deleteProductJournal(enterpriseOf(c), callerOf(c), pathId(c));
    return ok(c, null);
  });
