/** Members of an enterprise: listing, adding, removing, and assigning roles. */

import { nowIso } from '@core/clock';
import { ConditionFailedError, onConditionFailed } from '@core/db/operations';
import { conflict, enterpriseNotFound, notFound } from '@core/errors';
import type { EnterpriseRecord } from '@core/identity/store/enterprises';
import type { MembershipRecord } from '@core/identity/store/memberships';
import * as db from '@core/identity/store/memberships';
import { listRoles } from '@core/identity/store/roles';
import { getUser, getUsers, type UserRecord, usersByPrefix } from '@core/identity/store/users';
import { candidateView, memberView } from '@core/identity/views';
import { pageOf } from '@core/paging';
import { MEMBER_ROLE_KEY } from '@shared/permissions/catalogue';
import type { Page } from '@shared/schemas/common';
import type { Member, MemberListQuery } from '@shared/schemas/enterprise';
import type { CandidateUser } from '@shared/schemas/system';
import { removeFromAllProducts } from '../products';
import { removeFromAllProjects } from '../projects';
import { assertRolesExist, getRoleByKey, unknownRole } from './member-roles';

const CANDIDATE_LIMIT = 20;

/** Members as the API shows them, in the order they joined. */
async function memberViews(
  enterprise: EnterpriseRecord,
  memberships: readonly MembershipRecord[],
): Promise<Member[]> {
  const [users, roles] = await Promise.all([
    getUsers(memberships.map((m) => m.userId)),
    listRoles(enterprise.id),
  ]);
  const rolesById = new Map(roles.map((role) => [role.roleId, role]));
  return [...memberships]
    .sort((a, b) => a.joinedAt.localeCompare(b.joinedAt) || a.userId.localeCompare(b.userId))
    .flatMap((m) => {
      const user = users.get(m.userId);
      return user ? [memberView(m, user, rolesById, enterprise.ownerId)] : [];
    });
}

function matches(member: Member, keyword: string): boolean {
  const needle = keyword.toLowerCase();
  return [member.login, member.nickname, member.email].some((field) => field.toLowerCase().includes(needle));
}

/** One page of members; `keyword` matches login, nickname or email, ignoring case. */
export async function listMembers(
  enterprise: EnterpriseRecord,
  query: MemberListQuery,
): Promise<Page<Member>> {
  const all = await memberViews(enterprise, await db.listMemberships(enterprise.id));
  const rows = query.keyword ? all.filter((m) => matches(m, query.keyword!)) : all;
  return pageOf(rows, query);
}

async function requireUser(userId: string): Promise<UserRecord> {
  const user = await getUser(userId);
  if (!user) throw notFound(`User ${userId} does not exist`);
  return user;
}

async function requireMembership(enterprise: EnterpriseRecord, userId: string): Promise<MembershipRecord> {
  const membership = await db.getMembership(enterprise.id, userId);
  if (!membership) throw notFound(`User ${userId} is not a member of this enterprise`);
  return membership;
}

/** Condition failures of membership writes, as the API reports them. */
function membershipFailures(user: UserRecord) {
  return {
    member: () => conflict(`${user.login} is already a member`),
    enterprise: () => enterpriseNotFound(),
  };
}

function roleFailure(error: unknown): never {
  if (error instanceof ConditionFailedError && error.label.startsWith('role:')) {
    throw unknownRole(error.label.slice('role:'.length));
  }
  throw error;
}

/** Adds a registered user with `roleIds`, or the built-in member role when none are given. */
export async function addMember(
  enterprise: EnterpriseRecord,
  userId: string,
  roleIds?: readonly string[],
): Promise<Member> {
  const user = await requireUser(userId);
  const roles = roleIds?.length
    ? [...new Set(roleIds)]
    : [(await getRoleByKey(enterprise.id, MEMBER_ROLE_KEY)).roleId];
  await assertRolesExist(enterprise.id, roles);
  const membership = { userId, roleIds: roles, joinedAt: nowIso(), version: 1 };
  await onConditionFailed(db.addMembership(enterprise.id, membership), membershipFailures(user)).catch(
    roleFailure,
  );
  const [view] = await memberViews(enterprise, [{ ...membership, enterpriseId: enterprise.id }]);
  return view!;
}

/**
 * Read-modify-write of a membership. The client sends no version here, so a concurrent change
 * (the membership's version moved) is retried on a fresh read rather than reported.
 */
async function withFreshMembership<T>(
  enterprise: EnterpriseRecord,
  userId: string,
  change: (membership: MembershipRecord) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const membership = await requireMembership(enterprise, userId);
    try {
      return await change(membership);
    } catch (error) {
      if (!(error instanceof ConditionFailedError && error.label === 'stale') || attempt >= 3) throw error;
    }
  }
}

/** Removes a member, and takes them out of the enterprise's projects; the owner cannot be removed. */
export async function removeMember(enterprise: EnterpriseRecord, userId: string): Promise<void> {
  if (userId === enterprise.ownerId) throw conflict('The owner cannot be removed from the enterprise');
  await withFreshMembership(enterprise, userId, (membership) =>
    db.removeMembership(enterprise.id, membership).catch(roleFailure),
  );
  await Promise.all([
    removeFromAllProjects(enterprise.id, userId),
    removeFromAllProducts(enterprise.id, userId),
  ]);
}

/** Replaces the roles a member holds. */
export async function setMemberRoles(
  enterprise: EnterpriseRecord,
  userId: string,
  roleIds: readonly string[],
): Promise<Member> {
  await assertRolesExist(enterprise.id, roleIds);
  const updated = await withFreshMembership(enterprise, userId, (membership) =>
    db.setMembershipRoles(enterprise.id, membership, roleIds).catch(roleFailure),
  );
  const [view] = await memberViews(enterprise, [updated]);
  if (!view) throw notFound(`User ${userId} does not exist`);
  return view;
}

/**
 * Registered users who are not members, whose login or nickname starts with `keyword` (ignoring
 * case), at most 20: the "add member" search.
 */
export async function searchCandidates(enterprise: EnterpriseRecord, keyword = ''): Promise<CandidateUser[]> {
  const memberIds = new Set((await db.listMemberships(enterprise.id)).map((m) => m.userId));
  const prefix = keyword.trim().toLowerCase();
  const found = new Map<string, UserRecord>();
  for (const field of prefix ? (['login', 'nickname'] as const) : (['login'] as const)) {
    for await (const page of usersByPrefix(field, prefix)) {
      for (const user of page) if (!memberIds.has(user.userId)) found.set(user.userId, user);
      if (found.size >= CANDIDATE_LIMIT) break;
    }
    if (found.size >= CANDIDATE_LIMIT) break;
  }
  return [...found.values()].slice(0, CANDIDATE_LIMIT).map(candidateView);
}
