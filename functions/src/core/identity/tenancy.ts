/**
 * The caller's standing in an enterprise: the enterprise addressed by a route, the caller's
 * membership and roles, and the permission principal the shared matcher checks. Non-members get
 * the same 404 as for an enterprise that does not exist, so existence never leaks.
 */

import { ADMIN_ROLE_KEY } from '@shared/permissions/catalogue';
import { hasPermission, hasRole, type Principal } from '@shared/permissions/matcher';
import type { CurrentUser } from '@shared/schemas/auth';
import { enterpriseNotFound, forbidden } from '../errors';
import { identifierCopies, tenantCopies, tenantCopyKey } from './cache';
import {
  type EnterpriseRecord,
  findEnterpriseByIdentifier,
  findEnterpriseIdByIdentifier,
  getEnterprise,
} from './store/enterprises';
import { getMembership, type MembershipRecord } from './store/memberships';
import { getRoles, type RoleRecord } from './store/roles';
import type { UserRecord } from './store/users';
import { currentUserView } from './views';

/** How a route names its enterprise: by identifier (`acme`) or by id (= deptId). */
export interface EnterpriseRef {
  by: 'identifier' | 'id';
  value: string;
}

export interface Tenant {
  enterprise: EnterpriseRecord;
  membership: MembershipRecord;
  /** The member's roles, in the order they were assigned. */
  roles: RoleRecord[];
  principal: Principal;
}

/** Ids and identifiers are short lower-case tokens; anything else cannot name an enterprise. */
const REF_SHAPE = /^[a-z0-9-]{1,64}$/;

export async function findEnterprise(ref: EnterpriseRef): Promise<EnterpriseRecord | null> {
  if (!REF_SHAPE.test(ref.value)) return null;
  return ref.by === 'id' ? getEnterprise(ref.value) : findEnterpriseByIdentifier(ref.value);
}

/**
 * Loads the caller's standing; 404 "The enterprise does not exist" unless the caller is a member.
 * Every API call passes here, so the answer is kept a few seconds per process (./cache.ts).
 */
export async function loadTenant(ref: EnterpriseRef, userId: string): Promise<Tenant> {
  if (!REF_SHAPE.test(ref.value)) throw enterpriseNotFound();
  const enterpriseId =
    ref.by === 'id'
      ? ref.value
      : await identifierCopies.get(ref.value, () => findEnterpriseIdByIdentifier(ref.value));
  if (!enterpriseId) throw enterpriseNotFound();
  const tenant = await tenantCopies.get(tenantCopyKey(enterpriseId, userId), () =>
    readTenant(enterpriseId, userId),
  );
  if (!tenant) throw enterpriseNotFound();
  return tenant;
}

async function readTenant(enterpriseId: string, userId: string): Promise<Tenant | null> {
  // The enterprise and the membership are read side by side.
  const [enterprise, membership] = await Promise.all([
    getEnterprise(enterpriseId),
    getMembership(enterpriseId, userId),
  ]);
  if (!enterprise || !membership) return null;
  const found = await getRoles(enterprise.id, membership.roleIds);
  const roles = membership.roleIds.flatMap((id) => found.filter((role) => role.roleId === id));
  const permissions = [...new Set(roles.flatMap((role) => role.permissions))];
  return { enterprise, membership, roles, principal: { userId, permissions, roles } };
}

/** 403 naming the permission unless the member holds it (or owns the enterprise). */
export function authorize(tenant: Tenant, permission: string): void {
  if (!hasPermission(tenant.principal, permission, tenant.enterprise.ownerId)) {
    throw forbidden(`You need the permission ${permission}`, { permission });
  }
}

function identityOf(tenant: Tenant): CurrentUser['userIdentity'] {
  if (tenant.principal.userId === tenant.enterprise.ownerId) return 'owner';
  return hasRole(tenant.principal, ADMIN_ROLE_KEY) ? 'admin' : 'member';
}

/** The current user as seen inside the enterprise (`user/{id}/getInfo`). */
export function currentUserInEnterprise(user: UserRecord, tenant: Tenant): CurrentUser {
  return currentUserView(user, {
    permissions: tenant.principal.permissions,
    roles: tenant.roles,
    userIdentity: identityOf(tenant),
    gitlinkUrl: tenant.enterprise.gitlinkUrl,
  });
}
