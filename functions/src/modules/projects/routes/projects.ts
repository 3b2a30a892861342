/** Projects (`/api/pms/{identifier}/pmsProject`): list, pickers' member list, read, create, edit, delete. */

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
  tenantRoutes,
} from '@core/http/route';
import { pageSchema } from '@shared/schemas/common';
import {
  ProjectBodySchema,
  ProjectListQuerySchema,
  ProjectSchema,
  ProjectUpdateBodySchema,
  ProjectUserListQuerySchema,
  UserSummarySchema,
} from '@shared/schemas/projects';
import * as z from 'zod';
import * as members from '../members';
import * as projects from '../projects';

export const PROJECT_BASE = '/api/pms/{identifier}/pmsProject';
export const projectTags = ['projects'];
export const enterprise = byIdentifier('identifier');
export const projectIdParam = z.string().min(1).max(64).meta({ description: 'A project id' });
export const enterpriseParams = z.object({ identifier: identifierParam });
export const projectParams = z.object({ identifier: identifierParam, id: projectIdParam });

const tags = projectTags;

// Static paths (`list`, `userList`) are registered before `{id}`, which would match them too.
const route = tenantRoutes(enterprise, tags);

const listRoute = route.get(`${PROJECT_BASE}/list`, 'project:project:list', {
  summary: "The enterprise's projects, newest first; keyword matches the name, mine keeps the caller's",
  request: { params: enterpriseParams, query: ProjectListQuerySchema },
  responses: { ...ok200(pageSchema(ProjectSchema), 'A page of projects'), ...failures(400, 401, 403, 404) },
});

const userListRoute = route.get(`${PROJECT_BASE}/userList`, 'project:project:list', {
  summary: "The project's members for pickers; keyword matches login or nickname",
  request: { params: enterpriseParams, query: ProjectUserListQuerySchema },
  responses: { ...ok200(z.array(UserSummarySchema), 'Members'), ...failures(400, 401, 403, 404) },
});

const getRoute = route.get(`${PROJECT_BASE}/{id}`, 'project:project:list', {
  summary: 'One project',
  request: { params: projectParams },
  responses: { ...ok200(ProjectSchema, 'The project'), ...failures(401, 403, 404) },
});

const createProjectRoute = route.post(PROJECT_BASE, 'project:project:add', {
  summary: 'Create a project; the creator becomes its manager',
  request: { params: enterpriseParams, body: jsonBody(ProjectBodySchema) },
  responses: { ...created201(ProjectSchema, 'The new project'), ...failures(400, 401, 403, 404) },
});

const updateRoute = route.put(`${PROJECT_BASE}/{id}`, 'project:project:edit', {
  summary: 'Edit a project (the fields sent) at the version read',
  request: { params: projectParams, body: jsonBody(ProjectUpdateBodySchema) },
  responses: { ...ok200(ProjectSchema, 'The edited project'), ...failures(400, 401, 403, 404, 409) },
});

const deleteRoute = route.delete(`${PROJECT_BASE}/{id}`, 'project:project:remove', {
  summary: 'Delete a project and everything in it',
  request: { params: projectParams },
  responses: { ...ok200(z.null(), 'Deleted'), ...failures(401, 403, 404) },
});

export const projectRoutes = createRouter()
  .openapi(listRoute, async (c) =>
    ok(c, await projects.listProjects(enterpriseOf(c), callerOf(c), c.req.valid('query'))),
  )
  .openapi(userListRoute, async (c) => {
    const { pmsProjectId, keyword } = c.req.valid('query');
    return ok(c, await members.userList(enterpriseOf(c), pmsProjectId, keyword));
  })
  .openapi(getRoute, async (c) => ok(c, await projects.getProject(enterpriseOf(c), callerOf(c), pathId(c))))
  .openapi(createProjectRoute, async (c) =>
    created(c, await projects.createProject(enterpriseOf(c), callerOf(c), c.req.valid('json'))),
  )
  .openapi(updateRoute, async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    return ok(c, await projects.updateProject(enterpriseOf(c), callerOf(c), id, body));
  })
  .openapi(deleteRoute, removeById(projects.deleteProject));
