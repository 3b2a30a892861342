/**
 * Turning one published event into notifications (docs/notifications.md): who hears of it (told
 * directly, mentioned, watching, in the project), with which kind, never the actor; each person's
 * preferences; and coalescing into one notification per person and subject.
 */
import { clock } from '@core/clock';
import { ConditionFailedError } from '@core/db/operations';
import { userSummaries } from '@core/identity/people';
import {
  type ActivityEvent,
  type EmailMode,
  type NotificationKind,
  READ_NOTIFICATION_DAYS,
} from '@shared/schemas/notifications';
import { mentionedLogins } from '../dashboard';
import { listProjectMembers } from '../projects';
import { mailNotification } from './email';
import * as db from './store';
import { watchersOf } from './watching';

/** When one person would hear of an event twice, the more personal kind wins. */
const RANK: Record<string, number> = { direct: 3, mentioned: 2, watchers: 1, project: 0 };

/** How many times a fold retries when another run wrote the same notification first. */
const FOLD_ATTEMPTS = 5;

/** Longest excerpt kept from a comment or description. */
const EXCERPT_LENGTH = 200;

interface Recipient {
  kind: NotificationKind;
  rank: number;
}

/** Delivers `event`: answers the user ids that got (or had folded into) a notification. */
export async function deliver(event: ActivityEvent): Promise<string[]> {
  const recipients = await recipientsOf(event);
  if (event.actorId) recipients.delete(event.actorId);
  const delivered: string[] = [];
  for (const [userId, recipient] of recipients) {
    const prefs = await db.getPreferences(event.enterpriseId, userId);
    if (prefs.off.includes(recipient.kind)) continue;
    const opened = await fold(event, userId, recipient.kind);
    await sendEmail(prefs.email, opened, {
      enterpriseId: event.enterpriseId,
      userId,
      day: event.at.slice(0, 10),
    });
    delivered.push(userId);
  }
  return delivered;
}

/**
 * The email side of one delivery, by the person's choice (email.ts): `immediately` mails a
 * notification that has just opened (never a fold into an unread one); `daily` marks the day for
 * the digest; `off` does nothing.
 */
async function sendEmail(mode: EmailMode, opened: db.NotificationRecord | null, due: db.DigestDue) {
  if (mode === 'immediately' && opened) await mailNotification(opened);
  if (mode === 'daily') await db.markDigestDue(due, clock.now());
}

async function recipientsOf(event: ActivityEvent): Promise<Map<string, Recipient>> {
  const out = new Map<string, Recipient>();
  const add = (userIds: Iterable<string | null>, kind: NotificationKind, rank: number) => {
    for (const userId of userIds) {
      if (!userId) continue;
      const known = out.get(userId);
      if (!known || known.rank < rank) out.set(userId, { kind, rank });
    }
  };
  const { enterpriseId, subject } = event;
  // The members are read only when the event needs them: most events (an edit, a status change)
  // tell watchers alone, and every event of a busy project would otherwise read its member list.
  const needsMembers =
    event.projectMembers || (event.mentionText && mentionedLogins(event.mentionText).size > 0);
  const members =
    subject.projectId && needsMembers ? await listProjectMembers(enterpriseId, subject.projectId) : [];
  if (event.projectMembers)
    add(
      members.map((m) => m.userId),
      event.projectMembers,
      RANK.project!,
    );
  if (event.watchers) {
    const watching = await watchersOf(enterpriseId, subject.type, subject.id, event.watchers.defaultWatchers);
    add(watching, event.watchers.kind, RANK.watchers!);
  }
  if (event.mentionText)
    add(await mentionedMembers(event.mentionText, members), 'mentioned', RANK.mentioned!);
  for (const told of event.direct ?? []) add(told.userIds, told.kind, RANK.direct!);
  return out;
}

/**
 * The project members `text` mentions. Logins of anyone else are dropped here, so a mention of
 * an outsider writes nothing and tells nobody who that login is.
 */
async function mentionedMembers(text: string, members: readonly { userId: string }[]): Promise<string[]> {
  const logins = mentionedLogins(text);
  if (logins.size === 0 || members.length === 0) return [];
  const people = await userSummaries(members.map((m) => m.userId));
  return [...people.values()].filter((p) => logins.has(p.login.toLowerCase())).map((p) => p.userId);
}

const eventKey = (event: ActivityEvent, kind: NotificationKind) =>
  `${event.at}#${event.actorId ?? ''}#${kind}`;

function excerptOf(event: ActivityEvent): string | null {
  const text = event.excerpt?.trim();
  if (!text) return null;
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1)}…` : text;
}

/**
 * Folds the event into the person's notification on its subject: a new one, or the unread one
 * counts one more and shows the latest event, or a read one becomes unread again with a count of 1.
 * Answers the notification when it opened (new, or unread again), null when the event folded into
 * an unread one or was folded before (the job ran twice).
 */
async function fold(
  event: ActivityEvent,
  userId: string,
  kind: NotificationKind,
): Promise<db.NotificationRecord | null> {
  const { enterpriseId, subject } = event;
  const key = eventKey(event, kind);
  for (let attempt = 1; attempt <= FOLD_ATTEMPTS; attempt++) {
    const current = await db.getNotification(enterpriseId, userId, subject.type, subject.id);
    if (current?.lastEventKey === key) return null; // the job ran twice
    const latest = { kind, subject, actorId: event.actorId, excerpt: excerptOf(event), lastEventKey: key };
    try {
      if (!current) {
        const record: db.NotificationRecord = {
          ...latest,
          enterpriseId,
          userId,
          count: 1,
          read: false,
          createdAt: event.at,
          updatedAt: event.at,
          version: 1,
          expiresAt: null,
        };
        if (await db.createNotification(record)) return record;
        continue;
      }
      const count = current.read ? 1 : current.count + 1;
      const next = { ...current, ...latest, count, read: false, updatedAt: event.at, expiresAt: null };
      await db.saveNotification(next, current.version);
      return current.read ? next : null;
    } catch (error) {
      if (!(error instanceof ConditionFailedError)) throw error;
    }
  }
  throw new Error(`Notification of ${userId} on ${subject.type} ${subject.id}: too many concurrent writes`);
}

/** When a notification read now expires (epoch seconds, the table's TTL). */
export function readExpiry(): number {
  return Math.floor(clock.now() / 1000) + READ_NOTIFICATION_DAYS * 86_400;
}
