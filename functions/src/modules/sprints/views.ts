/**
 * Sprints as the API shows them, built from explicit fields (the rule of core/identity/views.ts).
 * The counts of an open sprint are live: they come from the project's work-item index
 * (modules/issues/project-index.ts), the items whose `sprintId` names the sprint, so they are never
 * stale. A closed sprint shows what it held when it was completed.
 */

import { summaryOf } from '@core/identity/people';
import { ITERATION_STATE, isUnfinished, sprintStateName } from '@shared/domain/sprint-workflow';
import type { UserSummary } from '@shared/schemas/projects';
import type { Sprint, SprintCompletion, SprintDetail } from '@shared/schemas/sprints';
import type { IssueRecord, ProjectIndex } from '../issues';
import type { SprintRecord } from './store/sprints';

export interface SprintCounts {
  issueCount: number;
  finishedCount: number;
  estimatedHours: number;
}

export const NO_ITEMS: SprintCounts = { issueCount: 0, finishedCount: 0, estimatedHours: 0 };

/** Hours are summed from decimals: rounded to hundredths so 0.1 + 0.2 shows as 0.3. */
const hours = (value: number) => Math.round(value * 100) / 100;

/** The items of one sprint, by number. */
export function itemsOfSprint(index: ProjectIndex, sprintId: string): IssueRecord[] {
  const items: IssueRecord[] = [];
  for (const row of index.rows.values()) if (row.sprintId === sprintId) items.push(row);
  return items.sort((a, b) => a.issueNumber - b.issueNumber);
}

/** The live counts of every sprint of the project, in one pass over its items. */
export function sprintCounts(index: ProjectIndex): Map<string, SprintCounts> {
  const counts = new Map<string, SprintCounts>();
  for (const row of index.rows.values()) {
    if (!row.sprintId) continue;
    const current = counts.get(row.sprintId) ?? NO_ITEMS;
    counts.set(row.sprintId, {
      issueCount: current.issueCount + 1,
      finishedCount: current.finishedCount + (isUnfinished(row.status) ? 0 : 1),
      estimatedHours: hours(current.estimatedHours + (row.estimatedHours ?? 0)),
    });
  }
  return counts;
}

/** What a completion recorded: the items the sprint held then, not the none left after carry-over. */
function countsAtCompletion(completion: SprintCompletion): SprintCounts {
  const { total, finished, byAssignee } = completion.statistics;
  const estimated = byAssignee.reduce((sum, row) => sum + row.estimatedHours, 0);
  return { issueCount: total, finishedCount: finished, estimatedHours: hours(estimated) };
}

export function sprintView(
  sprint: SprintRecord,
  live: SprintCounts,
  users: ReadonlyMap<string, UserSummary>,
): Sprint {
  const closed = sprint.status === ITERATION_STATE.closed && sprint.completion;
  const counts = closed ? countsAtCompletion(sprint.completion!) : live;
  return {
    id: sprint.sprintId,
    pmsProjectId: sprint.projectId,
    name: sprint.name,
    goal: sprint.goal,
    status: sprint.status,
    statusName: sprintStateName(sprint.status),
    startDate: sprint.startDate,
    endDate: sprint.endDate,
    startedAt: sprint.startedAt,
    completedAt: sprint.completedAt,
    issueCount: counts.issueCount,
    finishedCount: counts.finishedCount,
    estimatedHours: counts.estimatedHours,
    creator: summaryOf(users, sprint.creatorId),
    createdAt: sprint.createdAt,
    updatedAt: sprint.updatedAt,
    version: sprint.version,
  };
}

/** The sprint with the record of its last completion (kept through a reopen until the next one). */
export function sprintDetailView(
  sprint: SprintRecord,
  counts: SprintCounts,
  users: ReadonlyMap<string, UserSummary>,
): SprintDetail {
  return { ...sprintView(sprint, counts, users), completion: sprint.completion };
}
