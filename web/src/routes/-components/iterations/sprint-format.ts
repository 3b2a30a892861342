/** How sprints read in cards and headers: dates, progress, hours and rates. */
import { ITERATION_STATE } from '@shared/domain/sprint-workflow';
import { formatShortDate } from '@shared/format';
import type { Sprint } from '@shared/schemas/sprints';
import { daysUntil, endHint } from '../products/plan-dates';

/** "03.02 – 03.15 · 14 days" (dates per spec section 9). */
export function sprintDateRange(
  sprint: Pick<Sprint, 'startDate' | 'endDate'>,
  now: Date = new Date(),
): string {
  const days = daysUntil(sprint.endDate, sprint.startDate) + 1;
  return `${formatShortDate(sprint.startDate, now)} – ${formatShortDate(sprint.endDate, now)} · ${days} ${
    days === 1 ? 'day' : 'days'
  }`;
}

/** Where a sprint stands against its dates: "Starts in 3 days", "5 days left", "Ended 2 days ago". */
export function sprintTimeHint(
  sprint: Pick<Sprint, 'status' | 'startDate' | 'endDate'>,
  today: string,
): string | null {
  if (sprint.status === ITERATION_STATE.closed) return null;
  if (sprint.status === ITERATION_STATE.notStarted) {
    const days = daysUntil(sprint.startDate, today);
    if (days > 1) return `Planned to start in ${days} days`;
    if (days === 1) return 'Planned to start tomorrow';
    if (days === 0) return 'Planned to start today';
    return 'Planned start has passed';
  }
  return endHint(sprint.endDate, today);
}

/** Finished items as a whole percentage of all items (0 for an empty sprint). */
export function progressPercent(sprint: Pick<Sprint, 'issueCount' | 'finishedCount'>): number {
  return sprint.issueCount === 0 ? 0 : Math.round((sprint.finishedCount / sprint.issueCount) * 100);
}

export function unfinishedCount(sprint: Pick<Sprint, 'issueCount' | 'finishedCount'>): number {
  return Math.max(0, sprint.issueCount - sprint.finishedCount);
}

/** "12.5 h", "0 h": estimates keep one decimal. */
export function formatHours(hours: number): string {
  return `${Math.round(hours * 10) / 10} h`;
}

/** A 0..1 rate as "75%". */
export function formatRate(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}

export function itemCount(count: number): string {
  return `${count} ${count === 1 ? 'item' : 'items'}`;
}
