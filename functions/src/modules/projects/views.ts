/**
 * Projects, their members and their notice as the API shows them. Like views.ts, every response
 * is built from explicit fields, so internal attributes (`managerCount`, keys) never leak.
 */

import type { UserRecord } from '@core/identity/store/users';
import { userSummaryView } from '@core/identity/views';
import { PROJECT_STATE_LABELS } from '@shared/domain/work-items';
import type { Notice, Project, ProjectMember } from '@shared/schemas/projects';
import type { ProjectCounters } from '../issues';
import type { NoticeRecord, ProjectMemberRecord, ProjectRecord } from './store';

export interface ProjectViewContext {
  creator: UserRecord | undefined;
  counters: ProjectCounters;
  /** Whether the caller is a member of the project. */
  isMember: boolean;
}

export function projectView(project: ProjectRecord, context: ProjectViewContext): Project {
  return {
    id: project.projectId,
    pmsProjectId: project.projectId,
    name: project.name,
    description: project.description,
    status: project.status,
    statusName: PROJECT_STATE_LABELS[project.status] ?? String(project.status),
    pmsProduct: project.productId !== null,
    productId: project.productId,
    creator: userSummaryView(project.creatorId, context.creator),
    memberCount: project.memberCount,
    openIssueCount: context.counters.openIssueCount,
    issueCount: context.counters.issueCount,
    isMember: context.isMember,
    createdAt: project.createdAt,
    updatedAt: project.updatedAt,
    version: project.version,
  };
}

export function projectMemberView(member: ProjectMemberRecord, user: UserRecord): ProjectMember {
  return {
    userId: user.userId,
    login: user.login,
    nickname: user.nickname,
    projectMemberInfo: {
      pmsProjectId: member.projectId,
      userId: member.userId,
      role: member.role,
      joinedAt: member.joinedAt,
    },
  };
}

/** The notice, or the empty one (`version` 0) when nobody wrote one yet. */
export function noticeView(
  projectId: string,
  notice: NoticeRecord | null,
  updater: UserRecord | undefined,
): Notice {
  if (!notice) return { pmsProjectId: projectId, content: '', updatedBy: null, updatedAt: null, version: 0 };
  return {
    pmsProjectId: projectId,
    content: notice.content,
    updatedBy: userSummaryView(notice.updatedBy, updater),
    updatedAt: notice.updatedAt,
    version: notice.version,
  };
}
