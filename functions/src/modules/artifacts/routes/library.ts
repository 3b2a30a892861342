/**
 * `pmsProductLibrary`: a repository's components (list, search, detail), assets, folder tree,
 * canDelete checks, deletes of an asset, a component or a folder, and the packaged upload
 * (presigned POST, then confirm) and download (a presigned address).
 */

import type { TenantEnv } from '@core/http/env';
import { createRouter } from '@core/http/group';
import { created, created201, failures, jsonBody, ok, ok200, tenantRoutes } from '@core/http/route';
import { pageOf } from '@core/paging';
import {
  AssetSchema,
  CanDeleteQuerySchema,
  CanDeleteSchema,
  ComponentDetailSchema,
  ComponentQuerySchema,
  ComponentSchema,
  DownloadSchema,
  FolderEntrySchema,
  FolderQuerySchema,
  PackagedStartSchema,
  PackagedTicketSchema,
  PathQuerySchema,
} from '@shared/schemas/artifacts';
import { pageSchema } from '@shared/schemas/common';
import * as z from 'zod';
import {
  assetsOfComponent,
  canDelete,
  type DeleteTarget,
  deleteContents,
  folderEntries,
  requireAsset,
  requireComponent,
  searchComponents,
} from '../contents';
import { confirmPackaged, downloadAsset, startPackaged } from '../packaged';
import { requireRepository } from '../repositories';
import { assetView, componentDetailView, componentView } from '../views';
import { componentParams, LIBRARY, repositoryParams, tags, tenant, uploadParams } from './params';

const READ = 'artifact:repository:list';
const REMOVE = 'artifact:asset:remove';
const UPLOAD = 'artifact:asset:upload';

const route = tenantRoutes(tenant, tags);

const componentsRoute = route.get(`${LIBRARY}/{repoId}/components`, READ, {
  summary: 'Components of a repository by name, newest version first; q searches name, group and version',
  request: { params: repositoryParams, query: ComponentQuerySchema },
  responses: {
    ...ok200(pageSchema(ComponentSchema), 'A page of components'),
    ...failures(400, 401, 403, 404),
  },
});

const componentRoute = route.get(`${LIBRARY}/{repoId}/components/{componentId}`, READ, {
  summary: 'A component with its assets, checksums, publisher and time',
  request: { params: componentParams },
  responses: { ...ok200(ComponentDetailSchema, 'The component'), ...failures(401, 403, 404) },
});

const assetRoute = route.get(`${LIBRARY}/{repoId}/asset`, READ, {
  summary: 'One asset by path',
  request: { params: repositoryParams, query: PathQuerySchema },
  responses: { ...ok200(AssetSchema, 'The asset'), ...failures(400, 401, 403, 404) },
});

const foldersRoute = route.get(`${LIBRARY}/{repoId}/folders`, READ, {
  summary: "One level of the folder tree: the folders, then the assets, directly under path ('' is the top)",
  request: { params: repositoryParams, query: FolderQuerySchema },
  responses: { ...ok200(z.array(FolderEntrySchema), 'The entries'), ...failures(400, 401, 403, 404) },
});

const canDeleteRoute = route.get(`${LIBRARY}/{repoId}/canDelete`, READ, {
  summary: 'Whether an asset (path), a component (componentId) or a folder may be deleted, and what holds it',
  request: { params: repositoryParams, query: CanDeleteQuerySchema },
  responses: { ...ok200(CanDeleteSchema, 'The verdict'), ...failures(400, 401, 403, 404) },
});

const deleteAssetRoute = route.delete(`${LIBRARY}/{repoId}/asset`, REMOVE, {
  summary: 'Delete an asset no snapshot or promotion holds',
  request: { params: repositoryParams, query: PathQuerySchema },
  responses: {
    ...ok200(z.object({ deleted: z.number().int() }), 'Deleted'),
    ...failures(400, 401, 403, 404, 409),
  },
});

const deleteComponentRoute = route.delete(`${LIBRARY}/{repoId}/components/{componentId}`, REMOVE, {
  summary: 'Delete a component and its assets, when nothing holds any of them',
  request: { params: componentParams },
  responses: {
    ...ok200(z.object({ deleted: z.number().int() }), 'Deleted'),
    ...failures(401, 403, 404, 409),
  },
});

const deleteFolderRoute = route.delete(`${LIBRARY}/{repoId}/folder`, REMOVE, {
  summary: 'Delete everything under a folder, when nothing holds any of it',
  request: { params: repositoryParams, query: PathQuerySchema },
  responses: {
    ...ok200(z.object({ deleted: z.number().int() }), 'Deleted'),
    ...failures(400, 401, 403, 404, 409),
  },
});

