/**
 * Wiki pages (`wikiPages`) and their history, and `deleteWiki` (spec section 8: the web client
 * handles the failures of `wikiPages` and `deleteWiki` itself).
 */

import { createRouter } from '@core/http/group';
import { pathId } from '@core/http/handlers';
import { created, created201, failures, jsonBody, ok, ok200, tenantRoutes } from '@core/http/route';
import { pageSchema } from '@shared/schemas/common';
import {
  RestoreRevisionBodySchema,
  RevisionListQuerySchema,
  RevisionSchema,
  RevisionSummarySchema,
  WikiCreateBodySchema,
  WikiDetailSchema,
  WikiSaveBodySchema,
} from '@shared/schemas/docs';
import * as z from 'zod';
import { trashNode } from '../trash';
import {
  createWikiPage,
  deleteRevision,
  getRevisionDetail,
  getWikiPage,
  listRevisions,
  restoreRevision,
  saveWikiPage,
} from '../wiki';
import { docParams, PMS, revisionParams, spaceParams, tags, tenant } from './params';

const route = tenantRoutes(tenant, tags);

const createRoute = route.post(`${PMS}/wikiPages`, 'docs:doc:add', {
  summary: 'Create a wiki page (markdown, at most 512 KB); its first revision',
  request: { params: spaceParams, body: jsonBody(WikiCreateBodySchema) },
  responses: { ...created201(WikiDetailSchema, 'The page'), ...failures(400, 401, 403, 404, 409, 413) },
});

const getRoute = route.get(`${PMS}/wikiPages/{id}`, 'docs:doc:list', {
  summary: 'A wiki page: its current content, references (for links) and attachments',
  request: { params: docParams },
  responses: { ...ok200(WikiDetailSchema, 'The page'), ...failures(400, 401, 403, 404) },
});

const saveRoute = route.put(`${PMS}/wikiPages/{id}`, 'docs:doc:edit', {
  summary:
    'Save a new revision on top of baseRevision; 409 with the current revision when someone saved since',
  request: { params: docParams, body: jsonBody(WikiSaveBodySchema) },
  responses: { ...ok200(WikiDetailSchema, 'The page'), ...failures(400, 401, 403, 404, 409, 413) },
});

const revisionsRoute = route.get(`${PMS}/wikiPages/{id}/revisions`, 'docs:doc:list', {
  summary: "A page of a wiki page's revisions, newest first",
  request: { params: docParams, query: RevisionListQuerySchema },
  responses: {
    ...ok200(pageSchema(RevisionSummarySchema), 'A page of revisions'),
    ...failures(400, 401, 403, 404),
  },
});

const revisionRoute = route.get(`${PMS}/wikiPages/{id}/revisions/{revision}`, 'docs:doc:list', {
  summary: 'One revision with its content (empty when it was deleted)',
  request: { params: revisionParams },
  responses: { ...ok200(RevisionSchema, 'The revision'), ...failures(400, 401, 403, 404) },
});

const restoreRoute = route.post(`${PMS}/wikiPages/{id}/revisions/{revision}/restore`, 'docs:doc:edit', {
  summary: "Save a revision's content as the newest revision (409 when deleted, or stale baseRevision)",
  request: { params: revisionParams, body: jsonBody(RestoreRevisionBodySchema) },
  responses: { ...ok200(WikiDetailSchema, 'The page'), ...failures(400, 401, 403, 404, 409, 413) },
});

const deleteRevisionRoute = route.delete(`${PMS}/wikiPages/{id}/revisions/{revision}`, 'docs:doc:remove', {
  summary: "Delete a revision's content (not the current one); its place in the history stays",
  request: { params: revisionParams },
  responses: {
    ...ok200(RevisionSummarySchema, 'The deleted revision'),
    ...failures(400, 401, 403, 404, 409),
  },
});

const deleteWikiRoute = route.delete(`${PMS}/deleteWiki/{id}`, 'docs:doc:remove', {
  summary: 'Move a wiki page to the trash for 30 days',
  request: { params: docParams },
  responses: { ...ok200(z.null(), 'In the trash'), ...failures(400, 401, 403, 404, 409) },
});

export const wikiRoutes = createRouter()
  .openapi(createRoute, async (c) => created(c, await createWikiPage(c.var.tenant, c.req.valid('json'))))
  .openapi(revisionsRoute, async (c) => {
    const { pageNum, pageSize } = c.req.valid('query');
    return ok(c, await listRevisions(c.var.tenant, pathId(c), pageNum, pageSize));
  })
  .openapi(revisionRoute, async (c) => {
    const { id, revision } = c.req.valid('param');
    return ok(c, await getRevisionDetail(c.var.tenant, id, revision));
  })
  .openapi(restoreRoute, async (c) => {
    const { id, revision } = c.req.valid('param');
    return ok(c, await restoreRevision(c.var.tenant, id, revision, c.req.valid('json')));
  })
  .openapi(deleteRevisionRoute, async (c) => {
    const { id, revision } = c.req.valid('param');
    return ok(c, await deleteRevision(c.var.tenant, id, revision));
  })
  .openapi(getRoute, async (c) => ok(c, await getWikiPage(c.var.tenant, pathId(c))))
  .openapi(saveRoute, async (c) => ok(c, await saveWikiPage(c.var.tenant, pathId(c), c.req.valid('json'))))
  .openapi(deleteWikiRoute, async (c) => {
    await trashNode(c.var.tenant, pathId(c), 'wiki');
    return ok(c, null);
  });
