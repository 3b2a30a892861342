/**
 * The code of a work item, served by this group although its path is the issues group's:
 * `GET/POST /api/pms/{identifier}/pmsProjectIssues/repoBranches` and `GET .../repoCommits`
 * (API Gateway sends these exact paths here, more specific than the issues group's {proxy+}).
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
import {
  CreateBranchBodySchema,
  IssueRefQuerySchema,
  ItemCommitSchema,
  RepoBranchSchema,
} from '@shared/schemas/repositories';
import * as z from 'zod';
import * as itemCode from '../item-branches';

const BASE = '/api/pms/{identifier}/pmsProjectIssues';
const tags = ['code repositories'];
const tenant = byIdentifier('identifier');
const baseParams = z.object({ identifier: identifierParam });

const route = tenantRoutes(tenant, tags);

const branchesRoute = route.get(`${BASE}/repoBranches`, 'project:issue:list', {
  summary: "A work item's branches in linked repositories (made from it, or named after it), newest first",
  request: { params: baseParams, query: IssueRefQuerySchema },
  responses: { ...ok200(z.array(RepoBranchSchema), 'Branches'), ...failures(400, 401, 403, 404) },
});

const createBranchRoute = route.post(`${BASE}/repoBranches`, 'code:branch:add', {
  summary: 'Create a branch from a work item in a repository linked to its project (pushed over git)',
  request: { params: baseParams, body: jsonBody(CreateBranchBodySchema) },
  responses: { ...created201(RepoBranchSchema, 'The branch'), ...failures(400, 401, 403, 404, 409) },
});

const commitsRoute = route.get(`${BASE}/repoCommits`, 'project:issue:list', {
  summary: 'The commits of linked repositories that mention a work item, newest first',
  request: { params: baseParams, query: IssueRefQuerySchema },
  responses: { ...ok200(z.array(ItemCommitSchema), 'Commits'), ...failures(400, 401, 403, 404) },
});

export const itemCodeRoutes = createRouter()
  .openapi(branchesRoute, async (c) =>
    ok(c, await itemCode.listItemBranches(enterpriseOf(c), c.req.valid('query').issueId)),
  )
  .openapi(createBranchRoute, async (c) =>
    created(c, await itemCode.createItemBranch(enterpriseOf(c), callerOf(c), c.req.valid('json'))),
  )
  .openapi(commitsRoute, async (c) =>
    ok(c, await itemCode.listItemCommits(enterpriseOf(c), c.req.valid('query').issueId)),
  );
