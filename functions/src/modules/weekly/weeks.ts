/**
 * Weeks in the enterprise's time zone: Monday 00:00 to the next Monday 00:00 there (so a Sunday
 * 23:30 in UTC+8 is still that week, though it is Sunday 15:30 UTC). A week is named by its
 * Monday; it stays open for reports until the end of the following week.
 */
import { clock } from '@core/clock';
import { addDays, mondayOf, sundayOf, weekLabel } from '@shared/domain/weekly';
import type { WeekInfo } from '@shared/schemas/weekly';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

export interface Week {
  /** Its Monday, `YYYY-MM-DD`, in the time zone. */
  start: string;
  timeZone: string;
  /** Epoch ms of its Monday 00:00 and of the next Monday 00:00 (exclusive). */
  startsAt: number;
  endsAt: number;
}

/** The instant of `date` at `time` (`HH:mm`) in `timeZone`. */
export function instantOf(date: string, time: string, timeZone: string): number {
  return dayjs.tz(`${date} ${time}`, timeZone).valueOf();
}

/** The calendar date of an instant in `timeZone`. */
export function dateIn(instant: number, timeZone: string): string {
  return dayjs(instant).tz(timeZone).format('YYYY-MM-DD');
}

const known = new Map<string, Week>();

/** The week of `monday` in `timeZone` (kept: time-zone arithmetic is the slow part of a view). */
export function weekStarting(monday: string, timeZone: string): Week {
  const key = `${monday}@${timeZone}`;
  const found = known.get(key);
  if (found) return found;
  const week = {
    start: monday,
    timeZone,
    startsAt: instantOf(monday, '00:00', timeZone),
    endsAt: instantOf(addDays(monday, 7), '00:00', timeZone),
  };
  if (known.size >= 5000) known.clear();
  known.set(key, week);
  return week;
}

/** The week an instant falls in. */
export function weekOf(instant: number, timeZone: string): Week {
  return weekStarting(mondayOf(dateIn(instant, timeZone)), timeZone);
}

/** The week of now. */
export const currentWeek = (timeZone: string) => weekOf(clock.now(), timeZone);

/** Whether an ISO instant falls in the week. */
export function inWeek(week: Week, iso: string | null | undefined): boolean {
  if (!iso) return false;
  const at = Date.parse(iso);
  return at >= week.startsAt && at < week.endsAt;
}

/** Reports of the week can be written until the end of the following week. */
export const closesAt = (week: Week) => instantOf(addDays(week.start, 14), '00:00', week.timeZone);

export const isFuture = (week: Week) => week.startsAt > clock.now();
export const isClosed = (week: Week) => clock.now() >= closesAt(week);

/** The week as the API shows it. */
export function weekInfo(week: Week): WeekInfo {
  const current = currentWeek(week.timeZone);
  const next = addDays(week.start, 7);
  return {
    weekStart: week.start,
    weekEnd: sundayOf(week.start),
    label: weekLabel(week.start),
    timeZone: week.timeZone,
    startsAt: new Date(week.startsAt).toISOString(),
    endsAt: new Date(week.endsAt).toISOString(),
    closesAt: new Date(closesAt(week)).toISOString(),
    state: week.start === current.start ? 'current' : isClosed(week) ? 'closed' : 'open',
    next: next <= current.start ? next : null,
    previous: addDays(week.start, -7),
  };
}
