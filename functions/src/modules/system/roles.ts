/**
 * Department roles (the System calls): built-in admin and member, plus custom roles with
 * catalogue permissions. The built-in roles are written with their enterprise
 * (modules/enterprise/member-roles.ts).
 */

import { firstVersion, nowIso } from '@core/clock';
import { ConditionFailedError, onConditionFailed } from '@core/db/operations';
import { conflict, notFound, staleVersion } from '@core/errors';
import type { RoleRecord } from '@core/identity/store/roles';
import * as db from '@core/identity/store/roles';
import { newId } from '@core/ids';
import {
  ADMIN_ROLE_KEY,
  ALL_PERMISSIONS,
  isKnownPermission,
  PERMISSION_MENU,
  WILDCARD_PERMISSION,
} from '@shared/permissions/catalogue';
import type { RoleBody, RoleMenuTree, RoleUpdateBody } from '@shared/schemas/system';

/** Built-in roles first (admin, member), then custom roles by creation. */
function byDisplayOrder(a: RoleRecord, b: RoleRecord): number {
  const rank = (role: RoleRecord) => (role.roleKey === ADMIN_ROLE_KEY ? 0 : role.builtIn ? 1 : 2);
  return rank(a) - rank(b) || a.createdAt.localeCompare(b.createdAt) || a.roleId.localeCompare(b.roleId);
}

export async function listRoles(enterpriseId: string): Promise<RoleRecord[]> {
  return (await db.listRoles(enterpriseId)).sort(byDisplayOrder);
}

export async function getRole(enterpriseId: string, roleId: string): Promise<RoleRecord> {
  const role = await db.getRole(enterpriseId, roleId);
  if (!role) throw notFound(`Role ${roleId} does not exist`);
  return role;
}

const keyTaken = (roleKey: string) => conflict(`roleKey: ${roleKey} is taken by another role`);

export async function createRole(enterpriseId: string, body: RoleBody): Promise<RoleRecord> {
  const now = nowIso();
  const role: RoleRecord = {
    enterpriseId,
    roleId: newId(),
    roleKey: body.roleKey,
    roleName: body.roleName,
    remark: body.remark ?? '',
    permissions: [...new Set(body.permissions)],
    builtIn: false,
    memberCount: 0,
    ...firstVersion(now),
  };
  await onConditionFailed(db.createRole(enterpriseId, role), { roleKey: () => keyTaken(role.roleKey) });
  return role;
}

/** Built-in roles keep their keys (the product finds them by key); admin keeps everything. */
function assertEditable(role: RoleRecord, body: RoleUpdateBody): void {
  if (!role.builtIn) return;
  if (body.roleKey !== undefined && body.roleKey !== role.roleKey) {
    throw conflict(`The key of the built-in role ${role.roleKey} cannot change`);
  }
  const samePermissions = (perms: readonly string[]) =>
    perms.length === role.permissions.length && perms.every((p) => role.permissions.includes(p));
  if (
    role.roleKey === ADMIN_ROLE_KEY &&
    body.permissions !== undefined &&
    !samePermissions(body.permissions)
  ) {
    throw conflict('The permissions of the built-in admin role cannot change');
  }
}

export async function updateRole(
  enterpriseId: string,
  roleId: string,
  body: RoleUpdateBody,
): Promise<RoleRecord> {
  const role = await getRole(enterpriseId, roleId);
  if (body.version !== role.version) throw staleVersion(`Role ${role.roleName}`);
  assertEditable(role, body);
  const { version: _version, ...fields } = body;
  const changes = {
    ...fields,
    ...(fields.permissions ? { permissions: [...new Set(fields.permissions)] } : {}),
  };
  return onConditionFailed(db.updateRole(enterpriseId, role, changes, nowIso()), {
    stale: () => staleVersion(`Role ${role.roleName}`),
    missing: () => notFound(`Role ${roleId} does not exist`),
    roleKey: () => keyTaken(body.roleKey ?? ''),
  });
}

const heldBy = (role: RoleRecord, count: number) =>
  conflict(
    `${count} member${count === 1 ? ' holds' : 's hold'} the role ${role.roleName}; give them another role first`,
    { memberCount: count },
  );

export async function deleteRole(enterpriseId: string, roleId: string): Promise<void> {
  const role = await getRole(enterpriseId, roleId);
  if (role.builtIn) throw conflict(`The built-in role ${role.roleName} cannot be deleted`);
  if (role.memberCount > 0) throw heldBy(role, role.memberCount);
  try {
    await db.deleteRole(enterpriseId, role);
  } catch (error) {
    // Someone was given the role between the read and the delete.
    if (!(error instanceof ConditionFailedError)) throw error;
    const current = await getRole(enterpriseId, roleId);
    throw heldBy(current, current.memberCount);
  }
}

/** The role editor's tree, with the leaves the role holds checked (all of them for `*:*:*`). */
export async function roleMenuTree(enterpriseId: string, roleId?: string): Promise<RoleMenuTree> {
  if (!roleId) return { menus: PERMISSION_MENU, checkedKeys: [] };
  const role = await getRole(enterpriseId, roleId);
  const checkedKeys = role.permissions.includes(WILDCARD_PERMISSION)
    ? [...ALL_PERMISSIONS]
    : ALL_PERMISSIONS.filter((perm) => role.permissions.includes(perm) && isKnownPermission(perm));
  return { menus: PERMISSION_MENU, checkedKeys };
}
