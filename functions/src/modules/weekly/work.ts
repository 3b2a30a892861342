/**
 * The work items of a week, by category (docs/weekly-reports.md, "The items of a week"), from the
 * project's current copy of its items: what a member picks into a report (personalIssueList)
 * and what the team view lists (projectIssueList).
 */

import type { ProjectIssueCategory } from '@shared/domain/weekly';
import { addDays } from '@shared/domain/weekly';
import { CLOSED_ISSUE_STATUS } from '@shared/domain/work-item-workflow';
import type { IssueRecord } from '../issues';
import { dateIn, inWeek, type Week } from './weeks';

const COMPLETED = 3;
const IN_PROGRESS = 2;
const UNFINISHED: readonly number[] = [1, IN_PROGRESS];

/** When an item was finished: closed items by `closedAt`, completed ones by their last change. */
function finishedAt(issue: IssueRecord): string | null {
  if (issue.status === CLOSED_ISSUE_STATUS) return issue.closedAt;
  if (issue.status === COMPLETED) return issue.updatedAt;
  return null;
}

/** The rules of each category for one week, with "today" in the enterprise's time zone. */
export function categoryRules(
  week: Week,
  now: number,
): Record<ProjectIssueCategory, (i: IssueRecord) => boolean> {
  const nextMonday = addDays(week.start, 7);
  const today = dateIn(now, week.timeZone);
  // Overdue by the end of the week, or by today while the week is still going on.
  const dueBefore = today < nextMonday ? today : nextMonday;
  const nextSunday = addDays(nextMonday, 6);
  const inNextWeek = (date: string | null) => date !== null && date >= nextMonday && date <= nextSunday;
  return {
    created: (issue) => inWeek(week, issue.createdAt),
    finished: (issue) => inWeek(week, finishedAt(issue)),
    inProgress: (issue) => issue.status === IN_PROGRESS,
    overdue: (issue) =>
      UNFINISHED.includes(issue.status) && issue.endDate !== null && issue.endDate < dueBefore,
    nextWeek: (issue) =>
      UNFINISHED.includes(issue.status) && (inNextWeek(issue.startDate) || inNextWeek(issue.endDate)),
  };
}

/** Most urgent first, then by number. */
export const byUrgency = (a: IssueRecord, b: IssueRecord) =>
  a.priority - b.priority || a.issueNumber - b.issueNumber;

/** The items of each category (one pass), each list by urgency. */
export function categorize(
  issues: Iterable<IssueRecord>,
  rules: Record<ProjectIssueCategory, (i: IssueRecord) => boolean>,
): Record<ProjectIssueCategory, IssueRecord[]> {
  const entries = Object.entries(rules) as [ProjectIssueCategory, (i: IssueRecord) => boolean][];
  const out = Object.fromEntries(entries.map(([id]) => [id, [] as IssueRecord[]])) as Record<
    ProjectIssueCategory,
    IssueRecord[]
  >;
  for (const issue of issues) {
    for (const [id, rule] of entries) if (rule(issue)) out[id].push(issue);
  }
  for (const list of Object.values(out)) list.sort(byUrgency);
  return out;
}
