/**
 * `pmsProductLibrarySnapshot`: a repository's snapshots (create, list, read, delete), a snapshot's
 * component list, a download of one of its assets, and the comparison of two snapshots.
 */
import type { TenantEnv } from '@core/http/env';
import { createRouter } from '@core/http/group';
import { created, created201, failures, jsonBody, ok, ok200, tenantRoutes } from '@core/http/route';
import {
  DownloadSchema,
  PathQuerySchema,
  SnapshotCompareQuerySchema,
  SnapshotComparisonSchema,
  SnapshotComponentSchema,
  SnapshotCreateSchema,
  SnapshotDetailSchema,
  SnapshotSchema,
} from '@shared/schemas/artifacts';
import * as z from 'zod';
import { requireRepository } from '../repositories';
import type { SnapshotRecord } from '../store/snapshots';
import { repositoryParams, tags, tenant } from './params';

const SNAPSHOTS = '/api/pms/{identifier}/pmsProductLibrarySnapshot/{repoId}';
const READ = 'artifact:repository:list';
const EDIT = 'artifact:repository:edit';

const snapshotParams = repositoryParams.extend({
  snapshotName: z.string().min(1).max(64).meta({ description: 'A snapshot name' }),
});

const route = tenantRoutes(tenant, tags);

const listRoute = route.get(SNAPSHOTS, READ, {
  summary: "A repository's snapshots, newest first",
  request: { params: repositoryParams },
  responses: { ...ok200(z.array(SnapshotSchema), 'The snapshots'), ...failures(401, 403, 404) },
});

const createRoute = route.post(SNAPSHOTS, EDIT, {
  summary: "Take a snapshot: an immutable record of the repository's assets and checksums now",
  request: { params: repositoryParams, body: jsonBody(SnapshotCreateSchema) },
  responses: { ...created201(SnapshotSchema, 'The snapshot'), ...failures(400, 401, 403, 404, 409) },
});

const compareRoute = route.get(`${SNAPSHOTS}/compare`, READ, {
  summary: 'Compare two snapshots: assets added, removed, and changed (another sha256 at the same path)',
  request: { params: repositoryParams, query: SnapshotCompareQuerySchema },
  responses: { ...ok200(SnapshotComparisonSchema, 'The differences'), ...failures(400, 401, 403, 404) },
});

const readRoute = route.get(`${SNAPSHOTS}/{snapshotName}`, READ, {
  summary: 'A snapshot with the assets it recorded',
  request: { params: snapshotParams },
  responses: { ...ok200(SnapshotDetailSchema, 'The snapshot'), ...failures(401, 403, 404) },
});

const componentsRoute = route.get(`${SNAPSHOTS}/{snapshotName}/components`, READ, {
  summary: "A snapshot's components, by name and version",
  request: { params: snapshotParams },
  responses: { ...ok200(z.array(SnapshotComponentSchema), 'The components'), ...failures(401, 403, 404) },
});

const downloadRoute = route.get(`${SNAPSHOTS}/{snapshotName}/packaged`, READ, {
  summary: 'A short-lived download address of an asset as the snapshot recorded it',
  request: { params: snapshotParams, query: PathQuerySchema },
  responses: { ...ok200(DownloadSchema, 'The address'), ...failures(400, 401, 403, 404) },
});

const deleteRoute = route.delete(`${SNAPSHOTS}/{snapshotName}`, EDIT, {
  summary: 'Delete a snapshot: its assets lose that hold, and bytes nothing else holds are freed',
  request: { params: snapshotParams },
  responses: { ...ok200(z.object({ deleted: z.string() }), 'Deleted'), ...failures(401, 403, 404, 409) },
});

/** The snapshots' code, loaded with the first snapshot call rather than in every cold start. */
const snapshots = () => import('../snapshots');

const repositoryOf = (c: { var: TenantEnv['Variables'] }, repositoryId: string) =>
  requireRepository(c.var.tenant.enterprise.id, repositoryId);

function snapshotView(record: SnapshotRecord) {
  return {
    name: record.name,
    description: record.description,
    assetCount: record.assetCount,
    componentCount: record.componentCount,
    sizeBytes: record.sizeBytes,
    createdBy: record.createdBy,
    createdAt: record.createdAt,
  };
}

export const snapshotRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const repository = await repositoryOf(c, c.req.valid('param').repoId);
    return ok(c, (await (await snapshots()).snapshotsOf(repository)).map(snapshotView));
  })
  .openapi(createRoute, async (c) => {
    const repository = await repositoryOf(c, c.req.valid('param').repoId);
    const { createSnapshot } = await snapshots();
    return created(
      c,
      snapshotView(await createSnapshot(repository, c.var.session.userId, c.req.valid('json'))),
    );
  })
  .openapi(compareRoute, async (c) => {
    const repository = await repositoryOf(c, c.req.valid('param').repoId);
    const { from, to } = c.req.valid('query');
    return ok(c, await (await snapshots()).compareSnapshots(repository, from, to));
  })
  .openapi(readRoute, async (c) => {
    const { repoId, snapshotName } = c.req.valid('param');
    const repository = await repositoryOf(c, repoId);
    const { requireSnapshot, snapshotAssets, snapshotAssetView } = await snapshots();
    const snapshot = await requireSnapshot(repository, snapshotName);
    const assets = await snapshotAssets(repository, snapshot);
    return ok(c, { ...snapshotView(snapshot), assets: assets.map(snapshotAssetView) });
  })
  .openapi(componentsRoute, async (c) => {
    const { repoId, snapshotName } = c.req.valid('param');
    const repository = await repositoryOf(c, repoId);
    const { componentsOf, requireSnapshot, snapshotAssets } = await snapshots();
    return ok(
      c,
      componentsOf(await snapshotAssets(repository, await requireSnapshot(repository, snapshotName))),
    );
  })
  .openapi(downloadRoute, async (c) => {
    const { repoId, snapshotName } = c.req.valid('param');
    const repository = await repositoryOf(c, repoId);
    const { downloadSnapshotAsset } = await snapshots();
    return ok(c, await downloadSnapshotAsset(repository, snapshotName, c.req.valid('query').path));
  })
  .openapi(deleteRoute, async (c) => {
    const { repoId, snapshotName } = c.req.valid('param');
    const repository = await repositoryOf(c, repoId);
    await (await snapshots()).deleteSnapshot(repository, snapshotName);
    return ok(c, { deleted: snapshotName });
  });
