/**
 * Links from work items to test cases: `PUT pmsProjectIssues/linkTestcase` (group `issues`;
 * docs/api-conventions.md, "Test management").
 */

import { createRouter } from '@core/http/group';
import { identifierParam } from '@core/http/params';
import { byIdentifier, failures, jsonBody, ok, ok200, tenantRoute } from '@core/http/route';
import { LinkedCasesSchema, LinkTestcaseBodySchema } from '@shared/schemas/testcases';
import * as z from 'zod';
import { linkTestcase } from '../../testcases';

const linkRoute = tenantRoute(byIdentifier('identifier'), 'project:issue:edit', {
  method: 'put',
  path: '/api/pms/{identifier}/pmsProjectIssues/linkTestcase',
  tags: ['issues'],
  summary: "Link cases of the item's project to a work item and unlink others",
  request: { params: z.object({ identifier: identifierParam }), body: jsonBody(LinkTestcaseBodySchema) },
  responses: {
    ...ok200(LinkedCasesSchema, 'The cases linked to the item after the call'),
    ...failures(400, 401, 403, 404, 409),
  },
});

export const caseLinkRoutes = createRouter().openapi(linkRoute, async (c) =>
  ok(c, await linkTestcase(c.var.tenant.enterprise.id, c.var.session.userId, c.req.valid('json'))),
);
