/**
 * Records as the API shows them. Every response is built here from explicit fields, so internal
 * attributes (password hashes, keys, counters' bookkeeping) can never leak by accident: the
 * response schemas document the shape but are not enforced at run time.
 */
import type { CurrentUser, RoleRef, UserProfile } from '@shared/schemas/auth';
import type { Enterprise, Member } from '@shared/schemas/enterprise';
import type { UserSummary } from '@shared/schemas/projects';
import type { CandidateUser, Role } from '@shared/schemas/system';
import type { EnterpriseRecord } from './store/enterprises';
import type { MembershipRecord } from './store/memberships';
import type { RoleRecord } from './store/roles';
import type { UserRecord } from './store/users';

/** Who a user is, as profiles and member rows begin (gitlinkUserId is the same id). */
function userIdentity(user: UserRecord) {
  return {
    userId: user.userId,
    gitlinkUserId: user.userId,
    login: user.login,
    nickname: user.nickname,
    email: user.email,
  };
}

export function userProfileView(user: UserRecord): UserProfile {
  return { ...userIdentity(user), createdAt: user.createdAt };
}

/** A user as pickers and rows show them; `userId` alone when the user cannot be found. */
export function userSummaryView(userId: string, user: UserRecord | undefined): UserSummary {
  return { userId, login: user?.login ?? '', nickname: user?.nickname ?? '' };
}

export function candidateView(user: UserRecord): CandidateUser {
  return { userId: user.userId, gitlinkUserId: user.userId, login: user.login, nickname: user.nickname };
}

/** The enterprise's department is the enterprise itself (one department each): deptId = id. */
export function enterpriseView(enterprise: EnterpriseRecord): Enterprise {
  return {
    id: enterprise.id,
    enterpriseIdentifier: enterprise.identifier,
    deptId: enterprise.id,
    gitlinkUrl: enterprise.gitlinkUrl,
    auditRetentionDays: enterprise.auditRetentionDays,
    name: enterprise.name,
    description: enterprise.description,
    ownerId: enterprise.ownerId,
    timeZone: enterprise.timeZone,
    weeklyReminderDay: enterprise.weeklyReminderDay,
    weeklyReminderTime: enterprise.weeklyReminderTime,
    memberCount: enterprise.memberCount,
    createdAt: enterprise.createdAt,
    updatedAt: enterprise.updatedAt,
    version: enterprise.version,
  };
}

export function roleRefView(role: RoleRecord): RoleRef {
  return { roleId: role.roleId, roleKey: role.roleKey, roleName: role.roleName };
}

export function roleView(role: RoleRecord): Role {
  return {
    roleId: role.roleId,
    roleKey: role.roleKey,
    roleName: role.roleName,
    remark: role.remark,
    permissions: [...role.permissions],
    builtIn: role.builtIn,
    memberCount: role.memberCount,
    createdAt: role.createdAt,
    updatedAt: role.updatedAt,
    version: role.version,
  };
}

export function memberView(
  membership: MembershipRecord,
  user: UserRecord,
  rolesById: ReadonlyMap<string, RoleRecord>,
  ownerId: string,
): Member {
  return {
    ...userIdentity(user),
    roles: membership.roleIds.flatMap((id) => {
      const role = rolesById.get(id);
      return role ? [roleRefView(role)] : [];
    }),
    isOwner: user.userId === ownerId,
    joinedAt: membership.joinedAt,
  };
}

export interface CurrentUserContext {
  permissions: readonly string[];
  roles: readonly RoleRecord[];
  userIdentity: CurrentUser['userIdentity'];
  gitlinkUrl: string;
}

export function currentUserView(user: UserRecord, context: CurrentUserContext): CurrentUser {
  return {
    user: userProfileView(user),
    permissions: [...context.permissions],
    roles: context.roles.map(roleRefView),
    userIdentity: context.userIdentity,
    userId: user.userId,
    gitlinkUrl: context.gitlinkUrl,
  };
}
