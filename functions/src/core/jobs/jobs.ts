/**
 * Background work that must not run inside a person's request: jobs (one-off, queued, retried)
 * and schedules (recurring). A module defines them in its `background.ts`:
 *
 *   export const remind = defineJob('weekly', 'remind', async (payload: { weekId: string }) => ...);
 *   await remind.enqueue({ weekId });                // from a service: accepted, not yet run
 *   export const reminders = defineSchedule('weekly', 'reminders', async (now) => ...);
 *
 * and declares what the cloud must provision in functions/src/manifest.ts (`background`: the
 * group's queue, the queues it sends to, each schedule's period), so the stack never loads
 * module code.
 *
 * Where they run:
 * - In the cloud a group's jobs go to the group's SQS queue (`JOB_QUEUES`, set by the stack) and
 *   its schedules are EventBridge rules; both invoke the group's own Lambda function, whose
 *   handler (core/lambda/group-handler.ts) tells API, queue and schedule events apart. A job that
 *   throws is redelivered and lands in the dead-letter queue after MAX_JOB_ATTEMPTS.
 * - In the embedded default (`npm start`, the tests) jobs run in this process once the request
 *   that queued them has answered, with the same number of attempts, and schedules run on timers
 *   that the local server starts. Jobs still queued when the process stops are lost: acceptable
 *   for the one-machine default. Every job must be safe to run twice (SQS delivers at least once).
 */
import { backgroundOf, type EndpointGroupName, subscribersOf } from '../../manifest';
import { runUnaudited } from '../audit/context';
import { clock } from '../clock';
import { config } from '../config';
import { MAX_JOB_ATTEMPTS } from './attempts';

export type JobRunner<P> = (payload: P) => Promise<void>;
export type ScheduleRunner = (now: Date) => Promise<void>;

export interface Job<P> {
  /** `group.name`: the queue is the group's; the name is unique within it. */
  readonly type: string;
  readonly group: EndpointGroupName;
  /**
   * Queues the job; resolves once it is accepted (locally: at once), not once it has run.
   * `delaySeconds` (up to 900, SQS's limit) holds it back that long.
   */
  enqueue(payload: P, options?: { delaySeconds?: number }): Promise<void>;
}

export interface Schedule {
  readonly group: EndpointGroupName;
  readonly name: string;
  readonly everyMinutes: number;
}

/** What travels through a queue. */
export interface QueuedJob {
  type: string;
  payload: unknown;
}

const runners = new Map<string, JobRunner<unknown>>();
const schedules = new Map<string, Schedule & { run: ScheduleRunner }>();

/** Defines a job of `group`, once, in the group's background.ts. */
export function defineJob<P>(group: EndpointGroupName, name: string, run: JobRunner<P>): Job<P> {
  const type = `${group}.${name}`;
  if (runners.has(type)) throw new Error(`Job ${type} is defined twice`);
  if (!backgroundOf(group).queue) {
    throw new Error(`Job ${type}: declare background.queue for ${group} in functions/src/manifest.ts`);
  }
  runners.set(type, run as JobRunner<unknown>);
  return {
    type,
    group,
    enqueue: (payload, options) => send(group, { type, payload }, Math.min(900, options?.delaySeconds ?? 0)),
  };
}

/** Defines a schedule of `group`; its period is the manifest's (`background.schedules[name]`). */
export function defineSchedule(group: EndpointGroupName, name: string, run: ScheduleRunner): Schedule {
  const key = `${group}.${name}`;
  const declared = backgroundOf(group).schedules?.[name];
  if (!declared) {
    throw new Error(
      `Schedule ${key}: declare it in background.schedules of ${group} (functions/src/manifest.ts)`,
    );
  }
  if (schedules.has(key)) throw new Error(`Schedule ${key} is defined twice`);
  const schedule = { group, name, everyMinutes: declared.everyMinutes };
  schedules.set(key, { ...schedule, run });
  return schedule;
}

/**
 * Defines the job through which `group` receives `event` from the group that publishes it
 * (manifest: the publisher's `publishes`, this group's `subscribes`). Publishers never import
 * subscribers: `publish` reads the manifest, so a new subscriber needs no change to them.
 */
