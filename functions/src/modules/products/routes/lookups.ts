/**
 * The product lookups (priorities, plan and demand statuses, spec types) and the enterprise's
 * requirement tags.
 */

import { createRouter } from '@core/http/group';
import { enterpriseOf, pathId, removeById } from '@core/http/handlers';
import { tenantIdParams } from '@core/http/params';
import { created, created201, failures, jsonBody, ok, ok200, tenantRoutes } from '@core/http/route';
import {
  PLAN_STATUSES,
  PRODUCT_PRIORITIES,
  PRODUCT_VIEW_DEMAND_STATUSES,
  SPEC_TYPES,
} from '@shared/domain/products';
import {
  type LookupEntry,
  LookupEntrySchema,
  PriorityEntrySchema,
  ProductStatusQuerySchema,
  RequirementTagBodySchema,
  RequirementTagSchema,
  RequirementTagUpdateBodySchema,
} from '@shared/schemas/products';
import * as z from 'zod';
import * as tagService from '../requirement-tags';
import { enterprise, enterpriseParams, productTags as tags } from './products';

const PMS = '/api/pms/{identifier}';
const TAG_BASE = `${PMS}/pmsProductRequirementTag`;
const tagParams = tenantIdParams('A requirement tag id');

/** Entries as the lookups send them: id, name and, where the set has one, a colour. */
const lookup = (entries: readonly { id: number; name: string; color?: string }[]): LookupEntry[] =>
  entries.map((e) => ({ id: e.id, name: e.name, ...(e.color === undefined ? {} : { color: e.color }) }));

const route = tenantRoutes(enterprise, tags);

const prioritiesRoute = route.get(`${PMS}/pmsProductPriority/list`, 'product:product:list', {
  summary: 'The priorities of requirements and specs, most urgent first',
  request: { params: enterpriseParams },
  responses: { ...ok200(z.array(PriorityEntrySchema), 'Priorities'), ...failures(401, 403, 404) },
});

const statusesRoute = route.get(`${PMS}/pmsProductStatus/list`, 'product:product:list', {
  summary:
    'Statuses of the product view: type 1 plans, type 2 demands (pending review and rejected left out)',
  request: { params: enterpriseParams, query: ProductStatusQuerySchema },
  responses: { ...ok200(z.array(LookupEntrySchema), 'Statuses'), ...failures(400, 401, 403, 404) },
});

const typesRoute = route.get(`${PMS}/typeList`, 'product:product:list', {
  summary: 'Requirement spec types',
  request: { params: enterpriseParams },
  responses: { ...ok200(z.array(LookupEntrySchema), 'Spec types'), ...failures(401, 403, 404) },
});

const tagListRoute = route.get(`${TAG_BASE}/list`, 'product:product:list', {
  summary: "The enterprise's requirement tags, by name",
  request: { params: enterpriseParams },
  responses: { ...ok200(z.array(RequirementTagSchema), 'Tags'), ...failures(401, 403, 404) },
});

const createTagRoute = route.post(TAG_BASE, 'product:tag:edit', {
  summary: 'Create a requirement tag; its name is unique in the enterprise (ignoring case)',
  request: { params: enterpriseParams, body: jsonBody(RequirementTagBodySchema) },
  responses: { ...created201(RequirementTagSchema, 'The new tag'), ...failures(400, 401, 403, 404, 409) },
});

const updateTagRoute = route.put(`${TAG_BASE}/{id}`, 'product:tag:edit', {
  summary: 'Rename or recolour a requirement tag at the version read',
  request: { params: tagParams, body: jsonBody(RequirementTagUpdateBodySchema) },
  responses: { ...ok200(RequirementTagSchema, 'The tag'), ...failures(400, 401, 403, 404, 409) },
});

const deleteTagRoute = route.delete(`${TAG_BASE}/{id}`, 'product:tag:edit', {
  summary: 'Delete a requirement tag; requirements and specs stop showing it',
  request: { params: tagParams },
  responses: { ...ok200(z.null(), 'Deleted'), ...failures(401, 403, 404) },
});

export const productLookupRoutes = createRouter()
  .openapi(prioritiesRoute, (c) =>
    ok(
      c,
      PRODUCT_PRIORITIES.map((p) => ({ id: p.id, value: p.value, label: p.label, color: p.color })),
    ),
  )
  .openapi(statusesRoute, (c) =>
    ok(c, lookup(c.req.valid('query').type === 1 ? PLAN_STATUSES : PRODUCT_VIEW_DEMAND_STATUSES)),
  )
  .openapi(typesRoute, (c) => ok(c, lookup(SPEC_TYPES)))
  .openapi(tagListRoute, async (c) => ok(c, await tagService.listRequirementTags(enterpriseOf(c))))
  .openapi(createTagRoute, async (c) =>
    created(c, await tagService.createRequirementTag(enterpriseOf(c), c.req.valid('json'))),
  )
  .openapi(updateTagRoute, async (c) =>
    ok(c, await tagService.updateRequirementTag(enterpriseOf(c), pathId(c), c.req.valid('json'))),
  )
  .openapi(deleteTagRoute, removeById(tagService.deleteRequirementTag));
