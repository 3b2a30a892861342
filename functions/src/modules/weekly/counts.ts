/**
 * The project's counts of a week (spec section 3), computed from what the product already keeps:
 * each work item's `createdAt` and `closedAt`, each sprint's `completedAt` and each test sheet's
 * `completedAt`. Exact definitions: docs/weekly-reports.md, "The counts".
 */
import { CLOSED_ISSUE_STATUS } from '@shared/domain/work-item-workflow';
import { WORK_ITEM_KIND } from '@shared/domain/work-items';
import type { WeeklyCounts } from '@shared/schemas/weekly';
import type { Week } from './weeks';

/** What the counts read of a work item. */
export interface CountedIssue {
  pmIssueType: number;
  status: number;
  createdAt: string;
  closedAt: string | null;
}

/** What they read of a sprint (status 2 closed) and of a test sheet (status 2 completed). */
export interface Completable {
  status: number;
  completedAt: string | null;
}

export interface ProjectActivity {
  projectName: string;
  issues: Iterable<CountedIssue>;
  sprints: readonly Completable[];
  sheets: readonly Completable[];
}

const COMPLETED = 2;

const isoOf = (ms: number) => new Date(ms).toISOString();
/** A stored time as `toISOString` writes it (it always is; anything else is parsed once). */
const canonical = (iso: string) => (iso.length === 24 && iso.endsWith('Z') ? iso : isoOf(Date.parse(iso)));

const KIND_FIELDS = {
  [WORK_ITEM_KIND.demand]: ['this_week_requirement_issues_count', 'close_requirement_issues_count'],
  [WORK_ITEM_KIND.task]: ['this_week_task_issues_count', 'close_task_issues_count'],
  [WORK_ITEM_KIND.bug]: ['this_week_bug_issues_count', 'close_bug_issues_count'],
} as const;

type CountField = Exclude<keyof WeeklyCounts, 'project_info'>;

function emptyCounts(projectName: string): WeeklyCounts {
  return {
    this_week_requirement_issues_count: 0,
    this_week_task_issues_count: 0,
    this_week_bug_issues_count: 0,
    close_requirement_issues_count: 0,
    close_task_issues_count: 0,
    close_bug_issues_count: 0,
    this_week_complete_sprint_count: 0,
    this_week_complete_test_sheet_count: 0,
    project_info: { projectName },
  };
}

/**
 * The counts of several weeks in one pass over the items (the team view's chart reads eight
 * weeks of a 10,000-item project). `weeks` must not overlap. A sprint or sheet counts when it is
 * finished (status 2) and its completion falls in the week: a reopened one has status 1.
 */
export function countWeeks(weeks: readonly Week[], activity: ProjectActivity): WeeklyCounts[] {
  const counts = weeks.map(() => emptyCounts(activity.projectName));
  // Instants compare as ISO strings (`toISOString`, how every time is stored): no parsing per item.
  const bounds = weeks.map((week) => [isoOf(week.startsAt), isoOf(week.endsAt)] as const);
  const first = bounds.reduce((min, [from]) => (from < min ? from : min), bounds[0]![0]);
  const last = bounds.reduce((max, [, to]) => (to > max ? to : max), bounds[0]![1]);
  const weekIndexOf = (stored: string | null) => {
    if (!stored) return -1;
    const at = canonical(stored);
    if (at < first || at >= last) return -1;
    return bounds.findIndex(([from, to]) => at >= from && at < to);
  };
  const bump = (index: number, field: CountField) => {
    if (index >= 0) counts[index]![field] += 1;
  };
  for (const issue of activity.issues) {
    const fields = KIND_FIELDS[issue.pmIssueType as keyof typeof KIND_FIELDS];
    if (!fields) continue;
    bump(weekIndexOf(issue.createdAt), fields[0]);
    if (issue.status === CLOSED_ISSUE_STATUS) bump(weekIndexOf(issue.closedAt), fields[1]);
  }
  const completions = (items: readonly Completable[], field: CountField) => {
    for (const item of items) if (item.status === COMPLETED) bump(weekIndexOf(item.completedAt), field);
  };
  completions(activity.sprints, 'this_week_complete_sprint_count');
  completions(activity.sheets, 'this_week_complete_test_sheet_count');
  return counts;
}
