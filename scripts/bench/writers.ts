/**
 * Writers in separate processes (as Lambda instances are: each serves one request at a time and
 * shares nothing with the others) writing to ONE project, and the same writers spread over many
 * projects. Each writer is a process with the whole app (scripts/bench/lib/writer-worker.ts)
 * creating and editing work items for a fixed time; DynamoDB Local is shared.
 *
 *   npm run bench:writers                          # 1, 4, 16 and 50 writers on one project
 *   BENCH_WRITERS=1,16 BENCH_SECONDS=5 npm run bench:writers
 *
 * Printed beside the floors measured in the same run: raw TransactWriteItems of the size of a
 * create (item, description, pointer, journal, change entry) back to back from one loop, and from
 * as many loops at once as each scenario has writers (what the database alone does under that
 * concurrency). Each writer makes a few writes before the measured ones (BENCH_WARMUP_WRITES, 3),
 * as a Lambda instance under sustained traffic has; a first request is the cold-start bench's.
 * Targets (docs/architecture.md "Writers do not collide"): 16 writers on one project at least the
 * single-writer rate, p95 < 500 ms, no 409 "too many changes"; 50 writers: no failures.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalStack } from '../lib/local-stack';
import { pct, table } from './lib/app-client';
import { type BenchWorld, benchWorld } from './lib/world';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WRITERS = (process.env.BENCH_WRITERS ?? '1,4,16,50').split(',').map(Number);
const SPREAD = Number(process.env.BENCH_SPREAD ?? 16);

interface Result {
  times: number[];
  statuses: Record<string, number>;
  tooMany: number;
  /** Writes that found what they relied on changed, and planned again. */
  retries: number;
  /** DynamoDB calls by command, and items read, over the whole run of the writer. */
  calls: Record<string, number>;
  items: number;
}

const scratchDir = mkdtempSync(join(tmpdir(), 'bench-writers-'));
console.log('Starting DynamoDB Local (in memory)...');
const stack = await startLocalStack({ scratchDir });
Object.assign(process.env, stack.env);
try {
  await run();
} finally {
  await stack.stop();
  rmSync(scratchDir, { recursive: true, force: true });
}

async function run(): Promise<void> {
  const { app } = await import('../../functions/src/app');
  const world = await benchWorld(app, SPREAD);
  const floor = await rawTransactionFloor(world, 1);
  // The floor for many writers: the same raw transactions from as many loops at once, so the
  // database's own queueing under that concurrency is measured beside the writers' figures.
  const crowdedFloors = new Map<number, Floor>();
  for (const w of WRITERS.filter((w) => w > 1)) crowdedFloors.set(w, await rawTransactionFloor(world, w));
  const rows: (string | number)[][] = [];
  const costs: (string | number)[][] = [];
  const summary = new Map<string, { rate: number; p95: number; tooMany: number; failed: number }>();
  const scenarios: [string, number, number][] = [
    ...WRITERS.map((w): [string, number, number] => [`${w} writer${w === 1 ? '' : 's'}, one project`, w, 1]),
    [`${SPREAD} writers, ${SPREAD} projects`, SPREAD, SPREAD],
  ];
  for (const [name, writers, projects] of scenarios) {
    const results = await scenario(world, writers, projects);
    const times = results.flatMap((r) => r.times);
    const statuses: Record<string, number> = {};
    for (const r of results)
      for (const [s, n] of Object.entries(r.statuses)) statuses[s] = (statuses[s] ?? 0) + n;
    const tooMany = results.reduce((n, r) => n + r.tooMany, 0);
    const failed = Object.entries(statuses).reduce(
      (n, [s, c]) => n + (s === '200' || s === '201' ? 0 : c),
      0,
    );
    const rate = times.length / SECONDS;
    const writes = Math.max(1, times.length);
    const retries = results.reduce((n, r) => n + r.retries, 0);
    const calls: Record<string, number> = {};
    for (const r of results) for (const [c, n] of Object.entries(r.calls)) calls[c] = (calls[c] ?? 0) + n;
    const callCount = Object.values(calls).reduce((a, b) => a + b, 0);
    const items = results.reduce((n, r) => n + r.items, 0);
    costs.push([
      name,
      (retries / writes).toFixed(2),
      (callCount / writes).toFixed(1),
      (items / writes).toFixed(1),
      Object.entries(calls)
        .sort((a, b) => b[1] - a[1])
        .map(([c, n]) => `${c.replace(/Command$/, '')} ${(n / writes).toFixed(1)}`)
        .join(', '),
    ]);
    summary.set(name, { rate, p95: pct(times, 95), tooMany, failed });
    rows.push([
      name,
      rate.toFixed(1),
      pct(times, 50).toFixed(0),
      pct(times, 95).toFixed(0),
      tooMany,
      Object.entries(statuses)
        .map(([s, c]) => `${s}×${c}`)
        .join(' '),
    ]);
    console.log(`  ${name}: ${rate.toFixed(1)} writes/s`);
  }
  console.log('');
  console.log(
    `Writes for ${SECONDS} s per scenario, each writer a process of its own (${cpus().length} cores).`,
  );
  console.log('');
  console.log(table(['scenario', 'writes/s', 'p50 ms', 'p95 ms', '409 too many', 'statuses'], rows));
  console.log('');
  console.log('What one successful write cost (whole request, including retries and catching up):');
  console.log(table(['scenario', 'retries', 'DynamoDB calls', 'items read', 'calls by command'], costs));
  console.log('');
  console.log(
    `Floor, same run: raw TransactWriteItems of a create's size from one process: ${floor.rate.toFixed(1)}/s, p50 ${floor.p50.toFixed(1)} ms, p95 ${floor.p95.toFixed(1)} ms`,
  );
  for (const [w, f] of crowdedFloors) {
    console.log(
      `Floor, same run: the same raw transactions from ${w} loops at once: ${f.rate.toFixed(1)}/s in all, p50 ${f.p50.toFixed(1)} ms, p95 ${f.p95.toFixed(1)} ms`,
    );
  }
  const single = summary.get('1 writer, one project');
  const sixteen = summary.get('16 writers, one project');
  const fifty = summary.get('50 writers, one project');
  if (single && sixteen) {
    const ok = sixteen.rate >= single.rate && sixteen.p95 < 500 && sixteen.tooMany === 0;
    console.log(
      `16 writers on one project: ${sixteen.rate.toFixed(1)}/s vs ${single.rate.toFixed(1)}/s alone, p95 ${sixteen.p95.toFixed(0)} ms, ${sixteen.tooMany} × 409 too many: ${ok ? 'met' : 'MISSED'}`,
    );
    if (!ok) process.exitCode = 1;
  }
  if (fifty) {
    console.log(
      `50 writers on one project: ${fifty.failed} failed writes: ${fifty.failed === 0 ? 'met' : 'MISSED'}`,
    );
    if (fifty.failed > 0) process.exitCode = 1;
  }
}

