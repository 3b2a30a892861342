/**
 * Iterations (sprints), spec section 4: not started 0, in progress 1, closed 2. Start only from
 * not started, complete only from in progress, reopen only from closed; anything else is 409
 * with `sprintRefusal`. The web asks `sprintActions` which buttons to offer.
 *
 * What counts as finished: a work item in status 3 (completed), 5 (closed) or 6 (rejected) is
 * done for the sprint; 1 and 2 are unfinished (remaining in the burn-down, and what completing
 * the sprint asks about).
 */
import { ITERATION_COMPLETION_CHOICE, ITERATION_STATE } from './work-items';

export { ITERATION_COMPLETION_CHOICE, ITERATION_STATE };

export const SPRINT_STATES = [
  { id: ITERATION_STATE.notStarted, name: 'Not started', color: 'gray' },
  { id: ITERATION_STATE.inProgress, name: 'In progress', color: 'blue' },
  { id: ITERATION_STATE.closed, name: 'Closed', color: 'green' },
] as const;

export const SPRINT_ACTIONS = ['start', 'complete', 'reopen'] as const;
export type SprintAction = (typeof SPRINT_ACTIONS)[number];

const MOVES: Record<SprintAction, { from: number; to: number; label: string }> = {
  start: { from: ITERATION_STATE.notStarted, to: ITERATION_STATE.inProgress, label: 'Start' },
  complete: { from: ITERATION_STATE.inProgress, to: ITERATION_STATE.closed, label: 'Complete' },
  reopen: { from: ITERATION_STATE.closed, to: ITERATION_STATE.inProgress, label: 'Reopen' },
};

export const SPRINT_ACTION_LABELS: Record<SprintAction, string> = {
  start: MOVES.start.label,
  complete: MOVES.complete.label,
  reopen: MOVES.reopen.label,
};

export const COMPLETION_CHOICES = [
  { id: ITERATION_COMPLETION_CHOICE.finishAll, name: 'Finish all unfinished items' },
  { id: ITERATION_COMPLETION_CHOICE.unlinkAll, name: 'Take them out of the sprint (back to the backlog)' },
  { id: ITERATION_COMPLETION_CHOICE.moveToIteration, name: 'Move them to another sprint' },
] as const;

/** Work-item statuses that still need work (the burn-down's "remaining"). */
export const UNFINISHED_STATUSES: readonly number[] = [1, 2];
/** Finishing all sets unfinished items to completed (legal from 1 and 2 in the work-item workflow). */
export const FINISHED_BY_COMPLETION_STATUS = 3;
/** At most this many unfinished items are moved in one completion (one transaction). */
export const MAX_COMPLETION_ITEMS = 20;
/** A sprint lasts at most this many days (the burn-down has one point per day). */
export const MAX_SPRINT_DAYS = 90;

export function isUnfinished(status: number): boolean {
  return UNFINISHED_STATUSES.includes(status);
}

export function sprintStateName(state: number): string {
  return SPRINT_STATES.find((s) => s.id === state)?.name ?? `State ${state}`;
}

/** The actions a sprint in `state` offers. */
export function sprintActions(state: number): SprintAction[] {
  return SPRINT_ACTIONS.filter((a) => MOVES[a].from === state);
}

/** The state `action` leads to from `state`, or null when not allowed. */
export function nextSprintState(state: number, action: SprintAction): number | null {
  return MOVES[action].from === state ? MOVES[action].to : null;
}

/** Why `action` is refused in `state`, for the 409 message. */
export function sprintRefusal(state: number, action: SprintAction): string {
  const allowed = sprintActions(state).map((a) => MOVES[a].label.toLowerCase());
  const from = sprintStateName(MOVES[action].from).toLowerCase();
  return `A sprint that is ${sprintStateName(state).toLowerCase()} cannot ${MOVES[action].label.toLowerCase()}: only a ${from} one can${
    allowed.length ? `; it may ${allowed.join(' or ')}` : ''
  }`;
}

/** Starting this many days or more before the start date asks first. */
export const EARLY_START_DAYS = 1;

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/**
 * What starting `sprint` on `today` does beyond the obvious, for the confirmation the web asks
 * before it starts one (docs/architecture.md "Iterations"): another sprint still running keeps
 * running beside it, and a start before the start date moves nothing but the burn-down, which
 * then begins today; a sprint whose end date has passed would have an empty burn-down. Empty:
 * start at once. The server does not refuse these (a team may start late on purpose); the web asks.
 */
export function startWarnings(
  sprint: { name: string; startDate: string; endDate: string },
  running: readonly { name: string }[],
  today: string,
): string[] {
  const warnings = running.map(
    (other) => `${other.name} is still in progress: it stays running, and both sprints are live at once.`,
  );
  const early = dayNumber(sprint.startDate) - dayNumber(today);
  if (sprint.endDate < today) {
    warnings.push(
      `${sprint.name} ended on ${sprint.endDate}: its burn-down will be empty. Change its dates first.`,
    );
  } else if (early >= EARLY_START_DAYS) {
    warnings.push(
      `${sprint.name} is planned to start on ${sprint.startDate}, ${early} day${early === 1 ? '' : 's'} from now: ` +
        'starting it now begins its burn-down today, and its dates stay as they are.',
    );
  }
  return warnings;
}
