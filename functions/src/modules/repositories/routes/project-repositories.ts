/**
 * Repositories of a project: `/api/pms/{identifier}/pmsProjectRepository/...` (spec section 7:
 * `GET list`, `GET list/unlinked`), linking and unlinking.
 */

import { createRouter } from '@core/http/group';
import { callerOf, enterpriseOf } from '@core/http/handlers';
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
  ProjectRepositoryLinkBodySchema,
  ProjectRepositoryListQuerySchema,
  ProjectRepositoryRowSchema,
  RepositorySchema,
  UnlinkedQuerySchema,
} from '@shared/schemas/repositories';
import * as z from 'zod';
import * as links from '../project-links';

const BASE = '/api/pms/{identifier}/pmsProjectRepository';
const tags = ['code repositories'];
const tenant = byIdentifier('identifier');
const baseParams = z.object({ identifier: identifierParam });

const route = tenantRoutes(tenant, tags);

const listRoute = route.get(`${BASE}/list`, 'code:repository:list', {
  summary: "A page of the project's repositories, with default branch, last commit and activity",
  request: { params: baseParams, query: ProjectRepositoryListQuerySchema },
  responses: {
    ...ok200(pageSchema(ProjectRepositoryRowSchema), 'A page of linked repositories'),
    ...failures(400, 401, 403, 404),
  },
});

const unlinkedRoute = route.get(`${BASE}/list/unlinked`, 'code:repository:list', {
  summary: "The enterprise's repositories not linked to the project (at most 100, by name)",
  request: { params: baseParams, query: UnlinkedQuerySchema },
  responses: { ...ok200(z.array(RepositorySchema), 'Repositories to link'), ...failures(400, 401, 403, 404) },
});

const linkRoute = route.post(BASE, 'code:repository:link', {
  summary: 'Link repositories to a project (all or nothing)',
  request: { params: baseParams, body: jsonBody(ProjectRepositoryLinkBodySchema) },
  responses: {
    ...created201(z.array(ProjectRepositoryRowSchema), 'The links made'),
    ...failures(400, 401, 403, 404, 409),
  },
});

const unlinkRoute = route.delete(`${BASE}/{pmsProjectId}/{repositoryId}`, 'code:repository:link', {
  summary: 'Unlink a repository from a project; both stay, and work items keep what they recorded',
  request: {
    params: z.object({
      identifier: identifierParam,
      pmsProjectId: z.string().min(1).max(64),
      repositoryId: z.string().min(1).max(64),
    }),
  },
  responses: { ...ok200(z.null(), 'Unlinked'), ...failures(401, 403, 404) },
});

export const projectRepositoryRoutes = createRouter()
  .openapi(listRoute, async (c) =>
    ok(c, await links.listProjectRepositories(enterpriseOf(c), c.req.valid('query'))),
  )
  .openapi(unlinkedRoute, async (c) => ok(c, await links.listUnlinked(enterpriseOf(c), c.req.valid('query'))))
  .openapi(linkRoute, async (c) =>
    created(c, await links.linkRepositories(enterpriseOf(c), callerOf(c), c.req.valid('json'))),
  )
  .openapi(unlinkRoute, async (c) => {
    const { pmsProjectId, repositoryId } = c.req.valid('param');
    await links.unlinkRepository(enterpriseOf(c), pmsProjectId, repositoryId);
    return ok(c, null);
  });
