/**
 * Repositories linked to projects (`pmsProjectRepository`): the project's Code tab, the picker of
 * repositories not linked yet, link (several at once, one transaction) and unlink.
 */
import { nowIso } from '@core/clock';
import { ConditionFailedError, transact } from '@core/db/operations';
import { badRequest, conflict, notFound } from '@core/errors';
import { userSummaries } from '@core/identity/people';
import { pageOf } from '@core/paging';
import type { Page } from '@shared/schemas/common';
import type { ProjectRepositoryRow, Repository } from '@shared/schemas/repositories';
import { projectNotFound, requireProject } from '../projects';
import { repositoryNotFound } from './access';
import { byActivity } from './repositories';
import * as db from './store/repositories';
import { projectRepositoryView, repositoryView } from './views';

const matches = (keyword: string | undefined) => {
  const words = (keyword ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  return (r: db.RepositoryRecord) => words.every((w) => `${r.name} ${r.cloneUrl}`.toLowerCase().includes(w));
};

export async function listProjectRepositories(
  enterpriseId: string,
  query: { pmsProjectId: string; pageNum: number; pageSize: number; keyword?: string },
): Promise<Page<ProjectRepositoryRow>> {
  await requireProject(enterpriseId, query.pmsProjectId);
  const links = await db.listProjectLinks(enterpriseId, query.pmsProjectId);
  const repositories = await db.getRepositories(
    enterpriseId,
    links.map((l) => l.repositoryId),
  );
  const wanted = repositories.filter(matches(query.keyword)).sort(byActivity);
  const byRepository = new Map(links.map((l) => [l.repositoryId, l]));
  return pageOf(wanted, query, async (rows) => {
    const users = await userSummaries([
      ...rows.map((r) => r.creatorId),
      ...rows.map((r) => byRepository.get(r.repositoryId)!.linkedBy),
    ]);
    return rows.map((r) => projectRepositoryView(r, byRepository.get(r.repositoryId)!, users));
  });
}

/** The enterprise's repositories not linked to the project (the link picker), at most 100. */
export async function listUnlinked(
  enterpriseId: string,
  query: { pmsProjectId: string; keyword?: string },
): Promise<Repository[]> {
  await requireProject(enterpriseId, query.pmsProjectId);
  const [links, all] = await Promise.all([
    db.listProjectLinks(enterpriseId, query.pmsProjectId),
    db.listRepositories(enterpriseId),
  ]);
  const linked = new Set(links.map((l) => l.repositoryId));
  const rows = all
    .filter((r) => !linked.has(r.repositoryId))
    .filter(matches(query.keyword))
    .sort((a, b) => a.name.localeCompare(b.name))
    .slice(0, 100);
  const users = await userSummaries(rows.map((r) => r.creatorId));
  return rows.map((r) => repositoryView(r, users));
}

export async function linkRepositories(
  enterpriseId: string,
  userId: string,
  body: { pmsProjectId: string; repositoryIds: string[] },
): Promise<ProjectRepositoryRow[]> {
  await requireProject(enterpriseId, body.pmsProjectId);
  const ids = [...new Set(body.repositoryIds)];
  const found = await db.getRepositories(enterpriseId, ids);
  const missing = ids.find((id) => !found.some((r) => r.repositoryId === id));
  if (missing) throw badRequest('repositoryIds', `Repository ${missing} does not exist in this enterprise`);
  const at = nowIso();
  try {
    await transact(
      ids.flatMap((repositoryId) =>
        db.linkOps(enterpriseId, {
          projectId: body.pmsProjectId,
          repositoryId,
          linkedBy: userId,
          linkedAt: at,
        }),
      ),
    );
  } catch (error) {
    if (error instanceof ConditionFailedError) {
      if (error.label === 'project') throw projectNotFound(body.pmsProjectId);
      const [kind, id = ''] = error.label.split(':');
      const name = found.find((r) => r.repositoryId === id)?.name ?? id;
      if (kind === 'linked') throw conflict(`${name} is linked to this project already`);
      if (kind === 'repository') throw repositoryNotFound(id);
    }
    throw error;
  }
  const page = await listProjectRepositories(enterpriseId, {
    pmsProjectId: body.pmsProjectId,
    pageNum: 1,
    pageSize: 100,
  });
  return page.rows.filter((r) => ids.includes(r.id));
}

export async function unlinkRepository(
  enterpriseId: string,
  projectId: string,
  repositoryId: string,
): Promise<void> {
  try {
    await transact(db.unlinkOps(enterpriseId, projectId, repositoryId));
  } catch (error) {
    if (error instanceof ConditionFailedError && error.label === 'link')
      throw notFound(`Repository ${repositoryId} is not linked to project ${projectId}`);
    throw error;
  }
}
