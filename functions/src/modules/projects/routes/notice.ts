/** The project notice (`pmsProject/addNotice`, `getNotice/{id}`, `editNotice`). */

import { createRouter } from '@core/http/group';
import { callerOf, enterpriseOf, pathId } from '@core/http/handlers';
import { created, created201, failures, jsonBody, ok, ok200, tenantRoutes } from '@core/http/route';
import { AddNoticeBodySchema, EditNoticeBodySchema, NoticeSchema } from '@shared/schemas/projects';
import * as notices from '../notice';
import { enterprise, enterpriseParams, PROJECT_BASE, projectParams, projectTags as tags } from './projects';

const route = tenantRoutes(enterprise, tags);

const getRoute = route.get(`${PROJECT_BASE}/getNotice/{id}`, 'project:project:list', {
  summary: "The project's notice (version 0 and empty content while there is none)",
  request: { params: projectParams },
  responses: { ...ok200(NoticeSchema, 'The notice'), ...failures(401, 403, 404) },
});

const addRoute = route.post(`${PROJECT_BASE}/addNotice`, 'project:notice:edit', {
  summary: "Write the project's first notice",
  request: { params: enterpriseParams, body: jsonBody(AddNoticeBodySchema) },
  responses: { ...created201(NoticeSchema, 'The notice'), ...failures(400, 401, 403, 404, 409) },
});

const editRoute = route.put(`${PROJECT_BASE}/editNotice`, 'project:notice:edit', {
  summary: "Edit the project's notice at the version read",
  request: { params: enterpriseParams, body: jsonBody(EditNoticeBodySchema) },
  responses: { ...ok200(NoticeSchema, 'The edited notice'), ...failures(400, 401, 403, 404, 409) },
});

export const projectNoticeRoutes = createRouter()
  .openapi(getRoute, async (c) => ok(c, await notices.getNotice(enterpriseOf(c), pathId(c))))
  .openapi(addRoute, async (c) =>
    created(c, await notices.addNotice(enterpriseOf(c), callerOf(c), c.req.valid('json'))),
  )
  .openapi(editRoute, async (c) =>
    ok(c, await notices.editNotice(enterpriseOf(c), callerOf(c), c.req.valid('json'))),
  );
