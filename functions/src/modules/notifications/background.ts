/**
 * The notifications group's jobs: one subscriber per module that publishes activity
 * (`<group>.activity`, manifest), all delivering the same way (delivery.ts). A job runs at least
 * once; delivering the same event twice folds it once (the notification remembers its last event).
 */
import { defineSchedule, defineSubscriber } from '@core/jobs/jobs';
import type { ActivityEvent } from '@shared/schemas/notifications';
import { deliver } from './delivery';
import { runDigests } from './digest';

const run = async (event: ActivityEvent) => {
  await deliver(event);
};

export const fromIssues = defineSubscriber('notifications', 'issues.activity', run);
export const fromSprints = defineSubscriber('notifications', 'sprints.activity', run);
export const fromTestruns = defineSubscriber('notifications', 'testruns.activity', run);
export const fromRequirements = defineSubscriber('notifications', 'requirements.activity', run);
export const fromWeekly = defineSubscriber('notifications', 'weekly.activity', run);
export const fromPipelines = defineSubscriber('notifications', 'pipelines.activity', run);

/** The daily digest mails (digest.ts); hourly, so a day's digests go out early the next day. */
export const digest = defineSchedule('notifications', 'digest', async (now) => {
  await runDigests(now);
});

export const notificationsBackground = [
  digest,
  fromIssues,
  fromSprints,
  fromTestruns,
  fromRequirements,
  fromWeekly,
  fromPipelines,
] as const;
