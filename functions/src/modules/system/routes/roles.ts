/** Department roles (`SysDeptRole/dept/{id}`, deptId = enterprise id) and the permission tree. */

import { createRouter } from '@core/http/group';
import { enterpriseOf } from '@core/http/handlers';
import { enterpriseIdParam, roleIdParam } from '@core/http/params';
import { byId, created, created201, failures, jsonBody, ok, ok200, tenantRoutes } from '@core/http/route';
import { roleView } from '@core/identity/views';
import { RoleBodySchema, RoleMenuTreeSchema, RoleSchema, RoleUpdateBodySchema } from '@shared/schemas/system';
import * as z from 'zod';
import * as roles from '../roles';

const tags = ['system'];
const dept = byId('id');
const BASE = '/api/system/SysDeptRole/dept/{id}';
const deptParams = z.object({ id: enterpriseIdParam });
const roleParams = z.object({ id: enterpriseIdParam, roleId: roleIdParam });

const route = tenantRoutes(dept, tags);

const listRoute = route.get(`${BASE}/list`, 'system:role:list', {
  summary: 'Every role, built-in ones first, with how many members hold each',
  request: { params: deptParams },
  responses: { ...ok200(z.array(RoleSchema), 'Roles'), ...failures(401, 403, 404) },
});

const menuTreeRoute = route.get(`${BASE}/roleMenuTreeSelect`, 'system:role:list', {
  summary: "The permission tree, with the role's permissions checked (none without roleId)",
  request: { params: deptParams, query: z.object({ roleId: roleIdParam.optional() }) },
  responses: { ...ok200(RoleMenuTreeSchema, 'Menus and checked keys'), ...failures(401, 403, 404) },
});

const getRoute = route.get(`${BASE}/role/{roleId}`, 'system:role:list', {
  summary: 'One role',
  request: { params: roleParams },
  responses: { ...ok200(RoleSchema, 'The role'), ...failures(401, 403, 404) },
});

const createRoleRoute = route.post(`${BASE}/role`, 'system:role:add', {
  summary: 'Create a role; its key must be unique in the enterprise',
  request: { params: deptParams, body: jsonBody(RoleBodySchema) },
  responses: { ...created201(RoleSchema, 'The new role'), ...failures(400, 401, 403, 404, 409) },
});

const updateRoute = route.put(`${BASE}/role/{roleId}`, 'system:role:edit', {
  summary: "Edit a role (built-in keys and the admin role's permissions are fixed)",
  request: { params: roleParams, body: jsonBody(RoleUpdateBodySchema) },
  responses: { ...ok200(RoleSchema, 'The edited role'), ...failures(400, 401, 403, 404, 409) },
});

const deleteRoute = route.delete(`${BASE}/role/{roleId}`, 'system:role:remove', {
  summary: 'Delete a custom role that no member holds',
  request: { params: roleParams },
  responses: { ...ok200(z.null(), 'Deleted'), ...failures(401, 403, 404, 409) },
});

export const roleRoutes = createRouter()
  .openapi(listRoute, async (c) => ok(c, (await roles.listRoles(enterpriseOf(c))).map(roleView)))
  .openapi(menuTreeRoute, async (c) =>
    ok(c, await roles.roleMenuTree(enterpriseOf(c), c.req.valid('query').roleId)),
  )
  .openapi(getRoute, async (c) =>
    ok(c, roleView(await roles.getRole(enterpriseOf(c), c.req.valid('param').roleId))),
  )
  .openapi(createRoleRoute, async (c) =>
    created(c, roleView(await roles.createRole(enterpriseOf(c), c.req.valid('json')))),
  )
  .openapi(updateRoute, async (c) => {
    const { roleId } = c.req.valid('param');
    return ok(c, roleView(await roles.updateRole(enterpriseOf(c), roleId, c.req.valid('json'))));
  })
  .openapi(deleteRoute, async (c) => {
    await roles.deleteRole(enterpriseOf(c), c.req.valid('param').roleId);
    return ok(c, null);
  });
