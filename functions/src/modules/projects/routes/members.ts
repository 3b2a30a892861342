/** Project members (`pmsProject/{id}/members`): list, add enterprise members, remove. */

import { createRouter } from '@core/http/group';
import { enterpriseOf, pathId } from '@core/http/handlers';
import { userIdParam } from '@core/http/params';
import { created, created201, failures, jsonBody, ok, ok200, tenantRoutes } from '@core/http/route';
import { AddProjectMembersBodySchema, ProjectMemberSchema } from '@shared/schemas/projects';
import * as z from 'zod';
import * as members from '../members';
import { enterprise, PROJECT_BASE, projectParams, projectTags as tags } from './projects';

const memberParams = projectParams.extend({ userId: userIdParam });

const route = tenantRoutes(enterprise, tags);

const listRoute = route.get(`${PROJECT_BASE}/{id}/members`, 'project:project:list', {
  summary: "The project's members, in the order they joined",
  request: { params: projectParams },
  responses: { ...ok200(z.array(ProjectMemberSchema), 'Members'), ...failures(401, 403, 404) },
});

const addRoute = route.post(`${PROJECT_BASE}/{id}/members`, 'project:member:edit', {
  summary: 'Add enterprise members to the project; those already in it are skipped',
  request: { params: projectParams, body: jsonBody(AddProjectMembersBodySchema) },
  responses: {
    ...created201(z.array(ProjectMemberSchema), 'The members added'),
    ...failures(400, 401, 403, 404),
  },
});

const removeRoute = route.delete(`${PROJECT_BASE}/{id}/members/{userId}`, 'project:member:edit', {
  summary: 'Remove a member from the project (not its last manager)',
  request: { params: memberParams },
  responses: { ...ok200(z.null(), 'Removed'), ...failures(401, 403, 404, 409) },
});

export const projectMemberRoutes = createRouter()
  .openapi(listRoute, async (c) => ok(c, await members.listMembers(enterpriseOf(c), pathId(c))))
  .openapi(addRoute, async (c) =>
    created(c, await members.addMembers(enterpriseOf(c), pathId(c), c.req.valid('json'))),
  )
  .openapi(removeRoute, async (c) => {
    const { id, userId } = c.req.valid('param');
    await members.removeMember(enterpriseOf(c), id, userId);
    return ok(c, null);
  });
