import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

/** "3 minutes ago", "2 days ago": how long ago something happened. */
export function fromNow(value: string | Date, now: Date = new Date()): string {
  return dayjs(value).from(now);
}

/** The exact moment, for a tooltip next to a relative time. */
export function fullDateTime(value: string | Date): string {
  return dayjs(value).format('YYYY-MM-DD HH:mm');
}
