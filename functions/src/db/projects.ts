/**
 * Projects and their members. The project item lives in the enterprise partition (so listing an
 * enterprise's projects is one query); its members, notice and work items live in the project's
 * own partition (keys.projectPartition).
 */
import { keys } from './keys';
import { getItem, type Item } from './operations';

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

export interface ProjectMemberRecord {
  enterpriseId: string;
  projectId: string;
  userId: string;
  role: 'manager' | 'member';
  joinedAt: string;
}

export function projectFromItem(item: Item): ProjectRecord {
  return {
    enterpriseId: item.enterpriseId,
    projectId: item.projectId,
    name: item.name,
    description: item.description ?? '',
    status: item.status,
    productId: item.productId ?? null,
    creatorId: item.creatorId,
    memberCount: item.memberCount ?? 0,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    version: item.version,
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

// Access pattern: one project of an enterprise (base table ENT#{id} / PROJECT#{projectId}).
export async function getProject(enterpriseId: string, projectId: string): Promise<ProjectRecord | null> {
  const item = await getItem(keys.project(enterpriseId, projectId));
  return item ? projectFromItem(item) : null;
}

// Access pattern: one member of a project (ENT#{id}#PRJ#{projectId} / MEMBER#{userId}).
export async function getProjectMember(
  enterpriseId: string,
  projectId: string,
  userId: string,
): Promise<ProjectMemberRecord | null> {
  const item = await getItem(keys.projectMember(enterpriseId, projectId, userId));
  return item ? projectMemberFromItem(item) : null;
}
