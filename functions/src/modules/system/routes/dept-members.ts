/** Members through the System calls (`dept/{id}`, deptId = enterprise id): roles and candidates. */

import { createRouter } from '@core/http/group';
import { enterpriseIdParam, userIdParam } from '@core/http/params';
import { byId, created, created201, failures, jsonBody, ok, ok200, tenantRoutes } from '@core/http/route';
import { pageSchema } from '@shared/schemas/common';
import { MemberListQuerySchema, MemberSchema } from '@shared/schemas/enterprise';
import {
  AddGitLinkUserBodySchema,
  AssignUserBodySchema,
  CandidateUserSchema,
  UserSearchQuerySchema,
} from '@shared/schemas/system';
import * as z from 'zod';
import * as members from '../../enterprise';

const tags = ['system'];
const dept = byId('id');
const deptParams = z.object({ id: enterpriseIdParam });
const deptUserParams = z.object({ id: enterpriseIdParam, userId: userIdParam });

const route = tenantRoutes(dept, tags);

const listRoute = route.get('/api/system/SysUserDeptRole/dept/{id}/list', 'enterprise:member:list', {
  summary: 'Members with their roles, a page at a time',
  request: { params: deptParams, query: MemberListQuerySchema },
  responses: { ...ok200(pageSchema(MemberSchema), 'A page of members'), ...failures(400, 401, 403, 404) },
});

const assignRoute = route.put('/api/system/dept/{id}/users/{userId}', 'system:role:assign', {
  summary: "Set a member's roles",
  request: { params: deptUserParams, body: jsonBody(AssignUserBodySchema) },
  responses: { ...ok200(MemberSchema, 'The member with the new roles'), ...failures(400, 401, 403, 404) },
});

const removeRoute = route.delete('/api/system/dept/{id}/users/{userId}', 'enterprise:member:remove', {
  summary: 'Remove a member from the enterprise (not the owner)',
  request: { params: deptUserParams },
  responses: { ...ok200(z.null(), 'Removed'), ...failures(401, 403, 404, 409) },
});

const addRoute = route.post('/api/system/dept/{id}/GitLinkUser', 'enterprise:member:add', {
  summary: 'Add a registered user, with roleIds or the member role',
  request: { params: deptParams, body: jsonBody(AddGitLinkUserBodySchema) },
  responses: { ...created201(MemberSchema, 'The new member'), ...failures(400, 401, 403, 404, 409) },
});

const candidatesRoute = route.get('/api/system/dept/{id}/gitlinkUserList', 'enterprise:member:add', {
  summary: 'Registered users who are not members, by login or nickname prefix (at most 20)',
  request: { params: deptParams, query: UserSearchQuerySchema },
  responses: { ...ok200(z.array(CandidateUserSchema), 'Candidates'), ...failures(400, 401, 403, 404) },
});

export const deptMemberRoutes = createRouter()
  .openapi(listRoute, async (c) =>
    ok(c, await members.listMembers(c.var.tenant.enterprise, c.req.valid('query'))),
  )
  .openapi(assignRoute, async (c) => {
    const { userId } = c.req.valid('param');
    return ok(c, await members.setMemberRoles(c.var.tenant.enterprise, userId, c.req.valid('json').roleIds));
  })
  .openapi(removeRoute, async (c) => {
    await members.removeMember(c.var.tenant.enterprise, c.req.valid('param').userId);
    return ok(c, null);
  })
  .openapi(addRoute, async (c) => {
    const { gitlinkUserId, roleIds } = c.req.valid('json');
    return created(c, await members.addMember(c.var.tenant.enterprise, gitlinkUserId, roleIds));
  })
  .openapi(candidatesRoute, async (c) =>
    ok(c, await members.searchCandidates(c.var.tenant.enterprise, c.req.valid('query').keyword)),
  );
