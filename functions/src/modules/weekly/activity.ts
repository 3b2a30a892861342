/**
 * What a project did, as the product already keeps it: its work items (the issues module's
 * current copy, kept exact by the change log), its sprints and its test sheets. The counts and
 * the items of a week are computed from this; nothing is counted twice at write time.
 */
import { addDays } from '@shared/domain/weekly';
import type { WeeklyCounts } from '@shared/schemas/weekly';
import { type IssueRecord, projectWithIndex } from '../issues';
import type { ProjectRecord } from '../projects';
import { listSprints } from '../sprints';
import { listSheets } from '../testruns';
import { type Completable, countWeeks } from './counts';
import { type Week, weekStarting } from './weeks';

export interface ProjectState {
  project: ProjectRecord;
  /** Item id → the item as it is now. */
  rows: ReadonlyMap<string, IssueRecord>;
  sprints: readonly Completable[];
  sheets: readonly Completable[];
}

/** The project's items, sprints and sheets, read side by side; 404 when the project is gone. */
export async function projectState(enterpriseId: string, projectId: string): Promise<ProjectState> {
  const [{ project, index }, sprints, sheets] = await Promise.all([
    projectWithIndex(enterpriseId, projectId),
    listSprints(enterpriseId, projectId),
    listSheets(enterpriseId, projectId),
  ]);
  return { project, rows: index.rows, sprints, sheets };
}

/** The counts of each week, in one pass over the items. */
function countsOf(state: ProjectState, weeks: readonly Week[]): WeeklyCounts[] {
  return countWeeks(weeks, {
    projectName: state.project.name,
    issues: state.rows.values(),
    sprints: state.sprints,
    sheets: state.sheets,
  });
}

export const weekCounts = (state: ProjectState, week: Week): WeeklyCounts => countsOf(state, [week])[0]!;

/** The counts of the `weeks` weeks up to and including `week`, oldest first. */
export function trendCounts(
  state: ProjectState,
  week: Week,
  weeks: number,
): { weekStart: string; counts: WeeklyCounts }[] {
  const list = Array.from({ length: weeks }, (_, i) =>
    weekStarting(addDays(week.start, (i - weeks + 1) * 7), week.timeZone),
  );
  const counts = countsOf(state, list);
  return list.map((w, i) => ({ weekStart: w.start, counts: counts[i]! }));
}
