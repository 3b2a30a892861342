/**
 * Notification email (docs/email.md "Notification email"), by the person's choice:
 *
 * - `immediately`: one mail when a notification opens, that is when it is new or a read one
 *   becomes unread again. Events folded into an unread notification send nothing, so a flood on
 *   one item mails once until the person reads it (the coalescing window).
 * - `daily`: the person is marked for the day (digest.ts mails the day's unread ones).
 * - `off`: nothing.
 *
 * Every mail carries an unsubscribe link (and the `List-Unsubscribe` header) that turns the
 * person's notification email off in that enterprise without signing in. The mail is queued on
 * the auth group's queue (core/mail): this job never waits for SMTP or SES.
 */
import { config } from '@core/config';
import { getEnterprise } from '@core/identity/store/enterprises';
import { getUser } from '@core/identity/store/users';
import { enqueueMail } from '@core/mail';
import { createLink } from '@core/mail/links';
import { subjectPath, subjectTitle } from '@shared/domain/notification-subjects';
import type { NotificationKind } from '@shared/schemas/notifications';
import type { NotificationRecord } from './store';

/** How long an unsubscribe link works: long, since people act on old mail. */
const UNSUBSCRIBE_LINK_DAYS = 180;

/** The embedded default's address when PUBLIC_ORIGIN is not set (as the seed script assumes). */
const LOCAL_ORIGIN = `http://localhost:${process.env.PORT ?? 3000}`;

/**
 * The address links in notification mail start with. A job has no request to take it from, so
 * it is PUBLIC_ORIGIN (always set in the cloud), else the embedded default's.
 */
export const mailOrigin = (): string => config.publicOrigin ?? LOCAL_ORIGIN;

const WHAT: Record<NotificationKind, string> = {
  assigned: 'assigned you',
  mentioned: 'mentioned you in',
  watchedStatus: 'changed the status of',
  watchedComment: 'commented on',
  sprintStarted: 'started the sprint',
  sprintCompleted: 'completed the sprint',
  testSheetAssigned: 'gave you the test sheet',
  reviewRequested: 'asked for your review of',
  weeklyReminder: 'Reminder: write your report',
  pipelineFailed: 'A pipeline run failed:',
};

/** "Ana commented on #12 Login fails (3 updates)". */
export function describeNotification(n: NotificationRecord, actorName: string | null): string {
  const who = actorName ? `${actorName} ` : '';
  const more = n.count > 1 ? ` (${n.count} updates)` : '';
  return `${who}${WHAT[n.kind]} ${subjectTitle(n.subject)}${more}`;
}

/** A new unsubscribe link for the person in the enterprise (a fresh token in each mail). */
async function unsubscribeLink(enterpriseId: string, user: { userId: string; email: string }) {
  const token = await createLink(
    'unsubscribe',
    `${enterpriseId}/${user.userId}`,
    user.email,
    UNSUBSCRIBE_LINK_DAYS * 86_400_000,
  );
  return `${mailOrigin()}/unsubscribe?token=${token}`;
}

/** The recipient and enterprise a mail needs; null when either is gone (nothing to send). */
async function mailContext(enterpriseId: string, userId: string) {
  const [user, enterprise] = await Promise.all([getUser(userId), getEnterprise(enterpriseId)]);
  if (!user || !enterprise) return null;
  return { user, enterprise, unsubscribeLink: await unsubscribeLink(enterpriseId, user) };
}

async function actorName(actorId: string | null): Promise<string | null> {
  if (!actorId) return null;
  return (await getUser(actorId))?.nickname ?? null;
}

/** Queues the mail of one notification that has just opened. */
export async function mailNotification(n: NotificationRecord): Promise<void> {
  const context = await mailContext(n.enterpriseId, n.userId);
  if (!context) return;
  const { user, enterprise, unsubscribeLink } = context;
  const line = describeNotification(n, await actorName(n.actorId));
  await enqueueMail({
    to: user.email,
    template: 'notification',
    data: {
      title: `${line} · ${enterprise.name}`,
      lines: n.excerpt ? [line, `“${n.excerpt}”`] : [line],
      link: `${mailOrigin()}${subjectPath(enterprise.identifier, n.subject)}`,
      unsubscribeLink,
    },
  });
}

/** Queues one person's digest of `day`: the notifications given, one line and link each. */
export async function mailDigest(
  enterpriseId: string,
  userId: string,
  day: string,
  notifications: NotificationRecord[],
): Promise<void> {
  const context = await mailContext(enterpriseId, userId);
  if (!context) return;
  const { user, enterprise, unsubscribeLink } = context;
  const items = [];
  for (const n of notifications) {
    items.push({
      line: describeNotification(n, await actorName(n.actorId)),
      link: `${mailOrigin()}${subjectPath(enterprise.identifier, n.subject)}`,
    });
  }
  const count = notifications.length;
  await enqueueMail({
    to: user.email,
    template: 'notification-digest',
    data: {
      title: `${count} unread notification${count === 1 ? '' : 's'} of ${day} · ${enterprise.name}`,
      items,
      inboxLink: `${mailOrigin()}/${enterprise.identifier}/notifications`,
      unsubscribeLink,
    },
  });
}
