/** Work-item tags of the enterprise (`pmsProjectIssues/issueTags`, `.../enterpriseIssueTags`). */

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
import { IssueTagBodySchema, IssueTagSchema, IssueTagUpdateBodySchema } from '@shared/schemas/issues';
import * as z from 'zod';
import * as tagService from '../tags';

const BASE = '/api/pms/{identifier}/pmsProjectIssues';
const tags = ['issues'];
const tenant = byIdentifier('identifier');
const params = z.object({ identifier: identifierParam });
const tagParams = z.object({
  identifier: identifierParam,
  tagId: z.string().min(1).max(64).meta({ description: 'A tag id' }),
});

const route = tenantRoutes(tenant, tags);

const issueTagsRoute = route.get(`${BASE}/issueTags`, 'project:issue:list', {
  summary: "The enterprise's work-item tags (for pickers and filters)",
  request: { params },
  responses: { ...ok200(z.array(IssueTagSchema), 'Tags'), ...failures(401, 403, 404) },
});

const listRoute = route.get(`${BASE}/enterpriseIssueTags`, 'project:issue:list', {
  summary: "The enterprise's work-item tags, by name",
  request: { params },
  responses: { ...ok200(z.array(IssueTagSchema), 'Tags'), ...failures(401, 403, 404) },
});

const createTagRoute = route.post(`${BASE}/enterpriseIssueTags`, 'project:tag:edit', {
  summary: 'Create a tag; its name is unique in the enterprise (ignoring case)',
  request: { params, body: jsonBody(IssueTagBodySchema) },
  responses: { ...created201(IssueTagSchema, 'The new tag'), ...failures(400, 401, 403, 404, 409) },
});

const updateTagRoute = route.put(`${BASE}/enterpriseIssueTags/{tagId}`, 'project:tag:edit', {
  summary: 'Rename or recolour a tag',
  request: { params: tagParams, body: jsonBody(IssueTagUpdateBodySchema) },
  responses: { ...ok200(IssueTagSchema, 'The tag'), ...failures(400, 401, 403, 404, 409) },
});

const deleteTagRoute = route.delete(`${BASE}/enterpriseIssueTags/{tagId}`, 'project:tag:edit', {
  summary: 'Delete a tag; items no longer show it',
  request: { params: tagParams },
  responses: { ...ok200(z.null(), 'Deleted'), ...failures(401, 403, 404) },
});

export const issueTagRoutes = createRouter()
  .openapi(issueTagsRoute, async (c) => ok(c, await tagService.listTags(c.var.tenant.enterprise.id)))
  .openapi(listRoute, async (c) => ok(c, await tagService.listTags(c.var.tenant.enterprise.id)))
  .openapi(createTagRoute, async (c) =>
    created(c, await tagService.createTag(c.var.tenant.enterprise.id, c.req.valid('json'))),
  )
  .openapi(updateTagRoute, async (c) =>
    ok(
      c,
      await tagService.updateTag(c.var.tenant.enterprise.id, c.req.valid('param').tagId, c.req.valid('json')),
    ),
  )
  .openapi(deleteTagRoute, async (c) => {
    await tagService.deleteTag(c.var.tenant.enterprise.id, c.req.valid('param').tagId);
    return ok(c, null);
  });
