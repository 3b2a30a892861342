import { formatShortDate } from '@shared/format';

/** "05.01 – 06.30", "From 05.01", "Until 06.30" or "No dates" (dates per spec section 9). */
export function planDateRange(
  startDate: string | null,
  endDate: string | null,
  now: Date = new Date(),
): string {
  const start = startDate ? formatShortDate(startDate, now) : null;
  const end = endDate ? formatShortDate(endDate, now) : null;
  if (start && end) return `${start} – ${end}`;
  if (start) return `From ${start}`;
  if (end) return `Until ${end}`;
  return 'No dates';
}

/** Whole days from `today` to `endDate` (both YYYY-MM-DD): negative once it has passed. */
export function daysUntil(endDate: string, today: string): number {
  return Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** "Ends today", "3 days left", "Ended 2 days ago": how an open plan stands against its end. */
export function endHint(endDate: string, today: string): string {
  const days = daysUntil(endDate, today);
  if (days === 0) return 'Ends today';
  if (days > 0) return days === 1 ? '1 day left' : `${days} days left`;
  return days === -1 ? 'Ended yesterday' : `Ended ${-days} days ago`;
}

/** Today as YYYY-MM-DD in the viewer's time zone (plans' dates are calendar days). */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
