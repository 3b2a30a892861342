/**
 * The daily digest (docs/email.md "Notification email"): a person who chose `daily` gets, once a
 * day, one mail listing their notifications of the previous UTC day that are still unread.
 *
 * Delivery marks the person for the day of each notification it opens or folds (store:
 * `NTFDIGEST#{day}#{userId}`). The run (schedule `notifications.digest`, every hour: EventBridge
 * in the cloud, a timer of the local server) looks at the days before today that may still be
 * due, claims each mark with one conditional write (two runs never mail twice) and queues the
 * mail. A person who read everything, or switched away from `daily` since, gets nothing.
 */
import { nowIso } from '@core/clock';
import { mailDigest } from './email';
import * as db from './store';

/** Days back the run looks: yesterday, and the day before in case every run of a day failed. */
const DAYS_LOOKED_BACK = 2;

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` (UTC) of an instant. */
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The person's notifications of `day` that are still unread, newest first. */
export async function unreadOfDay(enterpriseId: string, userId: string, day: string) {
  const all = await db.listNotifications(enterpriseId, userId);
  return all
    .filter((n) => !n.read && n.updatedAt.slice(0, 10) === day)
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

/** Sends one marked digest if it is still due; answers whether a mail was queued. */
async function sendDigest(due: db.DigestDue): Promise<boolean> {
  if (!(await db.claimDigest(due, nowIso()))) return false;
  const prefs = await db.getPreferences(due.enterpriseId, due.userId);
  if (prefs.email !== 'daily') return false;
  const unread = await unreadOfDay(due.enterpriseId, due.userId, due.day);
  if (unread.length === 0) return false;
  await mailDigest(due.enterpriseId, due.userId, due.day, unread);
  return true;
}

/**
 * The schedule's run: every digest due on the days before `now`'s. One person failing does not
 * stop the others; the run throws at the end so the failure is seen (and the schedule retried).
 * Answers how many mails were queued.
 */
export async function runDigests(now: Date): Promise<number> {
  let sent = 0;
  const failures: unknown[] = [];
  for (let back = 1; back <= DAYS_LOOKED_BACK; back++) {
    const day = utcDay(now.getTime() - back * DAY_MS);
    for (const due of await db.listDigestsDue(day)) {
      try {
        if (await sendDigest(due)) sent++;
      } catch (error) {
        failures.push(error);
        console.error(
          JSON.stringify({ level: 'error', schedule: 'notifications.digest', ...due, error: String(error) }),
        );
      }
    }
  }
  if (failures.length > 0) throw new Error(`notifications.digest: ${failures.length} digests failed`);
  return sent;
}
