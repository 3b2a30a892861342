/**
 * "My projects" and their work items, as every work block of the desk reads them: the open and
 * paused projects the caller is a member of (closed ones are done with), each project's
 * in-memory work-item index (modules/issues/project-index.ts) and activity digest (activity.ts),
 * and what the caller's blocks need of each project, worked out once per change of the project
 * (project-view.ts).
 *
 * Bringing the indexes up to date takes one strongly consistent BatchGetItem of the projects'
 * counters items (each index catches up from its own; usually nothing to do), and the calls one
 * desk fires at once share it: a read made less than SHARED_SYNC_MS ago by this process serves
 * them all. So a desk costs one round trip for its work items, whatever the number of calls and
 * projects, and shows every write made through this process at once (the write updates the
 * index itself) and another process's within a second.
 */
import { clock } from '@core/clock';
import { keys } from '@core/db/keys';
import { batchGet } from '@core/db/operations';
import type { Tenant } from '@core/identity/tenancy';
import { PROJECT_STATE } from '@shared/domain/work-items';
import { hasPermission } from '@shared/permissions/matcher';
import { countersFromItem, indexAt, type ProjectIndex } from '../issues';
import type { ProjectRecord } from '../projects';
import { activityOf, type ProjectActivity } from './activity';
import * as sources from './sources';

/** How long one read of the counters serves the calls of a desk. */
const SHARED_SYNC_MS = 1000;

export interface MyProject {
  project: ProjectRecord;
  role: 'manager' | 'member';
}

export interface MyProjectWork extends MyProject {
  index: ProjectIndex;
  activity: ProjectActivity;
}

/** Whether the caller holds `permission` (the owner holds everything). */
export function holds(tenant: Tenant, permission: string): boolean {
  return hasPermission(tenant.principal, permission, tenant.enterprise.ownerId);
}

/** The open and paused projects the caller is a member of, by name. */
export async function myProjects(tenant: Tenant): Promise<MyProject[]> {
  const enterpriseId = tenant.enterprise.id;
  const [memberships, projects] = await Promise.all([
    sources.memberships(enterpriseId, tenant.principal.userId),
    sources.projects(enterpriseId),
  ]);
  const roleIn = new Map(memberships.map((m) => [m.projectId, m.role]));
  return projects
    .filter((p) => roleIn.has(p.projectId) && p.status !== PROJECT_STATE.closed)
    .sort((a, b) => a.name.localeCompare(b.name) || a.projectId.localeCompare(b.projectId))
    .map((project) => ({ project, role: roleIn.get(project.projectId)! }));
}

const syncs = new Map<string, { at: number; indexes: Promise<ProjectIndex[]> }>();

/** The projects' indexes, current as of one strongly consistent read of their counters. */
function syncedIndexes(enterpriseId: string, projectIds: readonly string[]): Promise<ProjectIndex[]> {
  const key = `${enterpriseId}/${projectIds.join(',')}`;
  const now = clock.now();
  const shared = syncs.get(key);
  if (shared && now - shared.at < SHARED_SYNC_MS) return shared.indexes;
  const indexes = (async () => {
    const items = await batchGet(projectIds.map((id) => keys.projectCounters(enterpriseId, id)));
    const byProject = new Map(items.map((item) => [item.projectId as string, item]));
    return Promise.all(
      projectIds.map((id) => indexAt(enterpriseId, id, countersFromItem(byProject.get(id)))),
    );
  })();
  for (const [name, sync] of syncs) if (now - sync.at >= SHARED_SYNC_MS) syncs.delete(name);
  syncs.set(key, { at: now, indexes });
  indexes.catch(() => syncs.get(key)?.indexes === indexes && syncs.delete(key));
  return indexes;
}

/**
 * My projects with their work-item indexes and activity digests, current as of this desk (none
 * without `project:issue:list`: the item blocks then stay empty).
 */
export async function myProjectWork(tenant: Tenant): Promise<MyProjectWork[]> {
  if (!holds(tenant, 'project:issue:list')) return [];
  const mine = await myProjects(tenant);
  const indexes = await syncedIndexes(
    tenant.enterprise.id,
    mine.map((m) => m.project.projectId),
  );
  const digests = await Promise.all(indexes.map((index) => activityOf(index)));
  return mine.map((m, i) => ({ ...m, index: indexes[i]!, activity: digests[i]! }));
}

/** Forgets the shared reads (tests and the bench). */
export function forgetSyncs(): void {
  syncs.clear();
}
