/**
 * When the server starts a sprint only on the caller's word (docs/architecture.md "Iterations",
 * "Starting a sprint"). The web asks first in these cases (`startWarnings` in
 * shared/src/domain/sprint-workflow.ts) and then sends `confirmStart: true`; a caller that did
 * not ask gets a 409 that says why, so a script cannot start one by accident.
 */
import { ITERATION_STATE } from '@shared/domain/sprint-workflow';

/**
 * Days ahead of its start date from which a start needs the flag. The web asks from one day
 * ahead in the user's time zone; the server counts in UTC, so it gives that day of slack and never
 * refuses what the web started without asking.
 */
export const EARLY_START_NEEDS_FLAG_DAYS = 2;

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

interface SprintDates {
  name: string;
  startDate: string;
}

/**
 * Why starting `sprint` on `today` (UTC, YYYY-MM-DD) needs the caller's confirmation: another
 * sprint of the project in progress (it stays running beside this one), or a start two days or
 * more before the start date (the burn-down then begins today). Empty: it starts as asked.
 */
export function startNeedsConfirmation(
  sprint: SprintDates,
  others: readonly { name: string; status: number }[],
  today: string,
): string[] {
  const reasons = others
    .filter((other) => other.status === ITERATION_STATE.inProgress)
    .map((other) => `${other.name} is in progress and would stay running beside it`);
  const early = dayNumber(sprint.startDate) - dayNumber(today);
  if (early >= EARLY_START_NEEDS_FLAG_DAYS) {
    reasons.push(`it is planned to start on ${sprint.startDate}, ${early} days from now`);
  }
  return reasons;
}

/** The 409 message for a start that needs confirmation. */
export function startRefusalMessage(sprint: SprintDates, reasons: readonly string[]): string {
  return `Sprint ${sprint.name} was not started: ${reasons.join('; ')}. Send confirmStart: true to start it anyway`;
}
