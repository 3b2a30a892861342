/**
 * Work-desk benchmark: one member in 20 projects of 10,000 work items each (an in-memory DynamoDB
 * Local and S3 emulator), whose desk is every dashboard call the page makes, fired at once as the
 * browser does, through the whole HTTP app (in-process `app.request`: routing, validation,
 * session, tenant lookup, the handlers). Beside it, in the same run, the floor: what any design
 * must read to know a desk is current, a raw strongly consistent BatchGetItem of the 20 projects'
 * counters items.
 *
 *   npm run bench:desk                                    # 20 projects × 10,000 items
 *   BENCH_PROJECTS=5 BENCH_ITEMS=2000 npm run bench:desk   # a smaller world
 *
 * Target (docs/work-desk.md, "Figures"): a warm desk's p95 < 200 ms. The items are written by the
 * work-item store's bulk writer (scripts/bench/lib/bulk-items.ts: exactly what the API's create
 * writes) and each project is snapshotted, so a cold desk loads the snapshots as a fresh Lambda
 * instance would; people, projects, sprints, comments, todos and the product go through the API.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalStack } from '../lib/local-stack';
import { type Call, must, pct, table, timed } from './lib/app-client';
import { seedItems } from './lib/bulk-items';
import { type BenchWorld, benchWorld } from './lib/world';

const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 20);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const DESKS = Number(process.env.BENCH_DESKS ?? 60);
const TARGET_P95 = 200;

/** Every call the desk page makes when it opens. */
const DESK_CALLS = [
  'statistics',
  'myProjectIssues?relation=all&pageNum=1&pageSize=8',
  'myProjectSprints',
  'myProduct',
  'userRequirementStat',
  'productRequirementSpecsStat',
  'milestoneStatusStat',
  'todo',
  'myRepositories/statistics',
  'myProjects?pageNum=1&pageSize=50',
  'myProjects/statistics',
];

const scratchDir = mkdtempSync(join(tmpdir(), 'bench-desk-'));
console.log('Starting DynamoDB Local and the S3 emulator (in memory)...');
const stack = await startLocalStack({ scratchDir });
// Config is read from the environment when the functions load: set it before importing them.
Object.assign(process.env, stack.env);

try {
  await run();
} finally {
  await stack.stop();
  rmSync(scratchDir, { recursive: true, force: true });
}

async function run(): Promise<void> {
  const { app } = await import('../../functions/src/app');
  const world = await benchWorld(app, PROJECTS);
  const member = world.people[1]!;
  await fillWorld(world, member);
  const desk = (who: Call) =>
    Promise.all(DESK_CALLS.map((path) => must(who('GET', `${world.pms}/${path}`), 200)));

  const { forgetIssueIndexes } = await import('../../functions/src/modules/issues/project-index');
  const { forgetActivity } = await import('../../functions/src/modules/dashboard/activity');
  const { forgetCopies } = await import('../../functions/src/modules/dashboard/copies');
  const { forgetSyncs } = await import('../../functions/src/modules/dashboard/my-work');
  const { meterDynamo } = await import('./lib/dynamo-meter');
  const meter = await meterDynamo();

  // A fresh process: no index, no digest, no copies. Its first desk loads every project's snapshot.
  forgetIssueIndexes();
  forgetActivity();
  forgetCopies();
  forgetSyncs();
  meter.reset();
  const cold = await timed(() => desk(member.call));
  const coldCalls = meter.calls;
  console.log(`Cold desk: ${cold.toFixed(0)} ms, ${coldCalls} DynamoDB calls.`);

  // What the cold desk spent its time on: the digests alone, then the indexes alone.
  forgetActivity();
  forgetSyncs();
  const coldDigests = await timed(() => desk(member.call));
  forgetIssueIndexes();
  forgetSyncs();
  const coldIndexes = await timed(() => desk(member.call));

  // Warm-up: Node's and DynamoDB Local's JIT.
  for (let i = 0; i < 10; i += 1) await desk(member.call);

  const floor = await rawFloor(world);
  const warm: number[] = [];
  const floorTimes: number[] = [];
  const warmCalls: number[] = [];
  for (let i = 0; i < DESKS; i += 1) {
    meter.reset();
    warm.push(await timed(() => desk(member.call)));
    warmCalls.push(meter.calls);
    floorTimes.push(await timed(floor));
  }
  const perCall = new Map<string, number[]>(DESK_CALLS.map((path) => [path, []]));
  for (let i = 0; i < 20; i += 1) {
    for (const path of DESK_CALLS) {
      perCall.get(path)!.push(await timed(() => must(member.call('GET', `${world.pms}/${path}`), 200)));
    }
  }
  // After a colleague's edit in one project: that project catches up (change log and feed head).
  const afterEdit: number[] = [];
  const { owner } = world;
  for (let i = 0; i < 20; i += 1) {
    const page = await must(
      owner.call(
        'GET',
        `${world.pms}/pmsProjectIssues/list?pmsProjectId=${world.projects[i % PROJECTS]!.id}&pageSize=1`,
      ),
      200,
    );
    const row = page.rows[0];
    await must(
      owner.call('PUT', `${world.pms}/pmsProjectIssues/edit/${row.id}`, {
        version: row.version,
        title: `${row.title} (edited)`,
      }),
      200,
    );
    afterEdit.push(await timed(() => desk(member.call)));
  }

  const stats = await must(member.call('GET', `${world.pms}/statistics`), 200);
  const ms = (values: number[], p: number) => pct(values, p).toFixed(1);
  const row = (name: string, values: number[]) => [
    name,
    values.length,
    ms(values, 50),
    ms(values, 95),
    Math.max(...values).toFixed(1),
  ];
  console.log('');
  console.log(
    `${PROJECTS} projects × ${ITEMS} work items; the member's desk holds ${stats.assigned} items assigned to them (${stats.overdue} overdue, ${stats.dueSoon} due soon), ${stats.mentioned} mentioning them. Times in ms.`,
  );
  console.log('');
  console.log(
    table(
      ['request', 'n', 'p50', 'p95', 'max'],
      [
        row(`warm desk: ${DESK_CALLS.length} calls at once`, warm),
        row('warm desk right after an edit in one project', afterEdit),
        row(`floor: raw BatchGetItem of the ${PROJECTS} counters (same run)`, floorTimes),
        ...[...perCall].map(([path, values]) => row(`GET ${path.split('?')[0]} alone`, values)),
      ],
    ),
  );
  console.log('');
  console.log(
    `Cold desk (fresh process, every project from its snapshot): ${cold.toFixed(0)} ms, ${coldCalls} DynamoDB calls`,
  );
  console.log(
    `  of which: activity digests alone (indexes warm) ${coldDigests.toFixed(0)} ms; work-item indexes alone (digests warm) ${coldIndexes.toFixed(0)} ms`,
  );
  console.log(
    `DynamoDB calls per warm desk: ${pct(warmCalls, 50)} (median), ${Math.max(...warmCalls)} at most`,
  );
  console.log(`Heap in use: ${(process.memoryUsage().heapUsed / 1048576).toFixed(0)} MB`);
  const p95 = pct(warm, 95);
  console.log('');
  console.log(
    `Warm desk p95 ${p95.toFixed(1)} ms (target < ${TARGET_P95}): ${p95 < TARGET_P95 ? 'met' : 'MISSED'}; ${(p95 / pct(floorTimes, 95)).toFixed(1)}× the floor's p95`,
  );
  if (p95 >= TARGET_P95) process.exitCode = 1;
}

