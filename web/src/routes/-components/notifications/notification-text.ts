import { subjectPath, subjectTitle } from '@shared/domain/notification-subjects';
import type { Notification, NotificationKind } from '@shared/schemas/notifications';

const WHAT: Record<NotificationKind, string> = {
  assigned: 'assigned you',
  mentioned: 'mentioned you',
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
export function describeNotification(n: Notification): string {
  const who = n.actor ? `${n.actor.nickname} ` : '';
  return `${who}${WHAT[n.kind]} ${subjectTitle(n.subject)}`;
}

/** The page that shows what the notification is about. */
export function notificationHref(identifier: string, n: Notification): string {
  return subjectPath(identifier, n.subject);
}

/** The kinds in the order the preferences list them, with their labels. */
export const KIND_LABELS: [NotificationKind, string][] = [
  ['assigned', 'A work item is assigned to me'],
  ['mentioned', 'Someone @mentions me'],
  ['watchedStatus', 'Status changes on items I watch'],
  ['watchedComment', 'Comments on items I watch'],
  ['sprintStarted', 'A sprint of my project starts'],
  ['sprintCompleted', 'A sprint of my project completes'],
  ['testSheetAssigned', 'A test sheet is given to me'],
  ['reviewRequested', 'My review is requested'],
  ['weeklyReminder', 'Weekly report reminders'],
  ['pipelineFailed', 'A pipeline run I started or whose commit I wrote fails'],
];
