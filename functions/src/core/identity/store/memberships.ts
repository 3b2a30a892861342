/**
 * Memberships: which users belong to an enterprise and which of its roles they hold. Each change
 * also adjusts the enterprise's and the roles' member counts in the same transaction, so the
 * counts are exact and a role held by someone cannot be deleted.
 */
import { enterprisePartition, indexKeys, indexPrefixes, keys, SK } from '../../db/keys';
import type { Item, TxOp } from '../../db/operations';
import { conditions, queryIndexAll, transact } from '../../db/operations';
import { getRecord, queryRecords, readRecord } from '../../db/records';
import { roleHoldersOp } from './roles';

export interface MembershipRecord {
  enterpriseId: string;
  userId: string;
  roleIds: string[];
  joinedAt: string;
  version: number;
}

function toItem(member: MembershipRecord): Item {
  return {
    ...keys.member(member.enterpriseId, member.userId),
    ...indexKeys.membershipOfUser(member.userId, member.enterpriseId),
    entity: 'Member',
    ...member,
  };
}

function fromItem(item: Item): MembershipRecord {
  return readRecord(item, ['enterpriseId', 'userId', 'joinedAt', 'version'], { roleIds: [] });
}

function enterpriseHoldersOp(enterpriseId: string, delta: number): TxOp {
  return {
    update: keys.enterprise(enterpriseId),
    add: { memberCount: delta },
    condition: conditions.exists,
    label: 'enterprise',
  };
}

/** The write that creates a membership; `ConditionFailedError('member')` if it exists. */
export function createMembershipOp(member: MembershipRecord): TxOp {
  return { put: toItem(member), condition: conditions.notExists, label: 'member' };
}

// Access pattern: one member of an enterprise (base table ENT#{id} / MEMBER#{userId}).
export async function getMembership(enterpriseId: string, userId: string): Promise<MembershipRecord | null> {
  return getRecord(keys.member(enterpriseId, userId), fromItem);
}

// Access pattern: every member of an enterprise (partition ENT#{id}, sk begins_with MEMBER#).
export async function listMemberships(enterpriseId: string): Promise<MembershipRecord[]> {
  return queryRecords(enterprisePartition(enterpriseId), SK.memberPrefix, fromItem);
}

// Access pattern: the enterprises a user belongs to (gsi1 USER#{userId}, gsi1sk begins_with ENT#).
export async function listMembershipsOfUser(userId: string): Promise<MembershipRecord[]> {
  const items = await queryIndexAll(
    'gsi1',
    indexPrefixes.userMemberships(userId),
    indexPrefixes.enterpriseSort,
  );
  return items.map(fromItem);
}

/**
 * Adds a member holding `roleIds`. Fails with `ConditionFailedError` labelled `member` (already a
 * member), `enterprise` (deleted meanwhile) or `role:{roleId}` (no such role).
 */
export async function addMembership(
  enterpriseId: string,
  member: Omit<MembershipRecord, 'enterpriseId'>,
): Promise<void> {
  await transact([
    createMembershipOp({ ...member, enterpriseId }),
    enterpriseHoldersOp(enterpriseId, 1),
    ...member.roleIds.map((roleId) => roleHoldersOp(enterpriseId, roleId, 1)),
  ]);
}

/** Removes a member as read (`ConditionFailedError('stale')` if its roles changed meanwhile). */
export async function removeMembership(enterpriseId: string, member: MembershipRecord): Promise<void> {
  await transact([
    {
      delete: keys.member(enterpriseId, member.userId),
      condition: conditions.version(member.version),
      label: 'stale',
    },
    enterpriseHoldersOp(enterpriseId, -1),
    ...member.roleIds.map((roleId) => roleHoldersOp(enterpriseId, roleId, -1)),
  ]);
}

/**
 * Replaces the roles of a member as read. Fails with `ConditionFailedError` labelled `stale`
 * (changed meanwhile) or `role:{roleId}` (no such role).
 */
export async function setMembershipRoles(
  enterpriseId: string,
  member: MembershipRecord,
  roleIds: readonly string[],
): Promise<MembershipRecord> {
  const next = [...new Set(roleIds)];
  const added = next.filter((id) => !member.roleIds.includes(id));
  const removed = member.roleIds.filter((id) => !next.includes(id));
  await transact([
    {
      update: keys.member(enterpriseId, member.userId),
      set: { roleIds: next, version: member.version + 1 },
      condition: conditions.version(member.version),
      label: 'stale',
    },
    ...added.map((roleId) => roleHoldersOp(enterpriseId, roleId, 1)),
    ...removed.map((roleId) => roleHoldersOp(enterpriseId, roleId, -1)),
  ]);
  return { ...member, roleIds: next, version: member.version + 1 };
}
