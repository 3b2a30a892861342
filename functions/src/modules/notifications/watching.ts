/**
 * Who watches a work item: its creator and assignee by default, anyone who pressed Watch, less
 * anyone who pressed Unwatch (an explicit choice beats the default, both ways).
 */
import { userSummaries } from '@core/identity/people';
import type { Tenant } from '@core/identity/tenancy';
import type { SubjectType, WatchBody, Watchers } from '@shared/schemas/notifications';
import { getIssues, projectOfIssue } from '../issues';
import * as db from './store';

/** The user ids watching the subject, given who watches it by default. */
export async function watchersOf(
  enterpriseId: string,
  type: SubjectType,
  id: string,
  defaultWatchers: readonly (string | null)[],
): Promise<string[]> {
  const watches = await db.listWatches(enterpriseId, type, id);
  const out = new Set(defaultWatchers.filter((userId): userId is string => Boolean(userId)));
  for (const watch of watches) {
    if (watch.watching) out.add(watch.userId);
    else out.delete(watch.userId);
  }
  return [...out];
}

/** The work item's default watchers (404 when it is not one of the enterprise's). */
async function defaultWatchersOf(enterpriseId: string, issueId: string): Promise<string[]> {
  const projectId = await projectOfIssue(enterpriseId, issueId);
  const [issue] = await getIssues(enterpriseId, projectId, [issueId]);
  return issue ? [issue.authorId, ...(issue.assigneeId ? [issue.assigneeId] : [])] : [];
}

export async function setWatching(tenant: Tenant, body: WatchBody, watching: boolean): Promise<Watchers> {
  const enterpriseId = tenant.enterprise.id;
  await defaultWatchersOf(enterpriseId, body.subjectId);
  await db.putWatch(enterpriseId, body.subjectType, body.subjectId, tenant.principal.userId, watching);
  return watchersView(tenant, body);
}

export async function watchersView(tenant: Tenant, body: WatchBody): Promise<Watchers> {
  const enterpriseId = tenant.enterprise.id;
  const defaults = await defaultWatchersOf(enterpriseId, body.subjectId);
  const ids = await watchersOf(enterpriseId, body.subjectType, body.subjectId, defaults);
  const people = await userSummaries(ids);
  return {
    watching: ids.includes(tenant.principal.userId),
    watchers: [...people.values()].sort((a, b) => a.nickname.localeCompare(b.nickname)),
  };
}
