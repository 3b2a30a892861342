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
  /** The copy's generation: stepped by every change of `rows`. */
  generation: number;
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
  return { project, rows: index.rows, generation: index.generation, sprints, sheets };
}

/**
 * Counts already computed, per copy of a project's items (its rows map, replaced on a reload) and
 * keyed by the copy's generation, the weeks and the sprints' and sheets' states: a team view
 * asked again before anything changed is not counted again.
 */
const computed = new WeakMap<ReadonlyMap<string, IssueRecord>, Map<string, WeeklyCounts[]>>();
const MAX_COMPUTED_PER_PROJECT = 32;

const stateOf = (items: readonly Completable[]) =>
  items.map((item) => `${item.status}${item.completedAt}`).join();

/** The counts of each week, in one pass over the items. */
function countsOf(state: ProjectState, weeks: readonly Week[]): WeeklyCounts[] {
  const key = [
    state.generation,
    state.project.name,
    ...weeks.map((week) => `${week.start}@${week.timeZone}`),
    stateOf(state.sprints),
    stateOf(state.sheets),
  ].join('|');
  const known = computed.get(state.rows) ?? new Map<string, WeeklyCounts[]>();
  computed.set(state.rows, known);
  const hit = known.get(key);
  if (hit) return hit;
  const counts = countWeeks(weeks, {
    projectName: state.project.name,
    issues: state.rows.values(),
    sprints: state.sprints,
    sheets: state.sheets,
  });
  if (known.size >= MAX_COMPUTED_PER_PROJECT) known.clear();
  known.set(key, counts);
  return counts;
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
