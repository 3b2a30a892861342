import { afterEach, describe, expect, it, vi } from 'vitest';

// A manifest with one group that has a queue and a schedule, as a module would declare it.
vi.mock('../../manifest', () => ({
  backgroundOf: (name: string) =>
    name === 'probe' ? { queue: true, schedules: { tidy: { everyMinutes: 5 } } } : {},
}));

const jobs = await import('./jobs');
const { MAX_JOB_ATTEMPTS } = await import('./attempts');
const { groupHandler } = await import('../lambda/group-handler');
const { Hono } = await import('hono');

// biome-ignore lint/suspicious/noExplicitAny: the probe group is not a real group name
const probe = 'probe' as any;
let unique = 0;
const name = () => {
  unique += 1;
  return `job${unique}`;
};

afterEach(() => {
  jobs.deadJobs.length = 0;
});

describe('local jobs', () => {
  it('runs a job after the caller goes on, never inside its call', async () => {
    const ran: number[] = [];
    const job = jobs.defineJob(probe, name(), async (payload: { n: number }) => {
      ran.push(payload.n);
    });
    await job.enqueue({ n: 1 });
    await job.enqueue({ n: 2 });
    expect(ran).toEqual([]);
    await jobs.drainJobs();
    expect(ran).toEqual([1, 2]);
  });

  it('tries a failing job again, up to the attempt limit, then keeps it as dead', async () => {
    let attempts = 0;
    const flaky = jobs.defineJob(probe, name(), async () => {
      attempts += 1;
      if (attempts < 3) throw new Error('not yet');
    });
    await flaky.enqueue({});
    await jobs.drainJobs();
    expect(attempts).toBe(3);
    expect(jobs.deadJobs).toEqual([]);

    let tries = 0;
    const broken = jobs.defineJob(probe, name(), async () => {
      tries += 1;
      throw new Error('always');
    });
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await broken.enqueue({ id: 7 });
    await jobs.drainJobs();
    quiet.mockRestore();
    expect(tries).toBe(MAX_JOB_ATTEMPTS);
    expect(jobs.deadJobs).toEqual([{ type: broken.type, payload: { id: 7 }, error: 'Error: always' }]);
  });

  it('waits for jobs that jobs queue', async () => {
    const seen: string[] = [];
    const second = jobs.defineJob(probe, name(), async () => {
      seen.push('second');
    });
    const first = jobs.defineJob(probe, name(), async () => {
      seen.push('first');
      await second.enqueue({});
    });
    await first.enqueue({});
    await jobs.drainJobs();
    expect(seen).toEqual(['first', 'second']);
  });

  it('refuses jobs and schedules the manifest does not declare', () => {
    // biome-ignore lint/suspicious/noExplicitAny: a group without background work
    expect(() => jobs.defineJob('auth' as any, 'x', async () => undefined)).toThrow(/background.queue/);
    expect(() => jobs.defineSchedule(probe, 'nightly', async () => undefined)).toThrow(
      /background.schedules/,
    );
  });
});

describe('a group handler', () => {
  const ran: unknown[] = [];
  const job = jobs.defineJob(probe, 'handled', async (payload: { ok: boolean }) => {
    if (!payload.ok) throw new Error('bad payload');
    ran.push(payload);
  });
  const tidied: Date[] = [];
  const tidy = jobs.defineSchedule(probe, 'tidy', async (now) => {
    tidied.push(now);
  });
  const app = new Hono().get('/api/ping', (c) => c.json({ pong: true }, 200));
  const handler = groupHandler('probe', app, [job, tidy]);

  it('runs the jobs of an SQS batch and reports only the failed messages', async () => {
    const record = (messageId: string, payload: unknown) => ({
      eventSource: 'aws:sqs',
      messageId,
      body: JSON.stringify({ type: job.type, payload }),
    });
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const answer = await handler(
      { Records: [record('m1', { ok: true }), record('m2', { ok: false }), record('m3', { ok: true })] },
      {},
    );
    quiet.mockRestore();
    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: 'm2' }] });
    expect(ran).toEqual([{ ok: true }, { ok: true }]);
  });

  it('runs the schedule a rule names, and still answers API events', async () => {
    await handler({ schedule: 'tidy' }, {});
    expect(tidied).toHaveLength(1);
    expect(tidy.everyMinutes).toBe(5);
    const response = (await handler(
      {
        version: '2.0',
        routeKey: '$default',
        rawPath: '/api/ping',
        rawQueryString: '',
        headers: { host: 'example.test' },
        requestContext: {
          http: { method: 'GET', path: '/api/ping', sourceIp: '127.0.0.1' },
          stage: '$default',
        },
        isBase64Encoded: false,
      },
      {},
    )) as { statusCode: number; body: string };
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ pong: true });
  });
});
