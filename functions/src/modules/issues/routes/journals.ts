/** A work item's journals (`pmsProjectIssues/journals/{id}`): comments and history. */

import { createRouter } from '@core/http/group';
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
import {
  CommentBodySchema,
  CommentUpdateBodySchema,
  JournalListQuerySchema,
  JournalPageSchema,
  JournalSchema,
} from '@shared/schemas/issues';
import * as z from 'zod';
import * as journals from '../journals';

const BASE = '/api/pms/{identifier}/pmsProjectIssues/journals/{id}';
const tags = ['issues'];
const tenant = byIdentifier('identifier');
const issueIdParam = z.string().min(1).max(64).meta({ description: 'A work item id' });
const params = z.object({ identifier: identifierParam, id: issueIdParam });
const journalParams = params.extend({
  journalId: z.string().min(1).max(64).meta({ description: 'A journal entry id' }),
});

const route = tenantRoutes(tenant, tags);

const listRoute = route.get(BASE, 'project:issue:list', {
  summary: "A page of an item's journal, oldest first (comments, history, or both)",
  request: { params, query: JournalListQuerySchema },
  responses: { ...ok200(JournalPageSchema, 'A page of journal entries'), ...failures(400, 401, 403, 404) },
});

const commentRoute = route.post(BASE, 'project:issue:comment', {
  summary: 'Comment on a work item',
  request: { params, body: jsonBody(CommentBodySchema) },
  responses: { ...created201(JournalSchema, 'The comment'), ...failures(400, 401, 403, 404) },
});

const editRoute = route.put(`${BASE}/{journalId}`, 'project:issue:comment', {
  summary: 'Edit your own comment (history entries cannot change)',
  request: { params: journalParams, body: jsonBody(CommentUpdateBodySchema) },
  responses: { ...ok200(JournalSchema, 'The comment'), ...failures(400, 401, 403, 404, 409) },
});

const deleteRoute = route.delete(`${BASE}/{journalId}`, 'project:issue:comment', {
  summary: 'Delete your own comment (history entries are permanent)',
  request: { params: journalParams },
  responses: { ...ok200(z.null(), 'Deleted'), ...failures(401, 403, 404, 409) },
});

export const journalRoutes = createRouter()
  .openapi(listRoute, async (c) =>
    ok(
      c,
      await journals.listJournals(c.var.tenant.enterprise.id, c.req.valid('param').id, c.req.valid('query')),
    ),
  )
  .openapi(commentRoute, async (c) =>
    created(
      c,
      await journals.addComment(
        c.var.tenant.enterprise.id,
        c.var.session.userId,
        c.req.valid('param').id,
        c.req.valid('json').notes,
      ),
    ),
  )
  .openapi(editRoute, async (c) => {
    const { id, journalId } = c.req.valid('param');
    return ok(
      c,
      await journals.editComment(
        c.var.tenant.enterprise.id,
        c.var.session.userId,
        id,
        journalId,
        c.req.valid('json'),
      ),
    );
  })
  .openapi(deleteRoute, async (c) => {
    const { id, journalId } = c.req.valid('param');
    await journals.deleteComment(c.var.tenant.enterprise.id, c.var.session.userId, id, journalId);
    return ok(c, null);
  });
