/**
 * Cold starts: the first list page in a fresh process (a cold Lambda instance) for projects of
 * 1,000 to 100,000 work items. Each project gets its snapshot (modules/issues/snapshots.ts) and
 * then a few more changes, so the fresh process loads the snapshot from S3 and catches up through
 * the change log. Three fresh processes per size; the median is printed with what the first list
 * read from DynamoDB (round trips, items, bytes) and from S3, beside the floors measured in the
 * same run: a raw GET of the snapshot object and a raw 20-item Query.
 *
 *   npm run bench:cold-start                           # 1k, 10k, 50k, 100k
 *   BENCH_SIZES=1000,10000 npm run bench:cold-start
 *
 * Targets (docs/architecture.md, "Cold instances start from a snapshot"): 50,000 items < 1.5 s,
 * 100,000 items < 2.5 s.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { s3Client, startLocalStack } from '../lib/local-stack';
import { must, pct, table, timed } from './lib/app-client';
import { seedItems } from './lib/bulk-items';
import { BENCH_PASSWORD, type BenchWorld, benchWorld } from './lib/world';

const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,50000,100000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** Changes after the snapshot, which a fresh process catches up through. */
const CHANGES_AFTER = 30;
const TARGETS: Record<number, number> = { 50000: 1500, 100000: 2500 };

interface ColdRun {
  loadMs: number;
  firstListMs: number;
  total: number;
  calls: number;
  items: number;
  bytes: number;
  fromSnapshot: boolean;
}

const scratchDir = mkdtempSync(join(tmpdir(), 'bench-cold-'));
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
  const { takeSnapshot } = await import('../../functions/src/modules/issues/snapshots');
  const { getCounters } = await import('../../functions/src/modules/issues/store/counters');
  const world = await benchWorld(app, SIZES.length);
  const rows: (string | number)[][] = [];
  let missed = false;
  for (const [i, size] of SIZES.entries()) {
    const project = world.projects[i]!;
    const seedStarted = performance.now();
    const ids = await seedItems(world, project.id, size, 42 + i);
    if (!(await takeSnapshot(world.enterprise.id, project.id, 0))) throw new Error('no snapshot taken');
    await changeSome(world, ids.slice(-CHANGES_AFTER));
    console.log(
      `  ${size} items seeded and snapshotted in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`,
    );
    const { snapshot } = await getCounters(world.enterprise.id, project.id);
    const floor = await rawFloors(world, project.id, snapshot!.key);
    const runs: ColdRun[] = [];
    for (let r = 0; r < RUNS; r += 1) runs.push(await coldList(world, project.id));
    if (runs.some((run) => run.total !== size || !run.fromSnapshot)) {
      throw new Error(
        `a fresh process listed ${runs.map((run) => run.total)} items (expected ${size}) or skipped the snapshot`,
      );
    }
    const median = (pick: (run: ColdRun) => number) => pct(runs.map(pick), 50);
    const first = median((run) => run.firstListMs);
    const target = TARGETS[size];
    if (target && first >= target) missed = true;
    rows.push([
      size.toLocaleString('en'),
      first.toFixed(0),
      target ? `< ${target}` : '',
      median((run) => run.loadMs).toFixed(0),
      median((run) => run.calls),
      median((run) => run.items),
      (median((run) => run.bytes) / 1024).toFixed(0),
      (floor.snapshotBytes / 1024).toFixed(0),
      floor.s3Ms.toFixed(0),
      floor.queryMs.toFixed(1),
    ]);
  }
  console.log('');
  console.log(
    `First list page in a fresh process, median of ${RUNS}; the project changed ${CHANGES_AFTER} times after its snapshot.`,
  );
  console.log('');
  console.log(
    table(
      [
        'items',
        'first list ms',
        'target',
        'app load ms',
        'DynamoDB calls',
        'items read',
        'KB read',
        'snapshot KB (S3)',
        'floor: raw S3 GET ms',
        'floor: raw 20-item Query ms',
      ],
      rows,
    ),
  );
  if (missed) {
    console.log('A target was MISSED.');
    process.exitCode = 1;
  }
}

/** Edits the last items through the API: changes a fresh process must catch up through. */
async function changeSome(world: BenchWorld, ids: string[]): Promise<void> {
  for (const id of ids) {
    const item = await must(world.owner.call('GET', `${world.pms}/pmsProjectIssues/${id}`), 200);
    await must(
      world.owner.call('PUT', `${world.pms}/pmsProjectIssues/edit/${id}`, {
        version: item.version,
        title: `${item.title} (changed after the snapshot)`,
      }),
      200,
    );
  }
}

/** A fresh process's first list of the project. */
function coldList(world: BenchWorld, projectId: string): Promise<ColdRun> {
  const child = fork(join(import.meta.dirname, 'lib/cold-list-worker.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      BENCH_LOGIN: world.owner.login,
      BENCH_PASSWORD,
      BENCH_PMS: world.pms,
      BENCH_PROJECT: projectId,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (result: ColdRun) => resolve(result));
    child.once('exit', (code) => reject(new Error(`cold process exited with ${code} before answering`)));
  });
}

/** The raw floors: the snapshot object read with a bare S3 GET, a bare 20-item Query of the project. */
async function rawFloors(world: BenchWorld, projectId: string, key: string) {
  const { GetObjectCommand } = await import('@aws-sdk/client-s3');
  const { ddb, TABLE } = await import('../../functions/src/core/db/client');
  const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
  const { config } = await import('../../functions/src/core/config');
  const { projectPartition } = await import('../../functions/src/core/db/keys');
  const s3 = s3Client(stack.s3Endpoint);
  let snapshotBytes = 0;
  const s3Times: number[] = [];
  const queryTimes: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    s3Times.push(
      await timed(async () => {
        const out = await s3.send(new GetObjectCommand({ Bucket: config.filesBucket, Key: key }));
        snapshotBytes = (await out.Body!.transformToByteArray()).length;
      }),
    );
    queryTimes.push(
      await timed(() =>
        ddb.send(
          new QueryCommand({
            TableName: TABLE,
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': projectPartition(world.enterprise.id, projectId) },
            Limit: 20,
            ConsistentRead: true,
          }),
        ),
      ),
    );
  }
  return { snapshotBytes, s3Ms: pct(s3Times, 50), queryMs: pct(queryTimes, 50) };
}
