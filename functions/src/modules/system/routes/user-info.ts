/** The current user inside one enterprise: roles, permissions and identity. */

import { createRouter } from '@core/http/group';
import { callerOf } from '@core/http/handlers';
import { enterpriseIdParam } from '@core/http/params';
import { ANY_MEMBER, byId, failures, ok, ok200, tenantRoute } from '@core/http/route';
import { currentUserInEnterprise } from '@core/identity/tenancy';
import { CurrentUserSchema } from '@shared/schemas/auth';
import * as z from 'zod';
import { requireAccount } from '../../auth';

const getInfoRoute = tenantRoute(byId('id'), ANY_MEMBER, {
  method: 'get',
  path: '/api/system/user/{id}/getInfo',
  tags: ['system'],
  summary: 'The current user in the enterprise {id}: permissions (union of roles), roles, identity',
  request: { params: z.object({ id: enterpriseIdParam }) },
  responses: { ...ok200(CurrentUserSchema, 'The current user in that enterprise'), ...failures(401, 404) },
});

export const userInfoRoutes = createRouter().openapi(getInfoRoute, async (c) => {
  const user = await requireAccount(callerOf(c));
  return ok(c, currentUserInEnterprise(user, c.var.tenant));
});