export function defineSubscriber<P>(group: EndpointGroupName, event: string, run: JobRunner<P>): Job<P> {
  if (!(backgroundOf(group).subscribes ?? []).includes(event)) {
    throw new Error(
      `Subscriber ${group} of ${event}: declare background.subscribes in functions/src/manifest.ts`,
    );
  }
  return defineJob(group, subscriberJobName(event), run);
}

const subscriberJobName = (event: string) => `on:${event}`;

/** Queues `payload` for every group subscribed to `event` (none: nothing happens). */
export async function publish(from: EndpointGroupName, event: string, payload: unknown): Promise<void> {
  if (!(backgroundOf(from).publishes ?? []).includes(event)) {
    throw new Error(`${from} publishes ${event}: declare background.publishes in functions/src/manifest.ts`);
  }
  await Promise.all(
    subscribersOf(event).map((group) =>
      send(group, { type: `${group}.${subscriberJobName(event)}`, payload }, 0),
    ),
  );
}

/** Runs one job now (the Lambda handler, and the local queue). */
export async function runJob(job: QueuedJob): Promise<void> {
  const run = runners.get(job.type);
  if (!run) throw new Error(`No job ${job.type} is defined in this function`);
  await run(job.payload);
}

/** Runs one schedule now (the Lambda handler, the local timers, and tests). */
export async function runSchedule(group: string, name: string): Promise<void> {
  const schedule = schedules.get(`${group}.${name}`);
  if (!schedule) throw new Error(`No schedule ${group}.${name} is defined in this function`);
  await schedule.run(new Date(clock.now()));
}

// ---- where jobs go ----------------------------------------------------------------------------

async function send(group: EndpointGroupName, job: QueuedJob, delaySeconds: number): Promise<void> {
  const queueUrl = config.jobQueues[group];
  if (queueUrl) {
    // The SQS client loads on first use, so functions that never queue work do not carry it.
    const { sendToQueue } = await import('./sqs');
    await sendToQueue(queueUrl, job, delaySeconds);
    return;
  }
  if (delaySeconds > 0) {
    // A held-back job waits on a timer that does not keep the process alive; drainJobs() does
    // not wait for it either (it is not queued yet).
    setTimeout(() => {
      localQueue.push({ ...job, attempt: 1 });
      pump();
    }, delaySeconds * 1000).unref();
    return;
  }
  localQueue.push({ ...job, attempt: 1 });
  pump();
}

interface LocalJob extends QueuedJob {
  attempt: number;
}

const localQueue: LocalJob[] = [];
let draining: Promise<void> | null = null;

/** Jobs that failed their last attempt in this process (the local dead-letter queue). */
export const deadJobs: { type: string; payload: unknown; error: string }[] = [];

function pump(): void {
  // A job is not the request that queued it: its writes are not recorded as that request's changes.
  draining ??= runUnaudited(drainLocal).finally(() => {
    draining = null;
    if (localQueue.length > 0) pump();
  });
}

async function drainLocal(): Promise<void> {
  // Not inside the request that queued it: the request answers first.
  await new Promise((resolve) => setImmediate(resolve));
  for (let job = localQueue.shift(); job; job = localQueue.shift()) {
    try {
      await runJob(job);
    } catch (error) {
      if (job.attempt < MAX_JOB_ATTEMPTS) {
        localQueue.push({ ...job, attempt: job.attempt + 1 });
        continue;
      }
      deadJobs.push({ type: job.type, payload: job.payload, error: String(error) });
      console.error(`Job ${job.type} failed ${job.attempt} times and was given up:`, error);
    }
  }
}

/** Resolves once every job queued in this process (and any they queued) has run: tests, seed. */
export async function drainJobs(): Promise<void> {
  while (draining || localQueue.length > 0) {
    if (!draining) pump();
    await draining;
  }
}

/**
 * Starts a timer for every schedule defined so far (the local server calls it after loading every
 * module); returns the function that stops them. A run still going when the next is due is not
 * started twice.
 */
export function startLocalSchedules(onError: (message: string, error: unknown) => void): () => void {
  const timers = [...schedules.values()].map((schedule) => {
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      runSchedule(schedule.group, schedule.name)
        .catch((error) => onError(`Schedule ${schedule.group}.${schedule.name} failed`, error))
        .finally(() => {
          busy = false;
        });
    }, schedule.everyMinutes * 60_000);
    timer.unref();
    return timer;
  });
  return () => {
    for (const timer of timers) clearInterval(timer);
  };
}
