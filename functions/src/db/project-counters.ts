/**
 * A project's counters item (ENT#{id}#PRJ#{projectId} / COUNTERS): the last work-item number
 * given out, the last change-log sequence number, and how many work items exist and are open.
 * Work-item writes keep it in the same transaction as the items (see db/issues).
 */
import { keys } from './keys';
import { batchGet, getItem, type Item } from './operations';

export interface ProjectCounters {
  /** The last work-item number given out (#1, #2, ...); numbers are never reused. */
  issueSeq: number;
  /** The last change-log entry's sequence number. */
  changeSeq: number;
  issueCount: number;
  openIssueCount: number;
}

export const EMPTY_COUNTERS: ProjectCounters = { issueSeq: 0, changeSeq: 0, issueCount: 0, openIssueCount: 0 };

export function countersFromItem(item: Item | undefined): ProjectCounters {
  return {
    issueSeq: item?.issueSeq ?? 0,
    changeSeq: item?.changeSeq ?? 0,
    issueCount: item?.issueCount ?? 0,
    openIssueCount: item?.openIssueCount ?? 0,
  };
}

// Access pattern: a project's counters (strongly consistent: the work-item index syncs from it).
export async function getCounters(enterpriseId: string, projectId: string): Promise<ProjectCounters> {
  return countersFromItem(await getItem(keys.projectCounters(enterpriseId, projectId)));
}

// Access pattern: the counters of several projects (the project list), by batch.
export async function getCountersOf(
  enterpriseId: string,
  projectIds: readonly string[],
): Promise<Map<string, ProjectCounters>> {
  const items = await batchGet(projectIds.map((id) => keys.projectCounters(enterpriseId, id)));
  const byId = new Map(items.map((item) => [item.projectId as string, countersFromItem(item)]));
  return new Map(projectIds.map((id) => [id, byId.get(id) ?? EMPTY_COUNTERS]));
}