/** Starts `writers` processes over the first `projects` projects, lets them write, and collects. */
async function scenario(world: BenchWorld, writers: number, projects: number): Promise<Result[]> {
  const children: ChildProcess[] = [];
  const ready: Promise<void>[] = [];
  const done: Promise<Result>[] = [];
  for (let i = 0; i < writers; i += 1) {
    const person = world.people[i % world.people.length]!;
    const child = fork(join(import.meta.dirname, 'lib/writer-worker.ts'), [], {
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        BENCH_LOGIN: person.login,
        // The person's session, as a browser's requests reach any instance: signing in 50 times
        // at once would meet the sign-in throttle, which counts every attempt before its check.
        BENCH_COOKIE: person.call.cookieHeader(),
        BENCH_PMS: world.pms,
        BENCH_PROJECT: world.projects[i % projects]!.id,
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.push(child);
    ready.push(
      new Promise((resolve, reject) => {
        child.once('message', () => resolve());
        child.once('exit', (code) =>
          reject(new Error(`writer ${i} exited with ${code} before it was ready`)),
        );
      }),
    );
  }
  await Promise.all(ready);
  for (const child of children) {
    child.removeAllListeners('exit');
    done.push(new Promise((resolve) => child.once('message', (result: Result) => resolve(result))));
  }
  const deadline = Date.now() + SECONDS * 1000;
  for (const child of children) child.send({ deadline });
  return Promise.all(done);
}

interface Floor {
  rate: number;
  p50: number;
  p95: number;
}

/**
 * Raw TransactWriteItems of a create's size (five puts) back to back for a few seconds, from
 * `loops` loops at once (one process: the database is what is measured, not the callers).
 */
async function rawTransactionFloor(world: BenchWorld, loops: number): Promise<Floor> {
  const { ddb, TABLE } = await import('../../functions/src/core/db/client');
  const { TransactWriteCommand } = await import('@aws-sdk/lib-dynamodb');
  const times: number[] = [];
  const until = Date.now() + Math.min(SECONDS, 5) * 1000;
  const loop = async (l: number) => {
    const pk = `BENCHFLOOR#${world.enterprise.id}#${loops}#${l}`;
    for (let n = 0; Date.now() < until; n += 1) {
      const started = performance.now();
      await ddb.send(
        new TransactWriteCommand({
          TransactItems: ['ITEM', 'BODY', 'REF', 'JOURNAL', 'CHANGE'].map((kind) => ({
            Put: {
              TableName: TABLE,
              Item: { pk, sk: `${kind}#${n}`, title: `Floor write ${n}`, n },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          })),
        }),
      );
      times.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: loops }, (_, l) => loop(l)));
  return { rate: times.length / Math.min(SECONDS, 5), p50: pct(times, 50), p95: pct(times, 95) };
}