const packagedStartRoute = route.post(`${LIBRARY}/{repoId}/packaged`, UPLOAD, {
  summary: 'Start an upload of one asset: a presigned POST straight to storage (for files of any size)',
  request: { params: repositoryParams, body: jsonBody(PackagedStartSchema) },
  responses: {
    ...created201(PackagedTicketSchema, 'Where to POST the file'),
    ...failures(400, 401, 403, 404, 409, 413),
  },
});

const packagedConfirmRoute = route.post(`${LIBRARY}/{repoId}/packaged/{uploadId}/confirm`, UPLOAD, {
  summary: 'File an uploaded file as its asset (checked against the declared sha256 and the policies)',
  request: { params: uploadParams },
  responses: { ...created201(AssetSchema, 'The asset'), ...failures(400, 401, 403, 404, 409) },
});

const packagedGetRoute = route.get(`${LIBRARY}/{repoId}/packaged`, READ, {
  summary: 'A short-lived download address of an asset',
  request: { params: repositoryParams, query: PathQuerySchema },
  responses: { ...ok200(DownloadSchema, 'The address'), ...failures(400, 401, 403, 404) },
});

const repositoryOf = (c: { var: TenantEnv['Variables'] }, repositoryId: string) =>
  requireRepository(c.var.tenant.enterprise.id, repositoryId);

function targetOf(query: { path?: string; componentId?: string; folder?: string }): DeleteTarget {
  if (query.path !== undefined) return { path: query.path };
  if (query.componentId !== undefined) return { componentId: query.componentId };
  return { folder: query.folder ?? '' };
}

export const libraryRoutes = createRouter()
  .openapi(componentsRoute, async (c) => {
    const { q, ...page } = c.req.valid('query');
    const repository = await repositoryOf(c, c.req.valid('param').repoId);
    return ok(
      c,
      await pageOf(await searchComponents(repository, q), page, (rows) => rows.map(componentView)),
    );
  })
  .openapi(componentRoute, async (c) => {
    const { repoId: repositoryId, componentId } = c.req.valid('param');
    const repository = await repositoryOf(c, repositoryId);
    const component = await requireComponent(repository, componentId);
    return ok(c, componentDetailView(component, await assetsOfComponent(repository, componentId)));
  })
  .openapi(assetRoute, async (c) => {
    const repository = await repositoryOf(c, c.req.valid('param').repoId);
    return ok(c, assetView(await requireAsset(repository, c.req.valid('query').path)));
  })
  .openapi(foldersRoute, async (c) => {
    const repository = await repositoryOf(c, c.req.valid('param').repoId);
    return ok(c, await folderEntries(repository, c.req.valid('query').path));
  })
  .openapi(canDeleteRoute, async (c) => {
    const repository = await repositoryOf(c, c.req.valid('param').repoId);
    return ok(c, await canDelete(repository, targetOf(c.req.valid('query'))));
  })
  .openapi(deleteAssetRoute, async (c) => {
    const repository = await repositoryOf(c, c.req.valid('param').repoId);
    return ok(c, { deleted: await deleteContents(repository, { path: c.req.valid('query').path }) });
  })
  .openapi(deleteComponentRoute, async (c) => {
    const { repoId: repositoryId, componentId } = c.req.valid('param');
    const repository = await repositoryOf(c, repositoryId);
    return ok(c, { deleted: await deleteContents(repository, { componentId }) });
  })
  .openapi(deleteFolderRoute, async (c) => {
    const repository = await repositoryOf(c, c.req.valid('param').repoId);
    return ok(c, { deleted: await deleteContents(repository, { folder: c.req.valid('query').path }) });
  })
  .openapi(packagedStartRoute, async (c) => {
    const repository = await repositoryOf(c, c.req.valid('param').repoId);
    return created(c, await startPackaged(repository, c.var.session.userId, c.req.valid('json')));
  })
  .openapi(packagedConfirmRoute, async (c) => {
    const { repoId: repositoryId, uploadId } = c.req.valid('param');
    const repository = await repositoryOf(c, repositoryId);
    return created(c, assetView(await confirmPackaged(repository, c.var.session.userId, uploadId)));
  })
  .openapi(packagedGetRoute, async (c) => {
    const repository = await repositoryOf(c, c.req.valid('param').repoId);
    return ok(c, await downloadAsset(repository, c.req.valid('query').path));
  });
