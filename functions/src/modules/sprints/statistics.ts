/**
 * A sprint's statistics from its work items' rows: totals and rates, counts by kind and status,
 * and each assignee's load. Live statistics read the project's in-memory index; a completion
 * computes them on the rows as they are right after it (modules/sprints/burndown.ts).
 *
 * Only kinds and statuses that occur are listed (in workflow order), assignees by nickname with
 * the unassigned last; rates are rounded to 4 decimals.
 */

import { summaryOf, userSummaries } from '@core/identity/people';
import { isUnfinished } from '@shared/domain/sprint-workflow';
import {
  ISSUE_KIND_LABELS,
  ISSUE_KINDS,
  type IssueKind,
  issueStatusName,
} from '@shared/domain/work-item-workflow';
import { STATUS_GROUPS } from '@shared/domain/work-items';
import type { UserSummary } from '@shared/schemas/projects';
import type { SprintStatistics } from '@shared/schemas/sprints';
import { type IssueRecord, projectIndex } from '../issues';
import type { SprintRecord } from './store/sprints';

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** `part / total`, 0 for an empty sprint. */
export const rate = (part: number, total: number) => (total === 0 ? 0 : round(part / total, 4));

function countBy<T>(rows: readonly IssueRecord[], keyOf: (row: IssueRecord) => T): Map<T, number> {
  const counts = new Map<T, number>();
  for (const row of rows) counts.set(keyOf(row), (counts.get(keyOf(row)) ?? 0) + 1);
  return counts;
}

function byStatus(rows: readonly IssueRecord[]): SprintStatistics['byStatus'] {
  const counts = countBy(rows, (row) => `${row.pmIssueType}/${row.status}`);
  return ISSUE_KINDS.flatMap((kind) =>
    STATUS_GROUPS.all.flatMap((status) => {
      const count = counts.get(`${kind}/${status}`) ?? 0;
      return count ? [{ pmIssueType: kind, id: status, name: issueStatusName(kind, status), count }] : [];
    }),
  );
}

function byKind(rows: readonly IssueRecord[]): SprintStatistics['byKind'] {
  const counts = countBy(rows, (row) => row.pmIssueType);
  return ISSUE_KINDS.flatMap((kind) => {
    const count = counts.get(kind) ?? 0;
    return count ? [{ id: kind, name: ISSUE_KIND_LABELS[kind as IssueKind].many, count }] : [];
  });
}

type AssigneeLoad = SprintStatistics['byAssignee'][number];

function byAssignee(
  rows: readonly IssueRecord[],
  users: ReadonlyMap<string, UserSummary>,
): SprintStatistics['byAssignee'] {
  const loads = new Map<string | null, AssigneeLoad>();
  for (const row of rows) {
    const id = row.assigneeId;
    const load = loads.get(id) ?? {
      user: id ? summaryOf(users, id) : null,
      count: 0,
      unfinished: 0,
      estimatedHours: 0,
      unfinishedEstimatedHours: 0,
    };
    const hours = row.estimatedHours ?? 0;
    load.count += 1;
    load.estimatedHours = round(load.estimatedHours + hours, 2);
    if (isUnfinished(row.status)) {
      load.unfinished += 1;
      load.unfinishedEstimatedHours = round(load.unfinishedEstimatedHours + hours, 2);
    }
    loads.set(id, load);
  }
  const sortKey = (load: AssigneeLoad) => load.user?.nickname.toLowerCase() ?? '';
  return [...loads.values()].sort((a, b) => {
    if (!a.user || !b.user) return a.user ? -1 : b.user ? 1 : 0;
    return sortKey(a).localeCompare(sortKey(b)) || a.user.userId.localeCompare(b.user.userId);
  });
}

/** Statistics of `rows` (the sprint's items); `carriedOver` counts the items a completion moved on. */
export async function statisticsOfRows(
  rows: readonly IssueRecord[],
  carriedOver = 0,
): Promise<SprintStatistics> {
  const users = await userSummaries(rows.map((row) => row.assigneeId));
  const unfinished = rows.filter((row) => isUnfinished(row.status)).length;
  const finished = rows.length - unfinished;
  return {
    total: rows.length,
    finished,
    unfinished,
    completionRate: rate(finished, rows.length),
    carryOverRate: rate(carriedOver, rows.length),
    byStatus: byStatus(rows),
    byKind: byKind(rows),
    byAssignee: byAssignee(rows, users),
  };
}

/** The sprint's items now (from the project's index), by number. */
export async function sprintRows(enterpriseId: string, sprint: SprintRecord): Promise<IssueRecord[]> {
  const index = await projectIndex(enterpriseId, sprint.projectId);
  return [...index.rows.values()]
    .filter((row) => row.sprintId === sprint.sprintId)
    .sort((a, b) => a.issueNumber - b.issueNumber);
}

/** Live statistics: the items in the sprint now; nothing is carried over while it runs. */
export async function statisticsOf(enterpriseId: string, sprint: SprintRecord): Promise<SprintStatistics> {
  return statisticsOfRows(await sprintRows(enterpriseId, sprint));
}
