/**
 * Work items (`/api/pms/{identifier}/pmsProjectIssues/...`): the list, one item, create, edit
 * (one or a batch), delete, links, the workflow and priorities, and the parent picker.
 *
 * Order matters: fixed paths (`list`, `issueStatus`, `edit/batch`, ...) are registered before
 * the `{id}` paths that would also match them.
 */

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
import { PRIORITIES } from '@shared/domain/priorities';
import { ISSUE_KINDS, isIssueKind, nextStatuses } from '@shared/domain/work-item-workflow';
import { WORK_ITEM_STATUSES } from '@shared/domain/work-items';
import {
  IssueBatchBodySchema,
  IssueCreateBodySchema,
  IssueDetailSchema,
  IssueLinkBodySchema,
  IssueListQuerySchema,
  IssuePageSchema,
  IssueRefSchema,
  IssueUpdateBodySchema,
  OptionalParentQuerySchema,
} from '@shared/schemas/issues';
import * as z from 'zod';
import { listIssues } from '../list';
import * as issues from '../work-items';

export const ISSUES_BASE = '/api/pms/{identifier}/pmsProjectIssues';
const tags = ['issues'];
const tenant = byIdentifier('identifier');

const issueIdParam = z.string().min(1).max(64).meta({ description: 'A work item id' });
export const issuesParams = z.object({ identifier: identifierParam });
const issueParams = z.object({ identifier: identifierParam, id: issueIdParam });

const IssueStatusQuerySchema = z.object({
  pmIssueType: z.coerce
    .number()
    .int()
    .refine(isIssueKind, `pmIssueType must be one of ${ISSUE_KINDS.join(', ')}`)
    .default(2),
});

const IssueStatusOptionSchema = z
  .object({ id: z.number().int(), name: z.string(), next: z.array(z.number().int()) })
  .meta({ id: 'IssueStatusOption' });

const IssuePrioritySchema = z
  .object({ id: z.number().int(), value: z.string(), label: z.string(), color: z.string() })
  .meta({ id: 'IssuePriority' });

const route = tenantRoutes(tenant, tags);

const listRoute = route.get(`${ISSUES_BASE}/list`, 'project:issue:list', {
  summary: "A page of a project's work items: filters, sort, and counts per status group",
  request: { params: issuesParams, query: IssueListQuerySchema },
  responses: { ...ok200(IssuePageSchema, 'A page of work items'), ...failures(400, 401, 403, 404) },
});

const statusRoute = route.get(`${ISSUES_BASE}/issueStatus`, 'project:issue:list', {
  summary: 'The statuses of a kind, with the statuses each may move to (the workflow)',
  request: { params: issuesParams, query: IssueStatusQuerySchema },
  responses: { ...ok200(z.array(IssueStatusOptionSchema), 'Statuses'), ...failures(400, 401, 403, 404) },
});

const prioritiesRoute = route.get(`${ISSUES_BASE}/issuePriorities`, 'project:issue:list', {
  summary: 'The priority levels',
  request: { params: issuesParams },
  responses: { ...ok200(z.array(IssuePrioritySchema), 'Priorities'), ...failures(401, 403, 404) },
});

const optionalParentRoute = route.get(`${ISSUES_BASE}/optionalParentIssue/{issueId}`, 'project:issue:list', {
  summary: 'Items that may become the parent (not the item, not its descendants), at most 50',
  request: {
    params: z.object({ identifier: identifierParam, issueId: issueIdParam }),
    query: OptionalParentQuerySchema,
  },
  responses: { ...ok200(z.array(IssueRefSchema), 'Candidate parents'), ...failures(400, 401, 403, 404) },
});

const linkRoute = route.post(`${ISSUES_BASE}/link`, 'project:issue:edit', {
  summary: 'Link two items of the same project (both ways)',
  request: { params: issuesParams, body: jsonBody(IssueLinkBodySchema) },
  responses: { ...created201(z.null(), 'Linked'), ...failures(400, 401, 403, 404, 409) },
});

const unlinkRoute = route.post(`${ISSUES_BASE}/unlink`, 'project:issue:edit', {
  summary: 'Remove the link between two items',
  request: { params: issuesParams, body: jsonBody(IssueLinkBodySchema) },
  responses: { ...ok200(z.null(), 'Unlinked'), ...failures(400, 401, 403, 404, 409) },
});

