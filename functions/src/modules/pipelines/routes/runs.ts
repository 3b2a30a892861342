/**
 * Runs: `/api/pms/{identifier}/pipelines/{id}/...` (spec section 7: run, runs, run_results, job
 * logs, and `actions/runs/{run}/rerun`). JSON bodies. Rules: docs/pipelines.md "Runs".
 */

import { createRouter } from '@core/http/group';
import { callerOf, enterpriseOf, pathId } from '@core/http/handlers';
import { tenantIdParams } from '@core/http/params';
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
  JobLogSchema,
  LogQuerySchema,
  PipelineRunSchema,
  RerunBodySchema,
  RunListQuerySchema,
  RunResultsSchema,
  RunStartBodySchema,
} from '@shared/schemas/pipelines-runs';
import * as z from 'zod';
import * as runs from '../runs';

const BASE = '/api/pms/{identifier}/pipelines/{id}';
const tags = ['pipelines'];
const tenant = byIdentifier('identifier');
const idParams = tenantIdParams('A pipeline id');
const runParams = idParams.extend({
  run: z.coerce
    .number({ error: 'run must be a number' })
    .int('run must be a whole number')
    .min(1, 'run must be 1 or more')
    .meta({ description: "A run's number (1 is the pipeline's first)" }),
});
const jobParams = runParams.extend({
  job: z.string().min(1).max(64).meta({ description: "A job's id in the definition" }),
});

const route = tenantRoutes(tenant, tags);

const startRoute = route.post(`${BASE}/run`, 'pipeline:pipeline:run', {
  summary: 'Start a run, with parameters checked against the definition; it waits if another is running',
  request: { params: idParams, body: jsonBody(RunStartBodySchema) },
  responses: {
    ...created201(RunResultsSchema, 'The run, queued'),
    ...failures(400, 401, 403, 404, 409),
  },
});

const stopRoute = route.post(`${BASE}/runs/{run}/stop`, 'pipeline:pipeline:run', {
  summary: "Stop a queued or running run (its steps' processes are ended)",
  request: { params: runParams },
  responses: { ...ok200(RunResultsSchema, 'The run, stopped'), ...failures(401, 403, 404, 409) },
});

const rerunRoute = route.post(`${BASE}/actions/runs/{run}/rerun`, 'pipeline:pipeline:run', {
  summary: 'Run an ended run again (the same commit, parameters and definition), or only its failed jobs',
  request: { params: runParams, body: jsonBody(RerunBodySchema) },
  responses: { ...created201(RunResultsSchema, 'The new run'), ...failures(400, 401, 403, 404, 409) },
});

const listRoute = route.get(`${BASE}/runs`, 'pipeline:pipeline:list', {
  summary: "The pipeline's run records, newest first",
  request: { params: idParams, query: RunListQuerySchema },
  responses: { ...ok200(pageSchema(PipelineRunSchema), 'A page of runs'), ...failures(400, 401, 403, 404) },
});

const resultsRoute = route.get(`${BASE}/run_results/{run}`, 'pipeline:pipeline:list', {
  summary: 'One run with its stages, jobs and steps and their states',
  request: { params: runParams },
  responses: { ...ok200(RunResultsSchema, 'The run'), ...failures(400, 401, 403, 404) },
});

const logRoute = route.get(`${BASE}/runs/{run}/jobs/{job}/logs`, 'pipeline:pipeline:list', {
  summary: "A job's log from an offset: ask again from nextOffset to follow it while the job runs",
  request: { params: jobParams, query: LogQuerySchema },
  responses: { ...ok200(JobLogSchema, 'The log from the offset'), ...failures(400, 401, 403, 404) },
});

export const runRoutes = createRouter()
  .openapi(listRoute, async (c) =>
    ok(c, await runs.listRunPage(enterpriseOf(c), pathId(c), c.req.valid('query'))),
  )
  .openapi(resultsRoute, async (c) => {
    const { id, run } = c.req.valid('param');
    return ok(c, await runs.getRunResults(enterpriseOf(c), id, run));
  })
  .openapi(logRoute, async (c) => {
    const { id, run, job } = c.req.valid('param');
    return ok(c, await runs.readJobLog(enterpriseOf(c), id, run, job, c.req.valid('query').offset));
  })
  .openapi(startRoute, async (c) =>
    created(c, await runs.startRun(enterpriseOf(c), callerOf(c), pathId(c), c.req.valid('json'))),
  )
  .openapi(stopRoute, async (c) => {
    const { id, run } = c.req.valid('param');
    return ok(c, await runs.stopRun(enterpriseOf(c), callerOf(c), id, run));
  })
  .openapi(rerunRoute, async (c) => {
    const { id, run } = c.req.valid('param');
    return created(c, await runs.rerun(enterpriseOf(c), callerOf(c), id, run, c.req.valid('json')));
  });
