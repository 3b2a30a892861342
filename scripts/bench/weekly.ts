/**
 * Weekly-report team view benchmark: one project with 50 members and 10,000 work items on an
 * in-memory DynamoDB Local, with sprints and test sheets completed this week and most members'
 * reports submitted, then `GET pmsProjectWeeklyReport/projectTeam` through the whole HTTP app
 * (in-process `app.request`: routing, validation, session, tenant lookup, the handler).
 *
 *   npm run bench:weekly                        # 50 members, 10,000 items, 300 team views
 *   BENCH_ITEMS=2000 npm run bench:weekly       # a smaller project
 *
 * Target (issue 16): the team view's p95 < 150 ms. Beside it, measured in the same run and
 * interleaved with it: the raw DynamoDB reads no team view can avoid (one Query of the week's
 * reports, one of the project's members), the floor any design would pay. The work items are
 * written by the work-item store's bulk writer (scripts/bench/lib/bulk-items.ts: exactly the
 * items the API's create writes); people, the project, sprints, sheets and reports go through
 * the API.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalStack } from '../lib/local-stack';
import { appClient, type Body, must, pct, table, timed } from './lib/app-client';
import { BENCH_PASSWORD, type BenchPerson, benchWorld } from './lib/world';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const MEMBERS = 50;
const SUBMITTED = 35;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const TARGET_P95 = 150;

const scratchDir = mkdtempSync(join(tmpdir(), 'bench-weekly-'));
console.log('Starting DynamoDB Local (in memory)...');
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
  const { seedItems } = await import('./lib/bulk-items');
  const { meterDynamo } = await import('./lib/dynamo-meter');
  const { forgetIssueIndexes } = await import('../../functions/src/modules/issues/project-index');
  const { listProjectMembers } = await import('../../functions/src/modules/projects');
  const { listProjectReports } = await import('../../functions/src/modules/weekly/store/reports');

  // ---- 50 members, 10,000 items, sprints, sheets and reports -----------------------------------
  const world = await benchWorld(app, 1);
  const project = world.projects[0]!;
  const { pms, owner } = world;
  const more: BenchPerson[] = [];
  for (let batch = 0; more.length < MEMBERS - world.people.length; batch += 1) {
    const size = Math.min(10, MEMBERS - world.people.length - more.length);
    more.push(
      ...(await Promise.all(
        Array.from({ length: size }, async (_, i) => {
          const call = appClient(app);
          const login = `weekly${batch}x${i}${Date.now().toString(36)}`;
          const user = await must(
            call('POST', '/api/auth/signup', {
              login,
              email: `${login}@example.test`,
              nickname: `Member ${batch * 10 + i}`,
              password: BENCH_PASSWORD,
            }),
            201,
          );
          return { call, userId: user.userId as string, login };
        }),
      )),
    );
  }
  for (const person of more) {
    await must(
      owner.call('POST', `/api/system/dept/${world.enterprise.deptId}/GitLinkUser`, {
        gitlinkUserId: person.userId,
      }),
      201,
    );
  }
  await must(
    owner.call('POST', `${pms}/pmsProject/${project.id}/members`, { userIds: more.map((p) => p.userId) }),
    201,
  );
  const people = [...world.people, ...more];
  const seeded = performance.now();
  const ids = await seedItems({ ...world, people }, project.id, ITEMS);
  console.log(`Seeded ${ids.length} work items in ${((performance.now() - seeded) / 1000).toFixed(1)} s.`);

  const today = new Date().toISOString().slice(0, 10);
  for (let i = 0; i < 3; i += 1) {
    const sprint = await must(
      owner.call('POST', `${pms}/pmsProjectSprint`, {
        pmsProjectId: project.id,
        name: `Sprint ${i + 1}`,
        startDate: today,
        endDate: today,
      }),
      201,
    );
    const started = await must(
      owner.call('PUT', `${pms}/pmsProjectSprint/${sprint.id}`, { version: sprint.version, status: 1 }),
      200,
    );
    if (i < 2) {
      await must(
        owner.call('PUT', `${pms}/pmsProjectSprint/${sprint.id}/complete`, {
          version: started.version,
          choice: 2,
        }),
        200,
      );
    }
    const sheet = await must(
      owner.call('POST', `${pms}/pmsProjectTestsheet`, { pmsProjectId: project.id, name: `Sheet ${i + 1}` }),
      201,
    );
    if (i < 2)
      await must(
        owner.call('PUT', `${pms}/pmsProjectTestsheet/${sheet.id}`, { version: sheet.version, status: 2 }),
        200,
      );
  }
  const weekly = `${pms}/pmsProjectWeeklyReport`;
  for (const [n, person] of people.slice(0, SUBMITTED).entries()) {
    await must(
      person.call('POST', `${weekly}/add`, {
        pmsProjectId: project.id,
        templateId: n % 2 === 0 ? 'simple' : 'form',
        content:
          n % 2 === 0
            ? { thisWeek: `Worked on the fleet console (${n}).`, nextWeek: 'More of the same.', support: '' }
            : { thisWeek: [{ majorItem: `Milestone ${n}`, progress: 50 }], nextWeek: [] },
        items: ids
          .slice(n * 3, n * 3 + 3)
          .map((issueId, i) => ({ issueId, list: i === 2 ? 'nextWeek' : 'thisWeek' })),
        submit: true,
      }),
      201,
    );
  }
  console.log(`${SUBMITTED} of ${people.length} members submitted this week's report.`);

  // ---- measurements --------------------------------------------------------------------------
  const teamPath = `${weekly}/projectTeam?pmsProjectId=${project.id}`;
  const check = (data: Body) => {
    if (data.members.length !== MEMBERS || data.submitted !== SUBMITTED)
      throw new Error(`unexpected team view: ${data.members.length} members, ${data.submitted} submitted`);
  };
  const get = async (path: string) => must(owner.call('GET', path), 200);

  forgetIssueIndexes();
  const cold = await timed(async () => check(await get(teamPath)));
  for (let i = 0; i < 50; i += 1) await get(teamPath);

  const meter = await meterDynamo();
  const team: number[] = [];
  const trips: number[] = [];
  const floorReports: number[] = [];
  const floorMembers: number[] = [];
  const enterpriseId = world.enterprise.id;
  const week = (await get(teamPath)).week.weekStart as string;
  const cpu: number[] = [];
  for (let i = 0; i < REQUESTS; i += 1) {
    meter.reset();
    const used = process.cpuUsage();
    team.push(await timed(async () => check(await get(teamPath))));
    const spent = process.cpuUsage(used);
    // This process's CPU for the request (DynamoDB Local runs apart): what the machine's load does not inflate.
    cpu.push((spent.user + spent.system) / 1000);
    trips.push(meter.calls);
    floorReports.push(await timed(() => listProjectReports(enterpriseId, project.id, week)));
    floorMembers.push(await timed(() => listProjectMembers(enterpriseId, project.id)));
  }
  const others: [string, string][] = [
    ['GET projectIssueList (created, page 1)', `${weekly}/projectIssueList?pmsProjectId=${project.id}`],
    ['GET personalIssueList', `${weekly}/personalIssueList?pmsProjectId=${project.id}`],
    ['GET personal', `${weekly}/personal`],
    [
      'GET projectTeam, last week',
      `${teamPath}&weekStart=${new Date(Date.parse(week) - 7 * 86_400_000).toISOString().slice(0, 10)}`,
    ],
  ];
  const otherTimes = new Map<string, number[]>();
  for (const [name, path] of others) {
    const times: number[] = [];
    for (let i = 0; i < 50; i += 1) times.push(await timed(() => get(path)));
    otherTimes.set(name, times);
  }

  // ---- report --------------------------------------------------------------------------------
  const ms = (value: number) => value.toFixed(1);
  const row = (name: string, values: number[]) => [
    name,
    values.length,
    ms(pct(values, 50)),
    ms(pct(values, 95)),
    ms(Math.max(...values)),
  ];
  console.log('');
  console.log(
    `Team view of a ${MEMBERS}-member project with ${ITEMS} work items, ${SUBMITTED} reports submitted. Times in ms, through app.request.`,
  );
  console.log('');
  console.log(
    table(
      ['request', 'n', 'p50', 'p95', 'max'],
      [
        row('GET projectTeam (warm)', team),
        row("floor: raw Query of the week's reports (same run)", floorReports),
        row("floor: raw Query of the project's members (same run)", floorMembers),
        ...[...otherTimes].map(([name, values]) => row(name, values)),
        row('GET projectTeam, cold (index loaded from the table)', [cold]),
      ],
    ),
  );
  const p95 = pct(team, 95);
  console.log('');
  console.log(
    `DynamoDB round trips per warm team view: ${pct(trips, 50)} (median), ${Math.max(...trips)} at most`,
  );
  console.log(
    `CPU of this process per warm team view: p50 ${ms(pct(cpu, 50))} ms, p95 ${ms(pct(cpu, 95))} ms`,
  );
  console.log(
    `Team view p95 ${ms(p95)} ms = ${(p95 / pct(floorReports, 95)).toFixed(1)}× the week's-reports Query's p95 (target < ${TARGET_P95} ms): ${p95 < TARGET_P95 ? 'met' : 'MISSED'}`,
  );
  if (p95 >= TARGET_P95) process.exitCode = 1;
}
