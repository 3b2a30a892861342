/**
 * The burn-down series replayed from a sprint's log (modules/sprints/store/sprint-log.ts), with no
 * I/O so that it can be tested on its own.
 *
 * - One point per UTC day from `startDate` to `endDate`. Each item's state at the end of day D is
 *   its last log entry dated D or earlier; it is remaining when in the sprint and unfinished, and
 *   its estimate counts (no estimate: 0).
 * - added / removed / finished count the transitions of that day's entries against the item's
 *   previous state: entering the sprint, leaving it, and going from unfinished to finished while
 *   in it (an item that leaves finished counts as removed only). An item planned before the
 *   start is not "added" on day one; churn within a day counts every step.
 * - Days after `today` have null remaining values (and no transitions).
 * - ideal runs straight from the committed scope on day one to 0 on the last day, rounded to 2
 *   decimals. The committed scope is what the sprint held, unfinished, the moment it was started
 *   (`startedAt`); before it starts, the first day's values from the log (the planned scope), so
 *   a sprint that has not started already shows its ideal line. A one-day sprint has a single
 *   point, which keeps the scope (a line needs two points to fall).
 */
import type { BurnDown } from '@shared/schemas/sprints';
import { compareLogEntries, type SprintLogEntry } from './store/sprint-log';

type BurnDownDay = BurnDown['days'][number];

const DAY_MS = 86_400_000;

/** The UTC dates from `start` to `end`, both included. */
export function daysBetween(start: string, end: string): string[] {
  const first = Date.parse(`${start}T00:00:00Z`);
  const last = Date.parse(`${end}T00:00:00Z`);
  const days: string[] = [];
  for (let at = first; at <= last; at += DAY_MS) days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

interface ItemState {
  inSprint: boolean;
  unfinished: boolean;
  estimate: number | null;
}

const OUTSIDE: ItemState = { inSprint: false, unfinished: false, estimate: null };

interface Tally {
  added: number;
  removed: number;
  finished: number;
}

function countTransition(tally: Tally, before: ItemState, after: ItemState): void {
  if (!before.inSprint && after.inSprint) tally.added += 1;
  else if (before.inSprint && !after.inSprint) tally.removed += 1;
  else if (before.inSprint && before.unfinished && !after.unfinished) tally.finished += 1;
}

function remainingOf(states: ReadonlyMap<string, ItemState>): { count: number; estimate: number } {
  let count = 0;
  let estimate = 0;
  for (const state of states.values()) {
    if (!state.inSprint || !state.unfinished) continue;
    count += 1;
    estimate += state.estimate ?? 0;
  }
  return { count, estimate: round2(estimate) };
}

/** The line from `first` on day one down to 0 on the last of `n` days. */
function idealLine(first: number, n: number): number[] {
  if (n === 1) return [first];
  return Array.from({ length: n }, (_, i) => round2(first * (1 - i / (n - 1))));
}

export interface SeriesInput {
  startDate: string;
  endDate: string;
  /** `YYYY-MM-DD`: later days are null. */
  today: string;
  /** The sprint's log; any order (it is sorted here). */
  entries: readonly SprintLogEntry[];
  /** When the sprint was started (ISO), or null while it has not been. */
  startedAt?: string | null;
}

/** What the sprint held, unfinished, at `moment` (ISO): the replay of the entries up to then. */
function scopeAt(log: readonly SprintLogEntry[], moment: string): { count: number; estimate: number } {
  const states = new Map<string, ItemState>();
  for (const entry of log) {
    if (entry.at > moment) break;
    states.set(entry.issueId, {
      inSprint: entry.inSprint,
      unfinished: entry.unfinished,
      estimate: entry.estimate,
    });
  }
  return remainingOf(states);
}

export function burnDownSeries({
  startDate,
  endDate,
  today,
  entries,
  startedAt,
}: SeriesInput): BurnDownDay[] {
  const log = [...entries].sort(compareLogEntries);
  const states = new Map<string, ItemState>();
  let next = 0;
  const points = daysBetween(startDate, endDate).map((date) => {
    const tally: Tally = { added: 0, removed: 0, finished: 0 };
    for (; next < log.length && log[next]!.at.slice(0, 10) <= date; next += 1) {
      const entry = log[next]!;
      const state = { inSprint: entry.inSprint, unfinished: entry.unfinished, estimate: entry.estimate };
      if (entry.at.slice(0, 10) === date) countTransition(tally, states.get(entry.issueId) ?? OUTSIDE, state);
      states.set(entry.issueId, state);
    }
    return { date, remaining: remainingOf(states), tally };
  });
  const first = startedAt ? scopeAt(log, startedAt) : (points[0]?.remaining ?? { count: 0, estimate: 0 });
  const ideal = idealLine(first.count, points.length);
  const idealEstimate = idealLine(first.estimate, points.length);
  return points.map(({ date, remaining, tally }, i) => {
    const ahead = date > today;
    return {
      date,
      remaining: ahead ? null : remaining.count,
      remainingEstimate: ahead ? null : remaining.estimate,
      ideal: ideal[i]!,
      idealEstimate: idealEstimate[i]!,
      ...(ahead ? { added: 0, removed: 0, finished: 0 } : tally),
    };
  });
}
