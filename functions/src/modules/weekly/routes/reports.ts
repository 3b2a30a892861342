/**
 * A member's weekly report: add, edit/{id}, DELETE {id}, list, GET {id} and issueCompletion
 * (spec section 7's `pmsProjectWeeklyReport`). `list` comes before `{id}`.
 */

import { createRouter } from '@core/http/group';
import { pathId } from '@core/http/handlers';
import { created, created201, failures, jsonBody, ok, ok200, tenantRoutes } from '@core/http/route';
import { pageSchema } from '@shared/schemas/common';
import {
  IssueCompletionBodySchema,
  ReportAddBodySchema,
  ReportDetailSchema,
  ReportEditBodySchema,
  ReportListQuerySchema,
  ReportSummarySchema,
} from '@shared/schemas/weekly';
import * as z from 'zod';
import { createReport, deleteReport, editReport, listReports, reportDetail, setCompletion } from '../reports';
import { BASE, params, reportParams, tags, tenant } from './params';

const route = tenantRoutes(tenant, tags);

const addRoute = route.post(`${BASE}/add`, 'project:weekly:add', {
  summary:
    "The caller's report of a project for a week (this week by default), from a template; `submit` freezes it",
  request: { params, body: jsonBody(ReportAddBodySchema) },
  responses: { ...created201(ReportDetailSchema, 'The report'), ...failures(400, 401, 403, 404, 409) },
});

const editRoute = route.put(`${BASE}/edit/{id}`, 'project:weekly:edit', {
  summary: 'Edit the text (until the week closes) and, before submitting, the listed items; or submit',
  request: { params: reportParams, body: jsonBody(ReportEditBodySchema) },
  responses: { ...ok200(ReportDetailSchema, 'The report'), ...failures(400, 401, 403, 404, 409) },
});

const completionRoute = route.put(`${BASE}/issueCompletion`, 'project:issue:edit', {
  summary:
    "How far a work item listed in the caller's report is (0-100): an edit of the work item's progress",
  request: { params, body: jsonBody(IssueCompletionBodySchema) },
  responses: { ...ok200(ReportDetailSchema, 'The report'), ...failures(400, 401, 403, 404, 409) },
});

const listRoute = route.get(`${BASE}/list`, 'project:weekly:list', {
  summary: "A project's reports, newest week first (others' drafts left out)",
  request: { params, query: ReportListQuerySchema },
  responses: {
    ...ok200(pageSchema(ReportSummarySchema), 'A page of reports'),
    ...failures(400, 401, 403, 404),
  },
});

const getRoute = route.get(`${BASE}/{id}`, 'project:weekly:list', {
  summary: 'A report with its items and counts (frozen once submitted), its week and its history',
  request: { params: reportParams },
  responses: { ...ok200(ReportDetailSchema, 'The report'), ...failures(401, 403, 404) },
});

const deleteRoute = route.delete(`${BASE}/{id}`, 'project:weekly:remove', {
  summary: 'Delete a draft (its author or a project manager); submitted reports are kept',
  request: { params: reportParams },
  responses: { ...ok200(z.null(), 'Deleted'), ...failures(401, 403, 404, 409) },
});

export const reportRoutes = createRouter()
  .openapi(addRoute, async (c) => created(c, await createReport(c.var.tenant, c.req.valid('json'))))
  .openapi(editRoute, async (c) => ok(c, await editReport(c.var.tenant, pathId(c), c.req.valid('json'))))
  .openapi(completionRoute, async (c) => ok(c, await setCompletion(c.var.tenant, c.req.valid('json'))))
  .openapi(listRoute, async (c) => ok(c, await listReports(c.var.tenant, c.req.valid('query'))))
  .openapi(getRoute, async (c) => ok(c, await reportDetail(c.var.tenant, pathId(c))))
  .openapi(deleteRoute, async (c) => {
    await deleteReport(c.var.tenant, pathId(c));
    return ok(c, null);
  });
