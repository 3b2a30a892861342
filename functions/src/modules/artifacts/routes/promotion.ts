/**
 * `pmsProductLibrary/{repoId}/copy`: promotion of components or assets into a product repository
 * (its code loads with the first promotion, not in every cold start).
 */
import { createRouter } from '@core/http/group';
import { created, created201, failures, jsonBody, tenantRoutes } from '@core/http/route';
import { PromoteSchema, PromotionResultSchema } from '@shared/schemas/artifacts';
import { requireRepository } from '../repositories';
import { assetView } from '../views';
import { LIBRARY, repositoryParams, tags, tenant } from './params';

const route = tenantRoutes(tenant, tags);

const copyRoute = route.post(`${LIBRARY}/{repoId}/copy`, 'artifact:asset:upload', {
  summary:
    'Promote components or assets (of the repository, or of one of its snapshots) into a product or controlled repository',
  request: { params: repositoryParams, body: jsonBody(PromoteSchema) },
  responses: {
    ...created201(PromotionResultSchema, 'The copies in the product repository'),
    ...failures(400, 401, 403, 404, 409),
  },
});

export const promotionRoutes = createRouter().openapi(copyRoute, async (c) => {
  const source = await requireRepository(c.var.tenant.enterprise.id, c.req.valid('param').repoId);
  const { promote } = await import('../promotion');
  const { target, copied } = await promote(source, c.var.session.userId, c.req.valid('json'));
  return created(c, { target: target.name, copied: copied.map(assetView) });
});
