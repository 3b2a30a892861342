/** Members through the enterprise calls: list, add and remove by gitlinkUserId. */

import { createRouter } from '@core/http/group';
import { identifierParam, userIdParam } from '@core/http/params';
import { byIdentifier, created, created201, failures, ok, ok200, tenantRoutes } from '@core/http/route';
import { pageSchema } from '@shared/schemas/common';
import { MemberListQuerySchema, MemberSchema } from '@shared/schemas/enterprise';
import * as z from 'zod';
import * as members from '../members';

const tags = ['enterprise'];
const BASE = '/api/pms/pmsEnterprise';
const memberParams = z.object({ enterpriseIdentifier: identifierParam, gitlinkUserId: userIdParam });

const route = tenantRoutes(byIdentifier('identifier'), tags);
const memberRoute = tenantRoutes(byIdentifier('enterpriseIdentifier'), tags);

const listRoute = route.get(`${BASE}/{identifier}/userList`, 'enterprise:member:list', {
  summary: 'Members, a page at a time; keyword matches login, nickname or email',
  request: { params: z.object({ identifier: identifierParam }), query: MemberListQuerySchema },
  responses: { ...ok200(pageSchema(MemberSchema), 'A page of members'), ...failures(400, 401, 403, 404) },
});

const addRoute = memberRoute.post(
  `${BASE}/{enterpriseIdentifier}/user/{gitlinkUserId}`,
  'enterprise:member:add',
  {
    summary: 'Add a registered user with the member role',
    request: { params: memberParams },
    responses: { ...created201(MemberSchema, 'The new member'), ...failures(401, 403, 404, 409) },
  },
);

const removeRoute = memberRoute.delete(
  `${BASE}/{enterpriseIdentifier}/user/{gitlinkUserId}`,
  'enterprise:member:remove',
  {
    summary: 'Remove a member (not the owner)',
    request: { params: memberParams },
    responses: { ...ok200(z.null(), 'Removed'), ...failures(401, 403, 404, 409) },
  },
);

export const enterpriseMemberRoutes = createRouter()
  .openapi(listRoute, async (c) =>
    ok(c, await members.listMembers(c.var.tenant.enterprise, c.req.valid('query'))),
  )
  .openapi(addRoute, async (c) => {
    const member = await members.addMember(c.var.tenant.enterprise, c.req.valid('param').gitlinkUserId);
    return created(c, member);
  })
  .openapi(removeRoute, async (c) => {
    await members.removeMember(c.var.tenant.enterprise, c.req.valid('param').gitlinkUserId);
    return ok(c, null);
  });
