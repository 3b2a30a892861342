/**
 * `pmsProductLibrary/{repoId}/retention`: a repository's cleanup rules, the dry run that lists
 * what they would delete, and a run by hand. The rules' code loads with the first of these calls,
 * not in every cold start of the function.
 */
import { nowIso } from '@core/clock';
import type { TenantEnv } from '@core/http/env';
import { createRouter } from '@core/http/group';
import { failures, jsonBody, ok, ok200, tenantRoutes } from '@core/http/route';
import {
  RetentionPlanSchema,
  RetentionRulesSchema,
  RetentionRunSchema,
  RetentionSchema,
} from '@shared/schemas/artifacts';
import { requireRepository } from '../repositories';
import { LIBRARY, repositoryParams, tags, tenant } from './params';

const RETENTION = `${LIBRARY}/{repoId}/retention`;

const route = tenantRoutes(tenant, tags);

const getRoute = route.get(RETENTION, 'artifact:repository:list', {
  summary: "A repository's cleanup rules (null: the rule is off)",
  request: { params: repositoryParams },
  responses: { ...ok200(RetentionSchema, 'The rules'), ...failures(401, 403, 404) },
});

const putRoute = route.put(RETENTION, 'artifact:repository:edit', {
  summary: 'Set the cleanup rules: keep the newest keepLast versions, drop versions older than maxAgeDays',
  request: { params: repositoryParams, body: jsonBody(RetentionRulesSchema) },
  responses: { ...ok200(RetentionSchema, 'The rules'), ...failures(400, 401, 403, 404) },
});

const dryRunRoute = route.get(`${RETENTION}/dryRun`, 'artifact:repository:list', {
  summary: 'What a run of the rules would delete now, and what they name but snapshots or promotions hold',
  request: { params: repositoryParams },
  responses: { ...ok200(RetentionPlanSchema, 'The plan'), ...failures(401, 403, 404) },
});

const runRoute = route.post(`${RETENTION}/run`, 'artifact:asset:remove', {
  summary: 'Run the rules now: delete the versions the dry run lists (never held ones)',
  request: { params: repositoryParams },
  responses: { ...ok200(RetentionRunSchema, 'What was deleted and kept'), ...failures(401, 403, 404, 409) },
});

const repositoryOf = (c: { var: TenantEnv['Variables'] }, repositoryId: string) =>
  requireRepository(c.var.tenant.enterprise.id, repositoryId);

export const retentionRoutes = createRouter()
  .openapi(getRoute, async (c) => {
    const repository = await repositoryOf(c, c.req.valid('param').repoId);
    const { getRetention } = await import('../store/retention');
    return ok(c, await getRetention(repository.enterpriseId, repository.repositoryId));
  })
  .openapi(putRoute, async (c) => {
    const repository = await repositoryOf(c, c.req.valid('param').repoId);
    const rules = c.req.valid('json');
    const { saveRetention } = await import('../store/retention');
    return ok(
      c,
      await saveRetention(
        repository.enterpriseId,
        repository.repositoryId,
        rules,
        c.var.session.userId,
        nowIso(),
      ),
    );
  })
  .openapi(dryRunRoute, async (c) => {
    const repository = await repositoryOf(c, c.req.valid('param').repoId);
    return ok(c, await (await import('../retention')).planRetention(repository));
  })
  .openapi(runRoute, async (c) => {
    const repository = await repositoryOf(c, c.req.valid('param').repoId);
    return ok(c, await (await import('../retention')).runRetention(repository));
  });
