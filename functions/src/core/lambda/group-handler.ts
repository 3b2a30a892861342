/**
 * A group's Lambda entry: one function serves the group's API routes (API Gateway events), runs
 * its queued jobs (SQS events) and its schedules (EventBridge rules whose input names the
 * schedule, `{ "schedule": "<name>" }`), so each group stays one function with one role.
 */
import type { Hono } from 'hono';
import { handle } from 'hono/aws-lambda';
import { type Job, type QueuedJob, runJob, runSchedule, type Schedule } from '../jobs/jobs';

interface SqsEvent {
  Records: { eventSource: string; messageId: string; body: string }[];
}

interface ScheduleEvent {
  schedule: string;
}

/** The answer SQS reads with ReportBatchItemFailures: only these messages are delivered again. */
export interface BatchResponse {
  batchItemFailures: { itemIdentifier: string }[];
}

const isSqsEvent = (event: unknown): event is SqsEvent =>
  Array.isArray((event as SqsEvent | null)?.Records) &&
  (event as SqsEvent).Records.every((record) => record.eventSource === 'aws:sqs');

const isScheduleEvent = (event: unknown): event is ScheduleEvent =>
  typeof (event as ScheduleEvent | null)?.schedule === 'string';

async function runBatch(event: SqsEvent): Promise<BatchResponse> {
  const failures: BatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    try {
      await runJob(JSON.parse(record.body) as QueuedJob);
    } catch (error) {
      console.error(JSON.stringify({ level: 'error', job: record.messageId, error: String(error) }));
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
}

/**
 * The handler of `group`'s function, around its Hono app. `background` is what the group's
 * background.ts defines (its jobs and schedules): passing it keeps those definitions in the
 * bundle, whose module files are marked free of side effects.
 */
export function groupHandler(
  group: string,
  // biome-ignore lint/suspicious/noExplicitAny: Hono apps of every group's environment
  app: Hono<any, any, any>,
  background: readonly (Job<never> | Schedule)[] = [],
) {
  if (background.length === 0)
    throw new Error(`${group}: a group without background work needs no groupHandler`);
  const http = handle(app);
  return async (event: unknown, context: unknown): Promise<unknown> => {
    if (isSqsEvent(event)) return runBatch(event);
    if (isScheduleEvent(event)) return runSchedule(group, event.schedule);
    return http(event as Parameters<typeof http>[0], context as Parameters<typeof http>[1]);
  };
}
