/**
 * One writer process of the multi-process writer bench (scripts/bench/writers.ts), standing in
 * for one Lambda instance: the whole app in-process, one request at a time, with the session of
 * one of the bench's people that the parent made. After a few writes of warm-up it writes to its
 * project until the deadline the parent sends: creates, and edits of the items it created, and
 * reports each write's time and status.
 */
import { appClient } from './app-client';
import { meterDynamo } from './dynamo-meter';

interface Go {
  deadline: number;
}

const env = process.env;
const { app } = await import('../../../functions/src/app');
const { writeStats } = await import('../../../functions/src/modules/issues/write-loop');
const meter = await meterDynamo();
const call = appClient(app, env.BENCH_COOKIE);
const me = await call('GET', '/api/auth/me');
if (me.status !== 200) throw new Error(`the session of ${env.BENCH_LOGIN} does not work here: ${me.status}`);
const base = `${env.BENCH_PMS}/pmsProjectIssues`;
const projectId = env.BENCH_PROJECT!;

const mine: { id: string; version: number }[] = [];
const times: number[] = [];
const statuses: Record<string, number> = {};
let tooMany = 0;
let n = 0;

async function oneWrite(): Promise<void> {
  n += 1;
  const edit = mine.length > 0 && n % 3 === 0;
  const target = edit ? mine[n % mine.length]! : undefined;
  const started = performance.now();
  const res = target
    ? await call('PUT', `${base}/edit/${target.id}`, {
        version: target.version,
        title: `Edited ${n} by ${env.BENCH_LOGIN}`,
      })
    : await call('POST', `${base}/add`, {
        pmsProjectId: projectId,
        pmIssueType: 2,
        title: `Task ${n} of ${env.BENCH_LOGIN}`,
      });
  const ms = performance.now() - started;
  statuses[res.status] = (statuses[res.status] ?? 0) + 1;
  if (res.status === 200 || res.status === 201) {
    times.push(ms);
    const data = res.body.data as { id: string; version: number };
    if (target) target.version = data.version;
    else mine.push({ id: data.id, version: data.version });
  } else if (res.status === 409 && String(res.body?.message ?? '').startsWith('Too many changes')) {
    tooMany += 1;
  }
}

// A few writes before the measured ones, as a Lambda instance under sustained traffic has served
// requests before (its code compiled, its copy of the project loaded): the bench measures
// contention, not a process's first request (scripts/bench/cold-start.ts measures that).
const WARMUP_WRITES = Number(env.BENCH_WARMUP_WRITES ?? 3);
for (let w = 0; w < WARMUP_WRITES; w += 1) await oneWrite();
times.length = 0;
for (const status of Object.keys(statuses)) delete statuses[status];
tooMany = 0;

process.on('message', async (message: Go) => {
  meter.reset();
  writeStats.retries = 0;
  while (Date.now() < message.deadline) await oneWrite();
  const calls = Object.fromEntries(meter.byCommand);
  process.send!({ times, statuses, tooMany, retries: writeStats.retries, calls, items: meter.items }, () =>
    process.exit(0),
  );
});
process.send!({ ready: true });
