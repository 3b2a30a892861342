/**
 * The roles of an enterprise as its members need them: the built-in roles every new enterprise
 * starts with, and the checks of giving members roles. Editing roles (the System calls) is the
 * system module's (modules/system/roles.ts).
 */

import { nowIso } from '@core/clock';
import { badRequest, notFound } from '@core/errors';
import type { RoleRecord } from '@core/identity/store/roles';
import * as db from '@core/identity/store/roles';
import { newId } from '@core/ids';
import {
  ADMIN_ROLE_KEY,
  MEMBER_DEFAULT_PERMISSIONS,
  MEMBER_ROLE_KEY,
  WILDCARD_PERMISSION,
} from '@shared/permissions/catalogue';

/** The roles every new enterprise starts with. Its creator holds admin, hence memberCount 1. */
export function builtInRoles(enterpriseId: string): RoleRecord[] {
  const now = nowIso();
  const base = { enterpriseId, builtIn: true, createdAt: now, updatedAt: now, version: 1 };
  return [
    {
      ...base,
      roleId: newId(),
      roleKey: ADMIN_ROLE_KEY,
      roleName: 'Administrator',
      remark: 'Everything, including members, roles and organization settings',
      permissions: [WILDCARD_PERMISSION],
      memberCount: 1,
    },
    {
      ...base,
      roleId: newId(),
      roleKey: MEMBER_ROLE_KEY,
      roleName: 'Member',
      remark: 'Reads everything and does everyday work; administers nothing',
      permissions: [...MEMBER_DEFAULT_PERMISSIONS],
      memberCount: 0,
    },
  ];
}

/** The role with a given key (e.g. the built-in member role). */
export async function getRoleByKey(enterpriseId: string, roleKey: string): Promise<RoleRecord> {
  const role = await db.findRoleByKey(enterpriseId, roleKey);
  if (!role) throw notFound(`Role ${roleKey} does not exist`);
  return role;
}

/** 400 naming the first id that is not a role of this enterprise. */
export async function assertRolesExist(enterpriseId: string, roleIds: readonly string[]): Promise<void> {
  const found = new Set((await db.getRoles(enterpriseId, roleIds)).map((role) => role.roleId));
  const unknown = roleIds.find((id) => !found.has(id));
  if (unknown !== undefined) throw unknownRole(unknown);
}

export const unknownRole = (roleId: string) =>
  badRequest('roleIds', `Role ${roleId} does not exist in this enterprise`);
