/**
 * The desk's product and code blocks: `myProduct`, `userRequirementStat`,
 * `productRequirementSpecsStat`, `milestoneStatusStat` and `myRepositories/statistics`.
 */
import { createRouter } from '@core/http/group';
import { failures, ok, ok200, tenantRoute } from '@core/http/route';
import {
  MilestoneStatSchema,
  MyProductsSchema,
  MyRepositoriesStatisticsSchema,
  ProductStatQuerySchema,
  RequirementStatSchema,
} from '@shared/schemas/dashboard';
import type * as z from 'zod';
import { listMyProducts, milestoneStat, requirementStat } from '../products';
import { myRepositoriesStatistics } from '../repositories';
import { BASE, deskRead, PERMISSION, params, tags, tenant } from './common';

/** A product statistic: `productId` names one product, all of mine without it. */
function productStat<S extends z.ZodType>(path: string, summary: string, schema: S) {
  return tenantRoute(tenant, PERMISSION, {
    method: 'get',
    path: `${BASE}/${path}`,
    tags,
    summary,
    request: { params, query: ProductStatQuerySchema },
    responses: { ...ok200(schema, summary), ...failures(400, 401, 403, 404) },
  });
}

const myProductRoute = deskRead(
  'myProduct',
  'My active products with their requirement, spec and plan counts',
  MyProductsSchema,
);
const userRequirementStatRoute = productStat(
  'userRequirementStat',
  'User requirements by status and the review queue, of one product or all of mine',
  RequirementStatSchema,
);
const specStatRoute = productStat(
  'productRequirementSpecsStat',
  'Requirement specs by status and the review queue, of one product or all of mine',
  RequirementStatSchema,
);
const milestoneStatRoute = productStat(
  'milestoneStatusStat',
  'Plans by the status shown and the open ones by end date, of one product or all of mine',
  MilestoneStatSchema,
);
const repositoriesRoute = deskRead(
  'myRepositories/statistics',
  "The repositories linked to my projects, with the commits recorded on my projects' items per day",
  MyRepositoriesStatisticsSchema,
);

export const productRoutes = createRouter()
  .openapi(myProductRoute, async (c) => ok(c, await listMyProducts(c.var.tenant)))
  .openapi(userRequirementStatRoute, async (c) =>
    ok(c, await requirementStat(c.var.tenant, 'userRequirement', c.req.valid('query'))),
  )
  .openapi(specStatRoute, async (c) =>
    ok(c, await requirementStat(c.var.tenant, 'spec', c.req.valid('query'))),
  )
  .openapi(milestoneStatRoute, async (c) => ok(c, await milestoneStat(c.var.tenant, c.req.valid('query'))))
  .openapi(repositoriesRoute, async (c) => ok(c, await myRepositoriesStatistics(c.var.tenant)));
