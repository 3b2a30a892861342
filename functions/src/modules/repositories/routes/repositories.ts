/**
 * The enterprise's code repositories: `/api/pms/{identifier}/pmsRepository/...` (spec section 7:
 * `GET pmsRepository/list`), connecting, editing, deleting, live branches, tags and commits, the
 * webhook settings and a sync on demand. The webhook receiver is in webhook.ts. Static paths
 * before `{id}`.
 */

import { createRouter } from '@core/http/group';
import { callerOf, enterpriseOf, pathId, removeById } from '@core/http/handlers';
import { publicOrigin } from '@core/http/origin';
import { identifierParam, tenantIdParams } from '@core/http/params';
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
  BranchSchema,
  CommitListQuerySchema,
  CommitSchema,
  RefListQuerySchema,
  RepositoryConnectBodySchema,
  RepositoryListQuerySchema,
  RepositorySchema,
  RepositoryUpdateBodySchema,
  TagSchema,
  WebhookSettingsSchema,
} from '@shared/schemas/repositories';
import * as z from 'zod';
import { syncJob } from '../background';
import * as repositories from '../repositories';

const BASE = '/api/pms/{identifier}/pmsRepository';
const tags = ['code repositories'];
const tenant = byIdentifier('identifier');
const baseParams = z.object({ identifier: identifierParam });
const idParams = tenantIdParams('A repository id');

const route = tenantRoutes(tenant, tags);

const listRoute = route.get(`${BASE}/list`, 'code:repository:list', {
  summary: "A page of the enterprise's repositories (kind all, code or image), most recently active first",
  request: { params: baseParams, query: RepositoryListQuerySchema },
  responses: {
    ...ok200(pageSchema(RepositorySchema), 'A page of repositories'),
    ...failures(400, 401, 403, 404),
  },
});

const connectRoute = route.post(BASE, 'code:repository:add', {
  summary: 'Connect a repository by HTTPS clone URL and access token (checked against the host first)',
  request: { params: baseParams, body: jsonBody(RepositoryConnectBodySchema) },
  responses: {
    ...created201(RepositorySchema, 'The connected repository (never its token)'),
    ...failures(400, 401, 403, 404, 409),
  },
});

const getRoute = route.get(`${BASE}/{id}`, 'code:repository:list', {
  summary: 'One repository',
  request: { params: idParams },
  responses: { ...ok200(RepositorySchema, 'The repository'), ...failures(401, 403, 404) },
});

const updateRoute = route.put(`${BASE}/{id}`, 'code:repository:edit', {
  summary: 'Rename, describe, or replace the token (a new token is checked against the host first)',
  request: { params: idParams, body: jsonBody(RepositoryUpdateBodySchema) },
  responses: { ...ok200(RepositorySchema, 'The repository'), ...failures(400, 401, 403, 404, 409) },
});

const deleteRoute = route.delete(`${BASE}/{id}`, 'code:repository:remove', {
  summary: 'Disconnect a repository: its links go; work items keep the branches and commits they recorded',
  request: { params: idParams },
  responses: { ...ok200(z.null(), 'Disconnected'), ...failures(401, 403, 404) },
});

const branchesRoute = route.get(`${BASE}/{id}/branches`, 'code:repository:list', {
  summary: "The repository's branches, read from the host now (default branch first)",
  request: { params: idParams, query: RefListQuerySchema },
  responses: {
    ...ok200(pageSchema(BranchSchema), 'A page of branches'),
    ...failures(400, 401, 403, 404, 409),
  },
});

const tagsRoute = route.get(`${BASE}/{id}/tags`, 'code:repository:list', {
  summary: "The repository's tags, read from the host now",
  request: { params: idParams, query: RefListQuerySchema },
  responses: { ...ok200(pageSchema(TagSchema), 'A page of tags'), ...failures(400, 401, 403, 404, 409) },
});

const commitsRoute = route.get(`${BASE}/{id}/commits`, 'code:repository:list', {
  summary: 'The latest commits of a branch (the default branch unless named), read from the host now',
  request: { params: idParams, query: CommitListQuerySchema },
  responses: {
    ...ok200(z.array(CommitSchema), 'Commits, newest first'),
    ...failures(400, 401, 403, 404, 409),
  },
});

const webhookSettingsRoute = route.get(`${BASE}/{id}/webhook`, 'code:repository:edit', {
  summary: 'Where the host should send push events, and the secret to sign them with',
  request: { params: idParams },
  responses: { ...ok200(WebhookSettingsSchema, 'Webhook settings'), ...failures(401, 403, 404) },
});

const syncRoute = route.post(`${BASE}/{id}/sync`, 'code:repository:edit', {
  summary: 'Read the repository now (what the poll does): new commits and branches attach to work items',
  request: { params: idParams },
  responses: { ...ok200(z.null(), 'Queued'), ...failures(401, 403, 404) },
});

export const repositoryRoutes = createRouter()
  .openapi(listRoute, async (c) =>
    ok(c, await repositories.listRepositoryPage(enterpriseOf(c), c.req.valid('query'))),
  )
  .openapi(connectRoute, async (c) =>
    created(c, await repositories.connectRepository(enterpriseOf(c), callerOf(c), c.req.valid('json'))),
  )
  .openapi(getRoute, async (c) => ok(c, await repositories.getRepositoryView(enterpriseOf(c), pathId(c))))
  .openapi(updateRoute, async (c) =>
    ok(c, await repositories.updateRepository(enterpriseOf(c), pathId(c), c.req.valid('json'))),
  )
  .openapi(deleteRoute, removeById(repositories.deleteRepository))
  .openapi(branchesRoute, async (c) =>
    ok(c, await repositories.listBranches(enterpriseOf(c), pathId(c), c.req.valid('query'))),
  )
  .openapi(tagsRoute, async (c) =>
    ok(c, await repositories.listTags(enterpriseOf(c), pathId(c), c.req.valid('query'))),
  )
  .openapi(commitsRoute, async (c) =>
    ok(c, await repositories.listCommits(enterpriseOf(c), pathId(c), c.req.valid('query'))),
  )
  .openapi(webhookSettingsRoute, async (c) => {
    const { enterprise } = c.var.tenant;
    return ok(
      c,
      await repositories.webhookSettings(enterprise.id, enterprise.identifier, pathId(c), publicOrigin(c)),
    );
  })
  .openapi(syncRoute, async (c) => {
    const enterpriseId = enterpriseOf(c);
    const { id } = c.req.valid('param');
    await repositories.requireRepository(enterpriseId, id);
    await syncJob.enqueue({ enterpriseId, repositoryId: id });
    return ok(c, null);
  });
