/**
 * Invitations by email: an admin's invite, list, resend and revoke; the invitee's look at the
 * link and acceptance. The invitee's calls take the link's token in the body, not the path, so it
 * stays out of request logs.
 */

import { createRouter } from '@core/http/group';
import { callerOf } from '@core/http/handlers';
import { publicOrigin } from '@core/http/origin';
import { identifierParam } from '@core/http/params';
import {
  byIdentifier,
  created,
  created201,
  failures,
  jsonBody,
  ok,
  ok200,
  publicRoutes,
  tenantRoutes,
  userRoutes,
} from '@core/http/route';
import {
  AcceptedInvitationSchema,
  InvitationPreviewSchema,
  InvitationSchema,
  InviteBodySchema,
  LinkTokenBodySchema,
} from '@shared/schemas/email';
import * as z from 'zod';
import * as invitations from '../invitations';

const tags = ['enterprise'];
const BASE = '/api/pms/pmsEnterprise';
const identifierParams = z.object({ identifier: identifierParam });
const inviteParams = z.object({
  identifier: identifierParam,
  inviteId: z.string().min(1).max(64).meta({ description: 'An invitation id' }),
});

const route = tenantRoutes(byIdentifier('identifier'), tags);

const inviteRoute = route.post(`${BASE}/{identifier}/invitations`, 'enterprise:member:add', {
  summary: 'Invite an email address with roles (the member role when none); 409 for a member',
  request: { params: identifierParams, body: jsonBody(InviteBodySchema) },
  responses: {
    ...created201(InvitationSchema, 'Invited; the mail is queued'),
    ...failures(400, 401, 403, 404, 409),
  },
});

const listRoute = route.get(`${BASE}/{identifier}/invitations`, 'enterprise:member:list', {
  summary: 'Invitations not yet accepted or revoked (pending or expired), newest first',
  request: { params: identifierParams },
  responses: { ...ok200(z.array(InvitationSchema), 'The open invitations'), ...failures(401, 403, 404) },
});

const resendRoute = route.post(
  `${BASE}/{identifier}/invitations/{inviteId}/resend`,
  'enterprise:member:add',
  {
    summary: 'Mail a new link (the earlier one stops working) and restart the expiry',
    request: { params: inviteParams },
    responses: { ...ok200(InvitationSchema, 'Sent again'), ...failures(401, 403, 404, 409) },
  },
);

const revokeRoute = route.delete(`${BASE}/{identifier}/invitations/{inviteId}`, 'enterprise:member:add', {
  summary: 'Revoke a pending invitation; its link then says it was withdrawn',
  request: { params: inviteParams },
  responses: { ...ok200(z.null(), 'Revoked'), ...failures(401, 403, 404, 409) },
});

const anyone = publicRoutes(tags);
const signedIn = userRoutes(tags);

const lookupRoute = anyone.post(`${BASE}/invitations/lookup`, {
  summary: "An invitation link's enterprise, address and roles; 400 when used, expired or withdrawn",
  request: { body: jsonBody(LinkTokenBodySchema) },
  responses: { ...ok200(InvitationPreviewSchema, 'The invitation'), ...failures(400) },
});

const acceptRoute = signedIn.post(`${BASE}/invitations/accept`, {
  summary: 'Join the enterprise with the invitation’s roles (the link works once)',
  request: { body: jsonBody(LinkTokenBodySchema) },
  responses: { ...ok200(AcceptedInvitationSchema, 'Joined'), ...failures(400, 401, 403, 409) },
});

export const invitationRoutes = createRouter()
  .openapi(lookupRoute, async (c) => ok(c, await invitations.previewInvitation(c.req.valid('json').token)))
  .openapi(acceptRoute, async (c) =>
    ok(c, await invitations.acceptInvitation(c.req.valid('json').token, callerOf(c))),
  )
  .openapi(inviteRoute, async (c) => {
    const { enterprise } = c.var.tenant;
    const invitation = await invitations.inviteByEmail(
      enterprise,
      callerOf(c),
      c.req.valid('json'),
      publicOrigin(c),
    );
    return created(c, invitation);
  })
  .openapi(listRoute, async (c) => ok(c, await invitations.listOpenInvitations(c.var.tenant.enterprise)))
  .openapi(resendRoute, async (c) => {
    const { inviteId } = c.req.valid('param');
    return ok(c, await invitations.resendInvitation(c.var.tenant.enterprise, inviteId, publicOrigin(c)));
  })
  .openapi(revokeRoute, async (c) => {
    await invitations.revokeInvitation(c.var.tenant.enterprise, c.req.valid('param').inviteId);
    return ok(c, null);
  });
