/**
 * Projects of an enterprise: create (the creator becomes the manager), list, read, edit, delete.
 * Visibility is enterprise-wide (the route's permission decides); project membership only says
 * who works in a project, hence `isMember` and the `mine` filter.
 */

import { firstVersion, nowIso } from '@core/clock';
import { onConditionFailed } from '@core/db/operations';
import { badRequest, notFound, staleVersion } from '@core/errors';
import { getUser, getUsers } from '@core/identity/store/users';
import { newId } from '@core/ids';
import { pageOf } from '@core/paging';
import { PROJECT_STATE } from '@shared/domain/work-items';
import type { Page } from '@shared/schemas/common';
import type { Project, ProjectBody, ProjectListQuery, ProjectUpdateBody } from '@shared/schemas/projects';
import { deleteIssueRefsOfProject, EMPTY_COUNTERS, getCountersOf, getCurrentCounts } from '../issues';
import { getProduct } from '../products';
import { unlinkDemandsOfProject } from '../requirements';
import type { ProjectRecord } from './store';
import * as db from './store';
import { projectView } from './views';

export const projectNotFound = (projectId: string) => notFound(`Project ${projectId} does not exist`);

/**
 * The project, or 404. Keys start with the caller's enterprise, so another enterprise's project
 * id is simply not found.
 */
export async function requireProject(enterpriseId: string, projectId: string): Promise<ProjectRecord> {
  const project = await db.getProject(enterpriseId, projectId);
  if (!project) throw projectNotFound(projectId);
  return project;
}

/** 400 unless `productId` (when set) names a product of the enterprise: a link must lead somewhere. */
async function assertProduct(enterpriseId: string, productId: string | null | undefined): Promise<void> {
  if (productId != null && !(await getProduct(enterpriseId, productId))) {
    throw badRequest('productId', `Product ${productId} does not exist`);
  }
}

/** One project as the caller sees it (creator, work-item counts, membership). */
async function viewOf(enterpriseId: string, userId: string, project: ProjectRecord): Promise<Project> {
  const [creator, counters, member] = await Promise.all([
    getUser(project.creatorId),
    getCurrentCounts(enterpriseId, project.projectId),
    db.getProjectMember(enterpriseId, project.projectId, userId),
  ]);
  return projectView(project, { creator: creator ?? undefined, counters, isMember: member !== null });
}

/** The ids of the caller's projects in this enterprise. */
async function projectIdsOf(enterpriseId: string, userId: string): Promise<Set<string>> {
  const memberships = await db.listProjectMembershipsOfUser(enterpriseId, userId);
  return new Set(memberships.map((m) => m.projectId));
}

function matches(project: ProjectRecord, query: ProjectListQuery, mine: ReadonlySet<string>): boolean {
  if (query.keyword && !project.name.toLowerCase().includes(query.keyword.toLowerCase())) return false;
  if (query.status !== undefined && project.status !== query.status) return false;
  return !query.mine || mine.has(project.projectId);
}

const newestFirst = (a: ProjectRecord, b: ProjectRecord) =>
  b.createdAt.localeCompare(a.createdAt) || b.projectId.localeCompare(a.projectId);

/**
 * One page of projects, newest first. An enterprise has at most a few hundred projects, so they
 * are all read and filtered here; only the page's rows load creators and counters.
 */
export async function listProjects(
  enterpriseId: string,
  userId: string,
  query: ProjectListQuery,
): Promise<Page<Project>> {
  const [all, mine] = await Promise.all([db.listProjects(enterpriseId), projectIdsOf(enterpriseId, userId)]);
  const found = all.filter((p) => matches(p, query, mine)).sort(newestFirst);
  return pageOf(found, query, async (rows) => {
    const [creators, counters] = await Promise.all([
      getUsers(rows.map((p) => p.creatorId)),
      getCountersOf(
        enterpriseId,
        rows.map((p) => p.projectId),
      ),
    ]);
    return rows.map((p) =>
      projectView(p, {
        creator: creators.get(p.creatorId),
        counters: counters.get(p.projectId) ?? EMPTY_COUNTERS,
        isMember: mine.has(p.projectId),
      }),
    );
  });
}

export async function getProject(enterpriseId: string, userId: string, projectId: string): Promise<Project> {
  return viewOf(enterpriseId, userId, await requireProject(enterpriseId, projectId));
}

/** Creates a project, open unless told otherwise, with its creator as its manager. */
export async function createProject(
  enterpriseId: string,
  userId: string,
  body: ProjectBody,
): Promise<Project> {
  await assertProduct(enterpriseId, body.productId);
  const now = nowIso();
  const project: ProjectRecord = {
    enterpriseId,
    projectId: newId(),
    name: body.name,
    description: body.description ?? '',
    status: body.status ?? PROJECT_STATE.on,
    productId: body.productId ?? null,
    creatorId: userId,
    memberCount: 1,
    ...firstVersion(now),
  };
  const manager = {
    enterpriseId,
    projectId: project.projectId,
    userId,
    role: 'manager' as const,
    joinedAt: now,
  };
  await db.createProject(enterpriseId, project, manager);
  const creator = await getUser(userId);
  return projectView(project, { creator: creator ?? undefined, counters: EMPTY_COUNTERS, isMember: true });
}

/** Edits the fields sent, if the client read the current version (409 otherwise). */
export async function updateProject(
  enterpriseId: string,
  userId: string,
  projectId: string,
  body: ProjectUpdateBody,
): Promise<Project> {
  const project = await requireProject(enterpriseId, projectId);
  const stale = () => staleVersion(`Project ${project.name}`);
  if (body.version !== project.version) throw stale();
  const { version, ...changes } = body;
  if (changes.productId !== project.productId) await assertProduct(enterpriseId, changes.productId);
  const updated = await onConditionFailed(
    db.updateProject(enterpriseId, projectId, version, changes, nowIso()),
    { stale, missing: () => projectNotFound(projectId) },
  );
  return viewOf(enterpriseId, userId, updated);
}

/** Deletes the project and everything in it (members, notice, work items and their history). */
export async function deleteProject(enterpriseId: string, projectId: string): Promise<void> {
  // The items' project pointers sit outside the project's partition: remove them while the items
  // that name them can still be listed.
  await deleteIssueRefsOfProject(enterpriseId, projectId);
  // Likewise the product ends of its demands' spec links, so specs stop counting those demands.
  await unlinkDemandsOfProject(enterpriseId, projectId);
  await onConditionFailed(db.deleteProject(enterpriseId, projectId), {
    missing: () => projectNotFound(projectId),
  });
}
