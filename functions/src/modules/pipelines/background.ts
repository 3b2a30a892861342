/**
 * The pipelines group's background work: a push the repositories group ingested
 * (`repositories.push`, one job per branch update) starts the runs of the pipelines whose
 * trigger names the branch. Safe to run twice: each pipeline claims the pushed commit once.
 */
import { defineSubscriber } from '@core/jobs/jobs';
import { PUSH_EVENT, type PushEvent } from '../repositories';
import { startPushedRuns } from './runs';

export const onPush = defineSubscriber('pipelines', PUSH_EVENT, (push: PushEvent) => startPushedRuns(push));

export const pipelinesBackground = [onPush] as const;
