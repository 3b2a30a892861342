/**
 * `pmsProductLibraryRepositories`: the option lists (formats, types, policies), hosted and group
 * create and update, the list, by name, the lock, and delete.
 */

import type { TenantEnv } from '@core/http/env';
import { createRouter } from '@core/http/group';
import { created, created201, failures, jsonBody, ok, ok200, tenantRoutes } from '@core/http/route';
import {
  GroupCreateSchema,
  GroupUpdateSchema,
  HostedCreateSchema,
  HostedUpdateSchema,
  LockBodySchema,
  OptionSchema,
  RepositoryListQuerySchema,
  RepositorySchema,
} from '@shared/schemas/artifacts';
import * as z from 'zod';
import {
  createGroup,
  createHosted,
  deleteRepository,
  listRepositories,
  optionLists,
  requireRepositoryByName,
  setLockStatus,
  updateGroup,
  updateHosted,
} from '../repositories';
import type { RepositoryRecord } from '../store/repositories';
import { repositoryView } from '../views';
import { idParams, nameParams, params, REPOSITORIES, tags, tenant } from './params';

const LIST = 'artifact:repository:list';
const route = tenantRoutes(tenant, tags);

function optionRoute(path: string, what: string) {
  return route.get(`${REPOSITORIES}/${path}`, LIST, {
    summary: `The ${what}`,
    request: { params },
    responses: { ...ok200(z.array(OptionSchema), `The ${what}`), ...failures(401, 403, 404) },
  });
}

const formatRoute = optionRoute('formatList', 'formats a repository may hold (npm, maven2, pypi, raw)');
const typeRoute = optionRoute('typeList', 'repository types (hosted, group)');
const versionPolicyRoute = optionRoute(
  'versionPolicyList',
  'version policies (Maven: release, snapshot, mixed)',
);
const layoutPolicyRoute = optionRoute('layoutPolicyList', 'layout policies (strict, permissive)');
const writePolicyRoute = optionRoute('writePolicyList', 'write policies (allow, allow once, deny)');

const listRoute = route.get(`${REPOSITORIES}/list`, LIST, {
  summary:
    'The artifact repositories, by name, filtered by kind (zhipin, chanpin, shoukong), format, type, name',
  request: { params, query: RepositoryListQuerySchema },
  responses: { ...ok200(z.array(RepositorySchema), 'The repositories'), ...failures(400, 401, 403, 404) },
});

const byNameRoute = route.get(`${REPOSITORIES}/byRepoName/{name}`, LIST, {
  summary: 'One repository by its name',
  request: { params: nameParams },
  responses: { ...ok200(RepositorySchema, 'The repository'), ...failures(401, 403, 404) },
});

const createHostedRoute = route.post(`${REPOSITORIES}/hosted`, 'artifact:repository:add', {
  summary: 'Create a hosted repository',
  request: { params, body: jsonBody(HostedCreateSchema) },
  responses: { ...created201(RepositorySchema, 'The repository'), ...failures(400, 401, 403, 404, 409) },
});

const updateHostedRoute = route.put(`${REPOSITORIES}/hosted/{id}`, 'artifact:repository:edit', {
  summary: "Change a hosted repository's description and policies (its name and format never change)",
  request: { params: idParams, body: jsonBody(HostedUpdateSchema) },
  responses: { ...ok200(RepositorySchema, 'The repository'), ...failures(400, 401, 403, 404, 409) },
});

const createGroupRoute = route.post(`${REPOSITORIES}/group`, 'artifact:repository:add', {
  summary: 'Create a group: repositories of one format, asked in order',
  request: { params, body: jsonBody(GroupCreateSchema) },
  responses: { ...created201(RepositorySchema, 'The group'), ...failures(400, 401, 403, 404, 409) },
});

const updateGroupRoute = route.put(`${REPOSITORIES}/group/{id}`, 'artifact:repository:edit', {
  summary: "Change a group's description and members",
  request: { params: idParams, body: jsonBody(GroupUpdateSchema) },
  responses: { ...ok200(RepositorySchema, 'The group'), ...failures(400, 401, 403, 404, 409) },
});

const lockRoute = route.put(`${REPOSITORIES}/lockStatus/{id}`, 'artifact:repository:edit', {
  summary: 'Lock (refuse every write and delete) or unlock a repository',
  request: { params: idParams, body: jsonBody(LockBodySchema) },
  responses: { ...ok200(RepositorySchema, 'The repository'), ...failures(400, 401, 403, 404) },
});

const deleteRoute = route.delete(`${REPOSITORIES}/{id}`, 'artifact:repository:remove', {
  summary: 'Delete an empty, unlocked repository that no group lists',
  request: { params: idParams },
  responses: { ...ok200(z.null(), 'Deleted'), ...failures(401, 403, 404, 409) },
});

const view = (c: { var: TenantEnv['Variables'] }, record: RepositoryRecord) =>
  repositoryView(record, c.var.tenant.enterprise.identifier);
const enterpriseOf = (c: { var: TenantEnv['Variables'] }) => c.var.tenant.enterprise.id;

export const repositoryRoutes = createRouter()
  .openapi(formatRoute, (c) => ok(c, optionLists.format()))
  .openapi(typeRoute, (c) => ok(c, optionLists.type()))
  .openapi(versionPolicyRoute, (c) => ok(c, optionLists.versionPolicy()))
  .openapi(layoutPolicyRoute, (c) => ok(c, optionLists.layoutPolicy()))
  .openapi(writePolicyRoute, (c) => ok(c, optionLists.writePolicy()))
  .openapi(listRoute, async (c) => {
    const found = await listRepositories(enterpriseOf(c), c.req.valid('query'));
    return ok(
      c,
      found.map((r) => view(c, r)),
    );
  })
  .openapi(byNameRoute, async (c) =>
    ok(c, view(c, await requireRepositoryByName(enterpriseOf(c), c.req.valid('param').name))),
  )
  .openapi(createHostedRoute, async (c) =>
    created(c, view(c, await createHosted(enterpriseOf(c), c.var.session.userId, c.req.valid('json')))),
  )
  .openapi(updateHostedRoute, async (c) =>
    ok(c, view(c, await updateHosted(enterpriseOf(c), c.req.valid('param').id, c.req.valid('json')))),
  )
  .openapi(createGroupRoute, async (c) =>
    created(c, view(c, await createGroup(enterpriseOf(c), c.var.session.userId, c.req.valid('json')))),
  )
  .openapi(updateGroupRoute, async (c) =>
    ok(c, view(c, await updateGroup(enterpriseOf(c), c.req.valid('param').id, c.req.valid('json')))),
  )
  .openapi(lockRoute, async (c) =>
    ok(c, view(c, await setLockStatus(enterpriseOf(c), c.req.valid('param').id, c.req.valid('json').locked))),
  )
  .openapi(deleteRoute, async (c) => {
    await deleteRepository(enterpriseOf(c), c.req.valid('param').id);
    return ok(c, null);
  });
