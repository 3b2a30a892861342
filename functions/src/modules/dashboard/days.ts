/**
 * The desk's calendar: "today" is the enterprise's day (its time zone, UTC by default), so an item
 * due today is not overdue in the evening of a team east of Greenwich. Due states compare calendar
 * dates only.
 */
import { clock } from '@core/clock';
import { addDays } from '@shared/domain/weekly';
import { DUE_SOON_DAYS, type DueState } from '@shared/schemas/dashboard';

/** The calendar date of `instant` in `timeZone` (en-CA writes dates as YYYY-MM-DD). */
export function dayIn(instant: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** Today in the enterprise's time zone. */
export function todayIn(timeZone: string | undefined): string {
  return dayIn(clock.now(), timeZone || 'UTC');
}

/**
 * Overdue: the end date has passed. Due soon: it ends today or within DUE_SOON_DAYS - 1 days
 * after (3 days: today, tomorrow, the day after). Later: further on. None: no end date.
 */
export function dueState(endDate: string | null, today: string): DueState {
  if (!endDate) return 'none';
  if (endDate < today) return 'overdue';
  return endDate <= lastSoonDay(today) ? 'dueSoon' : 'later';
}

// The last day that is due soon, worked out once per day (a desk judges thousands of items).
let soon = { today: '', last: '' };
function lastSoonDay(today: string): string {
  if (soon.today !== today) soon = { today, last: addDays(today, DUE_SOON_DAYS - 1) };
  return soon.last;
}

/** Whole days from `today` to `day` (negative when it is past). */
export function daysFrom(today: string, day: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}