/** Items, snapshots, a running sprint per project, mentions, todos and a product, like a real desk. */
async function fillWorld(world: BenchWorld, member: BenchWorld['people'][number]): Promise<void> {
  const { takeSnapshot } = await import('../../functions/src/modules/issues/snapshots');
  const { owner, pms } = world;
  const started = performance.now();
  const today = new Date().toISOString().slice(0, 10);
  for (const [i, project] of world.projects.entries()) {
    const ids = await seedItems(world, project.id, ITEMS, 42 + i);
    if (!(await takeSnapshot(world.enterprise.id, project.id, 0))) throw new Error('no snapshot taken');
    const sprint = await must(
      owner.call('POST', `${pms}/pmsProjectSprint`, {
        pmsProjectId: project.id,
        name: `Sprint ${i + 1}`,
        startDate: today,
        endDate: new Date(Date.now() + 13 * 86_400_000).toISOString().slice(0, 10),
      }),
      201,
    );
    await must(
      owner.call('PUT', `${pms}/pmsProjectSprint/${sprint.id}/issues`, { add: ids.slice(-40) }),
      200,
    );
    await must(
      owner.call('PUT', `${pms}/pmsProjectSprint/${sprint.id}`, { version: sprint.version, status: 1 }),
      200,
    );
    for (const id of ids.slice(0, 3)) {
      await must(
        owner.call('POST', `${pms}/pmsProjectIssues/journals/${id}`, {
          notes: `@${member.login} please check`,
        }),
        201,
      );
    }
    process.stdout.write(`\r  ${i + 1} of ${world.projects.length} projects filled`);
  }
  console.log(` in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  for (let i = 0; i < 8; i += 1) {
    await must(
      member.call('POST', `${pms}/todo`, { title: `Todo ${i}`, dueDate: i % 2 ? today : null }),
      201,
    );
  }
  const product = await must(
    owner.call('POST', `${pms}/pmsProduct`, {
      name: 'Bench product',
      identifier: 'BENCH',
      memberIds: [member.userId],
    }),
    201,
  );
  for (let i = 0; i < 30; i += 1) {
    await must(
      owner.call('POST', `${pms}/productUserRequirement`, {
        productId: product.id,
        title: `Requirement ${i}`,
      }),
      201,
    );
    await must(
      owner.call('POST', `${pms}/productRequirementSpecs`, { productId: product.id, title: `Spec ${i}` }),
      201,
    );
  }
  for (let i = 0; i < 5; i += 1) {
    await must(
      owner.call('POST', `${pms}/pmsProductPlan`, { productId: product.id, title: `Plan ${i}` }),
      201,
    );
  }
}

/** The floor: one strongly consistent BatchGetItem of every project's counters item. */
async function rawFloor(world: BenchWorld): Promise<() => Promise<unknown>> {
  const { ddb, TABLE } = await import('../../functions/src/core/db/client');
  const { keys } = await import('../../functions/src/core/db/keys');
  const { BatchGetCommand } = await import('@aws-sdk/lib-dynamodb');
  const Keys = world.projects.map((p) => keys.projectCounters(world.enterprise.id, p.id));
  return () => ddb.send(new BatchGetCommand({ RequestItems: { [TABLE]: { Keys, ConsistentRead: true } } }));
}
