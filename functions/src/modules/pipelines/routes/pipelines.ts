/**
 * Pipelines: `/api/pms/{identifier}/pipelines/...` (spec section 7: `GET pipelines/list`, and the
 * family of pipelines, enable and disable, save_yaml). JSON bodies. Static paths before `{id}`.
 */

import { createRouter } from '@core/http/group';
import { callerOf, enterpriseOf, pathId, removeById } from '@core/http/handlers';
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
import { PageQuerySchema, pageSchema } from '@shared/schemas/common';
import {
  PipelineCreateBodySchema,
  PipelineDetailSchema,
  PipelineListQuerySchema,
  PipelineRevisionSchema,
  PipelineSchema,
  PipelineUpdateBodySchema,
  SaveYamlBodySchema,
} from '@shared/schemas/pipelines';
import * as z from 'zod';
import * as pipelines from '../pipelines';

const BASE = '/api/pms/{identifier}/pipelines';
const tags = ['pipelines'];
const tenant = byIdentifier('identifier');
const baseParams = z.object({ identifier: identifierParam });
const idParams = z.object({
  identifier: identifierParam,
  id: z.string().min(1).max(64).meta({ description: 'A pipeline id' }),
});

const listRoute = tenantRoute(tenant, 'pipeline:pipeline:list', {
  method: 'get',
  path: `${BASE}/list`,
  tags,
  summary: "A page of the enterprise's pipelines (of a repository or project), most recently changed first",
  request: { params: baseParams, query: PipelineListQuerySchema },
  responses: { ...ok200(pageSchema(PipelineSchema), 'A page of pipelines'), ...failures(400, 401, 403, 404) },
});

const createRoute = tenantRoute(tenant, 'pipeline:pipeline:add', {
  method: 'post',
  path: BASE,
  tags,
  summary: "A pipeline of a repository and a project linked to it, from YAML or a template's definition",
  request: { params: baseParams, body: jsonBody(PipelineCreateBodySchema) },
  responses: {
    ...created201(PipelineDetailSchema, 'The pipeline, enabled, at revision 1'),
    ...failures(400, 401, 403, 404),
  },
});

const getRoute = tenantRoute(tenant, 'pipeline:pipeline:list', {
  method: 'get',
  path: `${BASE}/{id}`,
  tags,
  summary: 'One pipeline with its definition',
  request: { params: idParams },
  responses: { ...ok200(PipelineDetailSchema, 'The pipeline'), ...failures(401, 403, 404) },
});

const updateRoute = tenantRoute(tenant, 'pipeline:pipeline:edit', {
  method: 'put',
  path: `${BASE}/{id}`,
  tags,
  summary: 'Move the pipeline to another project linked to its repository (its definition: save_yaml)',
  request: { params: idParams, body: jsonBody(PipelineUpdateBodySchema) },
  responses: { ...ok200(PipelineDetailSchema, 'The pipeline'), ...failures(400, 401, 403, 404, 409) },
});

const deleteRoute = tenantRoute(tenant, 'pipeline:pipeline:remove', {
  method: 'delete',
  path: `${BASE}/{id}`,
  tags,
  summary: 'Delete a pipeline with its history, runs and logs (409 while a run is queued or running)',
  request: { params: idParams },
  responses: { ...ok200(z.null(), 'Deleted'), ...failures(401, 403, 404, 409) },
});

const switchRoute = (enabled: boolean) =>
  tenantRoute(tenant, 'pipeline:pipeline:edit', {
    method: 'post',
    path: `${BASE}/{id}/${enabled ? 'enable' : 'disable'}`,
    tags,
    summary: enabled
      ? 'Enable a pipeline: it may be started again'
      : 'Disable a pipeline: starting it is refused',
    request: { params: idParams },
    responses: { ...ok200(PipelineDetailSchema, 'The pipeline'), ...failures(401, 403, 404) },
  });

const saveYamlRoute = tenantRoute(tenant, 'pipeline:pipeline:edit', {
  method: 'post',
  path: `${BASE}/{id}/save_yaml`,
  tags,
  summary: 'Save a new definition (checked first: 400 names the line and field), as the next revision',
  request: { params: idParams, body: jsonBody(SaveYamlBodySchema) },
  responses: { ...ok200(PipelineDetailSchema, 'The pipeline'), ...failures(400, 401, 403, 404, 409) },
});

const revisionsRoute = tenantRoute(tenant, 'pipeline:pipeline:list', {
  method: 'get',
  path: `${BASE}/{id}/revisions`,
  tags,
  summary: "The pipeline's saved definitions, newest first",
  request: { params: idParams, query: PageQuerySchema },
  responses: {
    ...ok200(pageSchema(PipelineRevisionSchema), 'A page of revisions'),
    ...failures(400, 401, 403, 404),
  },
});

export const pipelineRoutes = createRouter()
  .openapi(listRoute, async (c) =>
    ok(c, await pipelines.listPipelinePage(enterpriseOf(c), c.req.valid('query'))),
  )
  .openapi(createRoute, async (c) =>
    created(c, await pipelines.createPipeline(enterpriseOf(c), callerOf(c), c.req.valid('json'))),
  )
  .openapi(getRoute, async (c) => ok(c, await pipelines.getPipelineView(enterpriseOf(c), pathId(c))))
  .openapi(updateRoute, async (c) =>
    ok(c, await pipelines.updatePipeline(enterpriseOf(c), pathId(c), c.req.valid('json'))),
  )
  .openapi(deleteRoute, removeById(pipelines.deletePipeline))
  .openapi(switchRoute(true), async (c) =>
    ok(c, await pipelines.setPipelineEnabled(enterpriseOf(c), pathId(c), true)),
  )
  .openapi(switchRoute(false), async (c) =>
    ok(c, await pipelines.setPipelineEnabled(enterpriseOf(c), pathId(c), false)),
  )
  .openapi(saveYamlRoute, async (c) =>
    ok(c, await pipelines.saveYaml(enterpriseOf(c), callerOf(c), pathId(c), c.req.valid('json'))),
  )
  .openapi(revisionsRoute, async (c) =>
    ok(c, await pipelines.listRevisionPage(enterpriseOf(c), pathId(c), c.req.valid('query'))),
  );
