/**
 * The webhook receiver, `POST /api/pms/{identifier}/pmsRepository/{id}/webhook`: public, proved
 * by the delivery's signature (GitHub, Gitea) or token (GitLab). The CSRF rules exempt exactly
 * this path (core/http/csrf.ts): hosts send no Origin and no X-Requested-With, and a cookie is
 * worth nothing here since nothing is done on a session's behalf.
 */
import { createRouter } from '@core/http/group';
import { identifierParam } from '@core/http/params';
import { failures, ok, ok200, publicRoute } from '@core/http/route';
import { WebhookReceiptSchema } from '@shared/schemas/repositories';
import * as z from 'zod';
import { receiveWebhook } from '../webhook-receiver';

const webhookRoute = publicRoute({
  method: 'post',
  path: '/api/pms/{identifier}/pmsRepository/{id}/webhook',
  tags: ['code repositories'],
  summary: 'Receive a push event from GitHub, GitLab or Gitea (signature or token verified; replays refused)',
  // The body is the host's JSON event, read as raw bytes: the signature covers them exactly, so
  // no validator may parse (and re-serialise) it first.
  description: "The host's push event as application/json, at most 1 MB",
  request: {
    params: z.object({
      identifier: identifierParam,
      id: z.string().min(1).max(64).meta({ description: 'A repository id' }),
    }),
  },
  responses: {
    ...ok200(WebhookReceiptSchema, 'Accepted: the push is queued for ingestion'),
    ...failures(400, 401, 404, 409, 413),
  },
});

export const webhookRoutes = createRouter().openapi(webhookRoute, async (c) => {
  const { identifier, id } = c.req.valid('param');
  const raw = await c.req.text();
  return ok(c, await receiveWebhook(identifier, id, (name) => c.req.header(name), raw));
});
