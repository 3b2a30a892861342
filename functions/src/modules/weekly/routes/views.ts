/**
 * The views of a week: personal, projectTeam, projectIssueList and personalIssueList (spec
 * section 7), the project's week as .xlsx (`export`) and reminding now (`remind`).
 */
import { createRouter } from '@core/http/group';
import { failures, jsonBody, ok, ok200, tenantRoutes } from '@core/http/route';
import {
  PersonalIssuesSchema,
  PersonalWeeklySchema,
  ProjectIssueListQuerySchema,
  ProjectIssuePageSchema,
  ProjectWeekQuerySchema,
  RemindBodySchema,
  RemindResultSchema,
  TeamWeeklySchema,
  WeekQuerySchema,
} from '@shared/schemas/weekly';
import type { Context } from 'hono';
import * as z from 'zod';
import { projectWeekWorkbook } from '../export';
import { remindNow } from '../reminders';
import { personalIssues, personalWeek, projectIssues, projectTeam } from '../team';
import { BASE, params, tags, tenant } from './params';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const route = tenantRoutes(tenant, tags);

const personalRoute = route.get(`${BASE}/personal`, 'project:weekly:list', {
  summary: "The caller's reports of the week across projects, the projects they lead, their reminders",
  request: { params, query: WeekQuerySchema },
  responses: { ...ok200(PersonalWeeklySchema, 'The week'), ...failures(400, 401, 403, 404) },
});

const teamRoute = route.get(`${BASE}/projectTeam`, 'project:weekly:list', {
  summary: "A project's week (report kind 5): who submitted, the counts and the last weeks' counts",
  request: { params, query: ProjectWeekQuerySchema },
  responses: { ...ok200(TeamWeeklySchema, 'The team'), ...failures(400, 401, 403, 404) },
});

const projectIssuesRoute = route.get(`${BASE}/projectIssueList`, 'project:weekly:list', {
  summary: "The project's items of the week in one category (created, finished, ...), a page of them",
  request: { params, query: ProjectIssueListQuerySchema },
  responses: { ...ok200(ProjectIssuePageSchema, 'A page of items'), ...failures(400, 401, 403, 404) },
});

const personalIssuesRoute = route.get(`${BASE}/personalIssueList`, 'project:weekly:list', {
  summary: "The caller's items of the week in a project by category, and last week's plan",
  request: { params, query: ProjectWeekQuerySchema },
  responses: { ...ok200(PersonalIssuesSchema, 'The items'), ...failures(400, 401, 403, 404) },
});

const exportRoute = route.get(`${BASE}/export`, 'project:weekly:list', {
  summary:
    "The project's week as an .xlsx file: counts, submitted reports, items (the file, not the envelope)",
  request: { params, query: ProjectWeekQuerySchema },
  responses: {
    200: {
      description: 'The .xlsx file',
      content: { [XLSX_TYPE]: { schema: z.string().meta({ format: 'binary' }) } },
    },
    ...failures(400, 401, 403, 404),
  },
});

const remindRoute = route.post(`${BASE}/remind`, 'project:weekly:list', {
  summary: 'Remind the members without a submitted report of the week, now (project managers)',
  request: { params, body: jsonBody(RemindBodySchema) },
  responses: { ...ok200(RemindResultSchema, 'Who was reminded'), ...failures(400, 401, 403, 404, 409) },
});

/** The workbook as an attachment (typed `never` like the case spreadsheets': the binary is not modelled). */
function sendWorkbook(c: Context, file: { fileName: string; bytes: Buffer }): never {
  return c.body(new Uint8Array(file.bytes), 200, {
    'Content-Type': XLSX_TYPE,
    'Content-Disposition': `attachment; filename="${file.fileName}"`,
  }) as never;
}

export const weekRoutes = createRouter()
  .openapi(personalRoute, async (c) => ok(c, await personalWeek(c.var.tenant, c.req.valid('query'))))
  .openapi(teamRoute, async (c) => ok(c, await projectTeam(c.var.tenant, c.req.valid('query'))))
  .openapi(projectIssuesRoute, async (c) => ok(c, await projectIssues(c.var.tenant, c.req.valid('query'))))
  .openapi(personalIssuesRoute, async (c) => ok(c, await personalIssues(c.var.tenant, c.req.valid('query'))))
  .openapi(exportRoute, async (c) =>
    sendWorkbook(c, await projectWeekWorkbook(c.var.tenant, c.req.valid('query'))),
  )
  .openapi(remindRoute, async (c) => ok(c, await remindNow(c.var.tenant, c.req.valid('json'))));
