/**
 * Projects, their members and their notice. The project item lives in the enterprise partition
 * (so listing an enterprise's projects is one query); its members, notice and work items live in
 * the project's own partition (keys.projectPartition).
 *
 * The project item also carries `managerCount`, an internal count of its members with the
 * manager role: removing a manager is conditional on it, so two managers removing each other at
 * the same time cannot leave a project without one.
 */
import { enterprisePartition, indexKeys, indexPrefixes, keys, projectPartition, SK } from '@core/db/keys';
import {
  conditions,
  deletePartition,
  type Item,
  queryIndexAll,
  type TxOp,
  transact,
  updateVersioned,
} from '@core/db/operations';
import { getRecord, getRecords, queryRecords, readRecord } from '@core/db/records';

export interface ProjectRecord {
  enterpriseId: string;
  projectId: string;
  name: string;
  description: string;
  /** 0 closed, 1 open, 2 paused. */
  status: number;
  productId: string | null;
  creatorId: string;
  memberCount: number;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export type ProjectChanges = Partial<Pick<ProjectRecord, 'name' | 'description' | 'status' | 'productId'>>;

export interface ProjectMemberRecord {
  enterpriseId: string;
  projectId: string;
  userId: string;
  role: 'manager' | 'member';
  joinedAt: string;
}

export interface NoticeRecord {
  enterpriseId: string;
  projectId: string;
  /** Markdown. */
  content: string;
  updatedBy: string;
  updatedAt: string;
  version: number;
}

const isManager = (member: ProjectMemberRecord) => member.role === 'manager';

function toItem(enterpriseId: string, project: ProjectRecord, managerCount: number): Item {
  return {
    ...keys.project(enterpriseId, project.projectId),
    entity: 'Project',
    ...project,
    enterpriseId,
    managerCount,
  };
}

export function projectFromItem(item: Item): ProjectRecord {
  return readRecord(
    item,
    ['enterpriseId', 'projectId', 'name', 'status', 'creatorId', 'createdAt', 'updatedAt', 'version'],
    { description: '', productId: null, memberCount: 0 },
  );
}

function memberToItem(enterpriseId: string, member: ProjectMemberRecord): Item {
  return {
    ...keys.projectMember(enterpriseId, member.projectId, member.userId),
    ...indexKeys.projectMembershipOfUser(member.userId, enterpriseId, member.projectId),
    entity: 'ProjectMember',
    ...member,
    enterpriseId,
  };
}

export function projectMemberFromItem(item: Item): ProjectMemberRecord {
  return {
    enterpriseId: item.enterpriseId,
    projectId: item.projectId,
    userId: item.userId,
    role: item.role === 'manager' ? 'manager' : 'member',
    joinedAt: item.joinedAt,
  };
}

function noticeToItem(enterpriseId: string, notice: NoticeRecord): Item {
  return { ...keys.notice(enterpriseId, notice.projectId), entity: 'ProjectNotice', ...notice, enterpriseId };
}

function noticeFromItem(item: Item): NoticeRecord {
  return readRecord(item, ['enterpriseId', 'projectId', 'updatedBy', 'updatedAt', 'version'], {
    content: '',
  });
}

/** The write that requires the project to exist, adjusting its member counts. */
function projectHoldersOp(
  enterpriseId: string,
  projectId: string,
  members: number,
  managers: number,
  condition = conditions.exists,
): TxOp {
  return {
    update: keys.project(enterpriseId, projectId),
    add: { memberCount: members, managerCount: managers },
    condition,
    label: 'project',
  };
}

// ---- projects -------------------------------------------------------------------------------

/** Creates a project with its first member (its manager) in one transaction. */
export async function createProject(
  enterpriseId: string,
  project: ProjectRecord,
  manager: ProjectMemberRecord,
): Promise<void> {
  await transact([
    { put: toItem(enterpriseId, project, 1), condition: conditions.notExists, label: 'project' },
    { put: memberToItem(enterpriseId, manager), condition: conditions.notExists, label: 'member' },
  ]);
}

// Access pattern: one project of an enterprise (base table ENT#{id} / PROJECT#{projectId}).
export async function getProject(enterpriseId: string, projectId: string): Promise<ProjectRecord | null> {
  return getRecord(keys.project(enterpriseId, projectId), projectFromItem);
}

// Access pattern: every project of an enterprise (partition ENT#{id}, sk begins_with PROJECT#).
export async function listProjects(enterpriseId: string): Promise<ProjectRecord[]> {
  return queryRecords(enterprisePartition(enterpriseId), SK.projectPrefix, projectFromItem);
}

/** Edits a project if it still has `expectedVersion` (`ConditionFailedError('stale' | 'missing')`). */
export async function updateProject(
  enterpriseId: string,
  projectId: string,
  expectedVersion: number,
  changes: ProjectChanges,
  updatedAt: string,
): Promise<ProjectRecord> {
  const key = keys.project(enterpriseId, projectId);
  return projectFromItem(await updateVersioned(key, expectedVersion, { ...changes, updatedAt }));
}

/**
 * Deletes a project and everything in its partition (members and their index entries, notice,
 * work items, journals). The project item goes first so the project stops resolving at once;
 * `ConditionFailedError('missing')` when it is already gone.
 */
export async function deleteProject(enterpriseId: string, projectId: string): Promise<void> {
  await transact([
    { delete: keys.project(enterpriseId, projectId), condition: conditions.exists, label: 'missing' },
  ]);
  await deletePartition(projectPartition(enterpriseId, projectId));
}

/** Deletes the contents of a project's partition (not the project item), e.g. with its enterprise. */
export async function deleteProjectPartition(enterpriseId: string, projectId: string): Promise<void> {
  await deletePartition(projectPartition(enterpriseId, projectId));
}

// ---- members --------------------------------------------------------------------------------

// Access pattern: one member of a project (ENT#{id}#PRJ#{projectId} / MEMBER#{userId}).
export async function getProjectMember(
  enterpriseId: string,
  projectId: string,
  userId: string,
): Promise<ProjectMemberRecord | null> {
  return getRecord(keys.projectMember(enterpriseId, projectId, userId), projectMemberFromItem);
}

// Access pattern: several members of a project by user id (batch); non-members are left out.
export async function getProjectMembers(
  enterpriseId: string,
  projectId: string,
  userIds: readonly string[],
): Promise<ProjectMemberRecord[]> {
  return getRecords(
    userIds.map((userId) => keys.projectMember(enterpriseId, projectId, userId)),
    projectMemberFromItem,
  );
}

// Access pattern: every member of a project (partition ENT#{id}#PRJ#{projectId}, begins_with MEMBER#).
export async function listProjectMembers(
  enterpriseId: string,
  projectId: string,
): Promise<ProjectMemberRecord[]> {
  return queryRecords(
    projectPartition(enterpriseId, projectId),
    SK.projectMemberPrefix,
    projectMemberFromItem,
  );
}

// Access pattern: a user's projects in one enterprise (gsi1 USER#{userId}, begins_with PROJECT#{enterpriseId}#).
export async function listProjectMembershipsOfUser(
  enterpriseId: string,
  userId: string,
): Promise<ProjectMemberRecord[]> {
  const items = await queryIndexAll(
    'gsi1',
    indexPrefixes.userMemberships(userId),
    indexPrefixes.userProjects(enterpriseId),
  );
  return items.map(projectMemberFromItem);
}

/**
 * Adds members to a project (at most 99 at once) and counts them on the project item, all or
 * nothing. Fails with `ConditionFailedError` labelled `member:{userId}` (already a member) or
 * `project` (deleted meanwhile).
 */
export async function addProjectMembers(
  enterpriseId: string,
  projectId: string,
  members: readonly ProjectMemberRecord[],
): Promise<void> {
  if (members.length === 0) return;
  await transact([
    ...members.map(
      (member): TxOp => ({
        put: memberToItem(enterpriseId, member),
        condition: conditions.notExists,
        label: `member:${member.userId}`,
      }),
    ),
    projectHoldersOp(enterpriseId, projectId, members.length, members.filter(isManager).length),
  ]);
}

/**
 * Removes a member as read. Fails with `ConditionFailedError` labelled `missing` (not a member
 * any more) or `project`: the project is gone or, when `keepAManager` is set and the member is a
 * manager, it would be left without one.
 */
export async function removeProjectMember(
  enterpriseId: string,
  member: ProjectMemberRecord,
  options: { keepAManager: boolean },
): Promise<void> {
  const { projectId, userId } = member;
  const manager = isManager(member);
  const lastManagerGuard = {
    expression: 'attribute_exists(pk) AND managerCount > :one',
    values: { ':one': 1 },
  };
  await transact([
    {
      delete: keys.projectMember(enterpriseId, projectId, userId),
      condition: conditions.exists,
      label: 'missing',
    },
    projectHoldersOp(
      enterpriseId,
      projectId,
      -1,
      manager ? -1 : 0,
      manager && options.keepAManager ? lastManagerGuard : conditions.exists,
    ),
  ]);
}

// ---- notice ---------------------------------------------------------------------------------

// Access pattern: a project's notice (ENT#{id}#PRJ#{projectId} / NOTICE).
export async function getNotice(enterpriseId: string, projectId: string): Promise<NoticeRecord | null> {
  return getRecord(keys.notice(enterpriseId, projectId), noticeFromItem);
}

/**
 * Writes a project's first notice. Fails with `ConditionFailedError` labelled `notice` (one
 * exists) or `project` (the project is gone: nothing is written into a deleted project).
 */
export async function createNotice(enterpriseId: string, notice: NoticeRecord): Promise<void> {
  await transact([
    { check: keys.project(enterpriseId, notice.projectId), condition: conditions.exists, label: 'project' },
    { put: noticeToItem(enterpriseId, notice), condition: conditions.notExists, label: 'notice' },
  ]);
}

/** Edits the notice if it still has `expectedVersion` (`ConditionFailedError('stale' | 'missing')`). */
export async function updateNotice(
  enterpriseId: string,
  projectId: string,
  expectedVersion: number,
  changes: Pick<NoticeRecord, 'content' | 'updatedBy' | 'updatedAt'>,
): Promise<NoticeRecord> {
  return noticeFromItem(
    await updateVersioned(keys.notice(enterpriseId, projectId), expectedVersion, changes),
  );
}
