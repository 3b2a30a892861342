/**
 * The library: spaces, the tree, a folder's contents, one node, rename/move/reorder, delete (to
 * the trash), new folders. Static paths (`spaces`, `tree`, `list`, ...) before `{id}`.
 */

import { createRouter } from '@core/http/group';
import { pathId } from '@core/http/handlers';
import { created, created201, failures, jsonBody, ok, ok200, tenantRoutes } from '@core/http/route';
import { pageSchema } from '@shared/schemas/common';
import {
  DocDetailSchema,
  DocNodeSchema,
  DocTreeNodeSchema,
  DocUpdateBodySchema,
  FolderBodySchema,
  FolderListQuerySchema,
  SpaceInfoSchema,
  SpaceQuerySchema,
} from '@shared/schemas/docs';
import * as z from 'zod';
import { readableSpaces, spaceView } from '../access';
import { createFolder, docDetail, folderContents, libraryTree, updateNode } from '../library';
import { trashNode } from '../trash';
import { docParams, PMS, spaceParams, tags, tenant } from './params';

const route = tenantRoutes(tenant, tags);

const spacesRoute = route.get(`${PMS}/docs/spaces`, 'docs:doc:list', {
  summary: "The libraries the caller may read: the enterprise's, then their projects' by name",
  request: { params: spaceParams },
  responses: { ...ok200(z.array(SpaceInfoSchema), 'The spaces'), ...failures(401, 403, 404) },
});

const treeRoute = route.get(`${PMS}/docs/tree`, 'docs:doc:list', {
  summary: "A library's tree of folders, pages and files (built from id/root_id), siblings in order",
  request: { params: spaceParams, query: SpaceQuerySchema },
  responses: { ...ok200(z.array(DocTreeNodeSchema), 'The tree'), ...failures(400, 401, 403, 404) },
});

const listRoute = route.get(`${PMS}/docs/list`, 'docs:doc:list', {
  summary: "A page of a folder's contents (the library's top without folderId), folders first",
  request: { params: spaceParams, query: FolderListQuerySchema },
  responses: { ...ok200(pageSchema(DocNodeSchema), 'A page of nodes'), ...failures(400, 401, 403, 404) },
});

const folderRoute = route.post(`${PMS}/folders`, 'docs:doc:add', {
  summary: 'Create a folder (at most 8 levels deep)',
  request: { params: spaceParams, body: jsonBody(FolderBodySchema) },
  responses: { ...created201(DocDetailSchema, 'The folder'), ...failures(400, 401, 403, 404, 409) },
});

const getRoute = route.get(`${PMS}/docs/{id}`, 'docs:doc:list', {
  summary: 'A folder or document with the folders above it',
  request: { params: docParams },
  responses: { ...ok200(DocDetailSchema, 'The node'), ...failures(401, 403, 404) },
});

const updateRoute = route.put(`${PMS}/docs/{id}`, 'docs:doc:edit', {
  summary: 'Rename, move (root_id) or reorder (sort) a folder or document at the version read',
  request: { params: docParams, body: jsonBody(DocUpdateBodySchema) },
  responses: { ...ok200(DocDetailSchema, 'The node'), ...failures(400, 401, 403, 404, 409) },
});

const deleteRoute = route.delete(`${PMS}/docs/{id}`, 'docs:doc:remove', {
  summary: 'Move a folder (with everything in it) or a document to the trash for 30 days',
  request: { params: docParams },
  responses: { ...ok200(z.null(), 'In the trash'), ...failures(401, 403, 404, 409) },
});

export const libraryRoutes = createRouter()
  .openapi(spacesRoute, async (c) => ok(c, (await readableSpaces(c.var.tenant)).map(spaceView)))
  .openapi(treeRoute, async (c) => ok(c, await libraryTree(c.var.tenant, c.req.valid('query').space)))
  .openapi(listRoute, async (c) => ok(c, await folderContents(c.var.tenant, c.req.valid('query'))))
  .openapi(folderRoute, async (c) => created(c, await createFolder(c.var.tenant, c.req.valid('json'))))
  .openapi(getRoute, async (c) => ok(c, await docDetail(c.var.tenant, pathId(c))))
  .openapi(updateRoute, async (c) => ok(c, await updateNode(c.var.tenant, pathId(c), c.req.valid('json'))))
  .openapi(deleteRoute, async (c) => {
    await trashNode(c.var.tenant, pathId(c));
    return ok(c, null);
  });
