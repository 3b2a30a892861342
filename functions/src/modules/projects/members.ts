/**
 * Project members: who works in a project (assignees must be members; "mine" lists the caller's
 * projects). Only enterprise members can join, a project always keeps a manager, and the
 * project's `memberCount` changes in the same transaction as the members.
 */

import { nowIso } from '@core/clock';
import { ConditionFailedError } from '@core/db/operations';
import { badRequest, conflict, notFound } from '@core/errors';
import { getMembership } from '@core/identity/store/memberships';
import { getUsers } from '@core/identity/store/users';
import type { AddProjectMembersBody, ProjectMember, UserSummary } from '@shared/schemas/projects';
import { projectNotFound, requireProject } from './projects';
import type { ProjectMemberRecord } from './store';
import * as db from './store';
import { projectMemberView } from './views';

const byJoining = (a: ProjectMemberRecord, b: ProjectMemberRecord) =>
  a.joinedAt.localeCompare(b.joinedAt) || a.userId.localeCompare(b.userId);

async function memberViews(members: readonly ProjectMemberRecord[]): Promise<ProjectMember[]> {
  const users = await getUsers(members.map((m) => m.userId));
  return [...members].sort(byJoining).flatMap((m) => {
    const user = users.get(m.userId);
    return user ? [projectMemberView(m, user)] : [];
  });
}

/** The project's members, in the order they joined. */
export async function listMembers(enterpriseId: string, projectId: string): Promise<ProjectMember[]> {
  await requireProject(enterpriseId, projectId);
  return memberViews(await db.listProjectMembers(enterpriseId, projectId));
}

function matches(user: UserSummary, keyword: string | undefined): boolean {
  if (!keyword) return true;
  const needle = keyword.toLowerCase();
  return [user.login, user.nickname].some((field) => field.toLowerCase().includes(needle));
}

/** The project's members as pickers show them, by nickname; `keyword` matches login or nickname. */
export async function userList(
  enterpriseId: string,
  projectId: string,
  keyword?: string,
): Promise<UserSummary[]> {
  const members = await listMembers(enterpriseId, projectId);
  return members
    .map((m) => ({ userId: m.userId, login: m.login, nickname: m.nickname }))
    .filter((user) => matches(user, keyword))
    .sort((a, b) => a.nickname.localeCompare(b.nickname) || a.login.localeCompare(b.login));
}

/** 400 naming the first user who is not a member of the enterprise. */
async function assertEnterpriseMembers(enterpriseId: string, userIds: readonly string[]): Promise<void> {
  const memberships = await Promise.all(userIds.map((userId) => getMembership(enterpriseId, userId)));
  const outsider = userIds.find((_, i) => memberships[i] === null);
  if (outsider !== undefined)
    throw badRequest('userIds', `User ${outsider} is not a member of this enterprise`);
}

const isRace = (error: unknown) => error instanceof ConditionFailedError && error.label.startsWith('member:');

/**
 * Adds enterprise members to the project with `role` (member by default) and answers the ones
 * added; those already in the project are skipped. Someone adding the same user at the same
 * moment makes the transaction fail, so it is retried on a fresh read.
 */
export async function addMembers(
  enterpriseId: string,
  projectId: string,
  body: AddProjectMembersBody,
): Promise<ProjectMember[]> {
  await requireProject(enterpriseId, projectId);
  const userIds = [...new Set(body.userIds)];
  await assertEnterpriseMembers(enterpriseId, userIds);
  for (let attempt = 1; ; attempt += 1) {
    const present = new Set(
      (await db.getProjectMembers(enterpriseId, projectId, userIds)).map((m) => m.userId),
    );
    const joinedAt = nowIso();
    const added = userIds
      .filter((userId) => !present.has(userId))
      .map((userId) => ({ enterpriseId, projectId, userId, role: body.role ?? 'member', joinedAt }) as const);
    try {
      await db.addProjectMembers(enterpriseId, projectId, added);
      return memberViews(added);
    } catch (error) {
      if (error instanceof ConditionFailedError && error.label === 'project')
        throw projectNotFound(projectId);
      if (!isRace(error) || attempt >= 3) throw error;
    }
  }
}

const notAMember = (userId: string) => notFound(`User ${userId} is not a member of this project`);

/** Removes a member; the project's last manager cannot leave (409). */
export async function removeMember(enterpriseId: string, projectId: string, userId: string): Promise<void> {
  await requireProject(enterpriseId, projectId);
  const member = await db.getProjectMember(enterpriseId, projectId, userId);
  if (!member) throw notAMember(userId);
  try {
    await db.removeProjectMember(enterpriseId, member, { keepAManager: true });
  } catch (error) {
    if (!(error instanceof ConditionFailedError)) throw error;
    if (error.label === 'missing') throw notAMember(userId);
    // The project item refused: either it is gone, or the member is its last manager.
    await requireProject(enterpriseId, projectId);
    throw conflict('The last manager cannot leave the project; add another manager first');
  }
}

/**
 * Takes a user who leaves the enterprise out of all its projects. Unlike `removeMember`, a last
 * manager goes too: leaving the enterprise is not refused because of a project, and members with
 * `project:member:edit` can name a new manager.
 */
export async function removeFromAllProjects(enterpriseId: string, userId: string): Promise<void> {
  const memberships = await db.listProjectMembershipsOfUser(enterpriseId, userId);
  await Promise.all(
    memberships.map((member) =>
      db.removeProjectMember(enterpriseId, member, { keepAManager: false }).catch((error: unknown) => {
        // Already removed, or the project was deleted meanwhile: nothing left to do.
        if (!(error instanceof ConditionFailedError)) throw error;
      }),
    ),
  );
}
