/**
 * Whether a cron trigger names a minute (docs/pipelines.md "Cron"). Its own file, loaded by the
 * minute's tick only, so the parser stays out of the function's bundle for every other call.
 */
import { Cron } from 'croner';

/** Whether a five-field cron expression names the minute of `at`, read in UTC (croner: day of month OR weekday, as cron). */
export function cronMatches(expression: string, at: Date): boolean {
  const minute = new Date(Math.floor(at.getTime() / 60_000) * 60_000);
  return new Cron(expression, { timezone: 'UTC', paused: true }).match(minute);
}
