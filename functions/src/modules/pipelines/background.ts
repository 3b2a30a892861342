/**
 * The pipelines group's background work: a push the repositories group ingested
 * (`repositories.push`, one job per branch update) starts the runs of the pipelines whose
 * trigger names the branch; the minute's tick (`cron`, every minute: an EventBridge rule in the
 * cloud, a timer of the local server) starts those whose cron expression names the minute.
 * Safe to run twice: each pipeline claims the pushed commit, and the cron minute, once.
 */
import { defineSchedule, defineSubscriber } from '@core/jobs/jobs';
import { PUSH_EVENT, type PushEvent } from '../repositories';
import { startCronRuns, startPushedRuns } from './runs';

export const onPush = defineSubscriber('pipelines', PUSH_EVENT, (push: PushEvent) => startPushedRuns(push));

export const cronTick = defineSchedule('pipelines', 'cron', (now) => startCronRuns(now));

export const pipelinesBackground = [onPush, cronTick] as const;
