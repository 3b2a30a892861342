/**
 * Pipelines: `/api/pms/{identifier}/pipelines/...` (spec section 7: `GET pipelines/list`, and the
 * family of pipelines, enable and disable, save_yaml). JSON bodies. Static paths before `{id}`.
 */

import { createRouter } from '@core/http/group';
import { callerOf, enterpriseOf, pathId, removeById } from '@core/http/handlers';
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
const idParams = tenantIdParams('A pipeline id');

const route = tenantRoutes(tenant, tags);

const listRoute = route.get(`${BASE}/list`, 'pipeline:pipeline:list', {
  summary: "A page of the enterprise's pipelines (of a repository or project), most recently changed first",
  request: { params: baseParams, query: PipelineListQuerySchema },
  responses: { ...ok200(pageSchema(PipelineSchema), 'A page of pipelines'), ...failures(400, 401, 403, 404) },
});

const createRoute = route.post(BASE, 'pipeline:pipeline:add', {
  summary: "A pipeline of a repository and a project linked to it, from YAML or a template's definition",
  request: { params: baseParams, body: jsonBody(PipelineCreateBodySchema) },
  responses: {
    ...created201(PipelineDetailSchema, 'The pipeline, enabled, at revision 1'),
    ...failures(400, 401, 403, 404),
  },
});

const getRoute = route.get(`${BASE}/{id}`, 'pipeline:pipeline:list', {
  summary: 'One pipeline with its definition',
  request: { params: idParams },
  responses: { ...ok200(PipelineDetailSchema, 'The pipeline'), ...failures(401, 403, 404) },
});

const updateRoute = route.put(`${BASE}/{id}`, 'pipeline:pipeline:edit', {
  summary: 'Move the pipeline to another project linked to its repository (its definition: save_yaml)',
  request: { params: idParams, body: jsonBody(PipelineUpdateBodySchema) },
  responses: { ...ok200(PipelineDetailSchema, 'The pipeline'), ...failures(400, 401, 403, 404, 409) },
});

const deleteRoute = route.delete(`${BASE}/{id}`, 'pipeline:pipeline:remove', {
  summary: 'Delete a pipeline with its history, runs and logs (409 while a run is queued or running)',
  request: { params: idParams },
  responses: { ...ok200(z.null(), 'Deleted'), ...failures(401, 403, 404, 409) },
});

const switchRoute = (enabled: boolean) =>
  route.post(`${BASE}/{id}/${enabled ? 'enable' : 'disable'}`, 'pipeline:pipeline:edit', {
    summary: enabled
      ? 'Enable a pipeline: it may be started again'
      : 'Disable a pipeline: starting it is refused',
    request: { params: idParams },
    responses: { ...ok200(PipelineDetailSchema, 'The pipeline'), ...failures(401, 403, 404) },
  });

const saveYamlRoute = route.post(`${BASE}/{id}/save_yaml`, 'pipeline:pipeline:edit', {
  summary: 'Save a new definition (checked first: 400 names the line and field), as the next revision',
  request: { params: idParams, body: jsonBody(SaveYamlBodySchema) },
  responses: { ...ok200(PipelineDetailSchema, 'The pipeline'), ...failures(400, 401, 403, 404, 409) },
});

const revisionsRoute = route.get(`${BASE}/{id}/revisions`, 'pipeline:pipeline:list', {
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
