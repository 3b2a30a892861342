/**
 * The "on push" fan-out. Every ref update the repositories group ingests is published as the
 * event `repositories.push`; a group that wants pushes (pipelines) declares
 * `subscribes: ['repositories.push']` in its manifest entry and defines its handler with
 * `defineSubscriber(group, PUSH_EVENT, async (push: PushEvent) => ...)` (core/jobs). This module
 * never imports a subscriber: the manifest says who subscribes, and each gets a job on its own
 * queue (in-process locally), so one subscriber's failure is retried without the others.
 */
import { publish } from '@core/jobs/jobs';

export const PUSH_EVENT = 'repositories.push';

/** One branch's update, after its commits were ingested. */
export interface PushEvent {
  enterpriseId: string;
  repositoryId: string;
  /** `refs/heads/main` */
  ref: string;
  before: string;
  /** The zero id when the branch was deleted. */
  after: string;
  /** The commits it brought, newest first (at most MAX_COMMITS_PER_UPDATE). */
  commits: string[];
}

export function publishPush(event: PushEvent): Promise<void> {
  return publish('repositories', PUSH_EVENT, event);
}