const addRoute = route.post(`${ISSUES_BASE}/add`, 'project:issue:add', {
  summary: 'Create a work item, numbered #n in its project',
  request: { params: issuesParams, body: jsonBody(IssueCreateBodySchema) },
  responses: { ...created201(IssueDetailSchema, 'The new item'), ...failures(400, 401, 403, 404, 409) },
});

const batchRoute = route.put(`${ISSUES_BASE}/edit/batch`, 'project:issue:edit', {
  summary: 'Apply the same changes to up to 40 items of one project; all or nothing',
  request: { params: issuesParams, body: jsonBody(IssueBatchBodySchema) },
  responses: {
    ...ok200(z.object({ updated: z.number().int() }), 'How many items changed'),
    ...failures(400, 401, 403, 404, 409),
  },
});

const editRoute = route.put(`${ISSUES_BASE}/edit/{id}`, 'project:issue:edit', {
  summary: 'Edit a work item (status changes follow the workflow); records the history',
  request: { params: issueParams, body: jsonBody(IssueUpdateBodySchema) },
  responses: { ...ok200(IssueDetailSchema, 'The item'), ...failures(400, 401, 403, 404, 409) },
});

const getRoute = route.get(`${ISSUES_BASE}/{id}`, 'project:issue:list', {
  summary: 'One work item with its description, parent, children and links',
  request: { params: issueParams },
  responses: { ...ok200(IssueDetailSchema, 'The item'), ...failures(401, 403, 404) },
});

const deleteRoute = route.delete(`${ISSUES_BASE}/{id}`, 'project:issue:remove', {
  summary: 'Delete a work item that has no children (its links go too; its history stays)',
  request: { params: issueParams },
  responses: { ...ok200(z.null(), 'Deleted'), ...failures(401, 403, 404, 409) },
});

export const issueRoutes = createRouter()
  .openapi(listRoute, async (c) => ok(c, await listIssues(c.var.tenant.enterprise.id, c.req.valid('query'))))
  .openapi(statusRoute, (c) => {
    const kind = c.req.valid('query').pmIssueType as (typeof ISSUE_KINDS)[number];
    return ok(
      c,
      WORK_ITEM_STATUSES[kind].map((s) => ({
        id: s.id,
        name: s.name,
        next: [...nextStatuses(s.id)],
      })),
    );
  })
  .openapi(prioritiesRoute, (c) =>
    ok(
      c,
      PRIORITIES.map((p) => ({ ...p })),
    ),
  )
  .openapi(optionalParentRoute, async (c) => {
    const { issueId } = c.req.valid('param');
    return ok(
      c,
      await issues.optionalParents(c.var.tenant.enterprise.id, issueId, c.req.valid('query').keyword),
    );
  })
  .openapi(linkRoute, async (c) => {
    const body = c.req.valid('json');
    await issues.linkIssues(
      c.var.tenant.enterprise.id,
      c.var.session.userId,
      body.issueId,
      body.linkedIssueId,
    );
    return created(c, null);
  })
  .openapi(unlinkRoute, async (c) => {
    const body = c.req.valid('json');
    await issues.unlinkIssues(c.var.tenant.enterprise.id, body.issueId, body.linkedIssueId);
    return ok(c, null);
  })
  .openapi(addRoute, async (c) =>
    created(
      c,
      await issues.createIssue(c.var.tenant.enterprise.id, c.var.session.userId, c.req.valid('json')),
    ),
  )
  .openapi(batchRoute, async (c) =>
    ok(c, await issues.batchUpdate(c.var.tenant.enterprise.id, c.var.session.userId, c.req.valid('json'))),
  )
  .openapi(editRoute, async (c) => {
    const { id } = c.req.valid('param');
    return ok(
      c,
      await issues.updateIssue(c.var.tenant.enterprise.id, c.var.session.userId, id, c.req.valid('json')),
    );
  })
  .openapi(getRoute, async (c) =>
    ok(c, await issues.getIssueDetail(c.var.tenant.enterprise.id, c.req.valid('param').id)),
  )
  .openapi(deleteRoute, async (c) => {
    await issues.deleteIssue(c.var.tenant.enterprise.id, c.var.session.userId, c.req.valid('param').id);
    return ok(c, null);
  });
