/** The trash, search, and the pages that reference a work item or spec ("Referenced in docs"). */

import { createRouter } from '@core/http/group';
import { pathId } from '@core/http/handlers';
import { failures, ok, ok200, tenantRoutes } from '@core/http/route';
import { pageSchema } from '@shared/schemas/common';
import {
  DocDetailSchema,
  DocReferrerSchema,
  ReferencesQuerySchema,
  SearchHitSchema,
  SearchQuerySchema,
  TrashEntrySchema,
  TrashQuerySchema,
} from '@shared/schemas/docs';
import * as z from 'zod';
import { referrers } from '../references';
import { searchDocs } from '../search';
import { listTrash, purgeFromTrash, restoreFromTrash } from '../trash';
import { docParams, PMS, spaceParams, tags, tenant } from './params';

const route = tenantRoutes(tenant, tags);

const trashRoute = route.get(`${PMS}/docs/trash`, 'docs:doc:list', {
  summary: "A page of a library's trash, most recently deleted first",
  request: { params: spaceParams, query: TrashQuerySchema },
  responses: {
    ...ok200(pageSchema(TrashEntrySchema), 'A page of the trash'),
    ...failures(400, 401, 403, 404),
  },
});

const restoreRoute = route.post(`${PMS}/docs/trash/{id}/restore`, 'docs:doc:remove', {
  summary: 'Take a folder or document out of the trash (to the top when its folder is gone)',
  request: { params: docParams },
  responses: { ...ok200(DocDetailSchema, 'The restored node'), ...failures(401, 403, 404, 409) },
});

const purgeRoute = route.delete(`${PMS}/docs/trash/{id}`, 'docs:doc:remove', {
  summary: 'Delete a folder or document in the trash for good, with everything in it',
  request: { params: docParams },
  responses: { ...ok200(z.null(), 'Gone'), ...failures(401, 403, 404, 409) },
});

const searchRoute = route.get(`${PMS}/docs/search`, 'docs:doc:list', {
  summary: 'Search titles, page text and file names in one library or every library the caller may read',
  request: { params: spaceParams, query: SearchQuerySchema },
  responses: {
    ...ok200(pageSchema(SearchHitSchema), 'A page of hits, best first'),
    ...failures(400, 401, 403, 404),
  },
});

const referencesRoute = route.get(`${PMS}/docs/references`, 'docs:doc:list', {
  summary: 'The pages (that the caller may read) that reference a work item (issueId) or spec (specId)',
  request: { params: spaceParams, query: ReferencesQuerySchema },
  responses: {
    ...ok200(z.array(DocReferrerSchema), 'The pages, latest first'),
    ...failures(400, 401, 403, 404),
  },
});

export const trashSearchRoutes = createRouter()
  .openapi(trashRoute, async (c) => ok(c, await listTrash(c.var.tenant, c.req.valid('query'))))
  .openapi(restoreRoute, async (c) => ok(c, await restoreFromTrash(c.var.tenant, pathId(c))))
  .openapi(purgeRoute, async (c) => {
    await purgeFromTrash(c.var.tenant, pathId(c));
    return ok(c, null);
  })
  .openapi(searchRoute, async (c) => ok(c, await searchDocs(c.var.tenant, c.req.valid('query'))))
  .openapi(referencesRoute, async (c) => ok(c, await referrers(c.var.tenant, c.req.valid('query'))));
