/**
 * Work-item list benchmark: one project with 10,000 work items on an in-memory DynamoDB Local,
 * then filtered and sorted list pages and single-item reads through the whole HTTP app
 * (in-process `app.request`: routing, validation, session, tenant lookup, the handler).
 *
 *   npm run bench:issues                       # 10,000 items, 300 list and 200 item requests
 *   BENCH_ITEMS=2000 npm run bench:issues      # a smaller project
 *
 * Targets (docs/architecture.md, "Work-item lists" and "One item in a few reads"): p95 < 100 ms
 * for a list page, < 20 ms for one item; one item's p95 at most 3× a raw GetItem's measured in the
 * same run; a warm list page in at most 3 DynamoDB round trips. The items are written by the
 * work-item store's bulk writer (functions/src/modules/issues/store/bulk.ts: exactly the items
 * and counters the API's create writes), because 10,000 creates through the API take minutes;
 * users, the enterprise, the project, its members and the tags go through the API.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalStack } from '../lib/local-stack';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const LIST_REQUESTS = Number(process.env.BENCH_LIST_REQUESTS ?? 300);
const ITEM_REQUESTS = Number(process.env.BENCH_ITEM_REQUESTS ?? 200);
const EDIT_REQUESTS = Number(process.env.BENCH_EDIT_REQUESTS ?? 50);
const TARGET_LIST_P95 = 100;
const TARGET_ITEM_P95 = 20;
const TARGET_ITEM_RATIO = 3;
const TARGET_LIST_TRIPS = 3;

const scratchDir = mkdtempSync(join(tmpdir(), 'bench-issues-'));
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
  const { app, buildOpenApiDocument } = await import('../../functions/src/app');
  const { createGroupApp } = await import('../../functions/src/core/http/group');
  const { projectStatisticsRoutes } = await import('../../functions/src/modules/projects/routes/statistics');
  // The projects group mounts the statistics; until it does, serve them from their router alone.
  const statisticsMounted = Boolean(
    buildOpenApiDocument().paths?.['/api/pms/{identifier}/pmsProject/{id}/statistics/dynamics'],
  );
  const statisticsApp = statisticsMounted ? app : createGroupApp().route('/', projectStatisticsRoutes);
  const { clock } = await import('../../functions/src/core/clock');
  const { getCounters } = await import('../../functions/src/modules/issues/store/counters');
  const { bulkCreateIssues } = await import('../../functions/src/modules/issues/store/bulk');
  const { newId } = await import('../../functions/src/core/ids');
  const { newIssueRecord } = await import('../../functions/src/modules/issues/work-items');
  const { journalFor } = await import('../../functions/src/modules/issues/journals');
  const { forgetIssueIndexes, indexStats } = await import('../../functions/src/modules/issues/project-index');

  // biome-ignore lint/suspicious/noExplicitAny: the bench reads a few fields of each answer
  type Body = any;

  /** A browser-like client on the in-process app: cookies, CSRF headers, JSON. */
  function client() {
    const jar = new Map<string, string>();
    return async (method: string, path: string, body?: unknown): Promise<{ status: number; body: Body }> => {
      const headers: Record<string, string> = {};
      if (method !== 'GET')
        Object.assign(headers, { 'X-Requested-With': 'XMLHttpRequest', Origin: 'http://localhost' });
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      if (jar.size > 0) headers.Cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const target = path.includes('/statistics/') ? statisticsApp : app;
      const res = await target.request(path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      for (const cookie of res.headers.getSetCookie()) {
        const [pair = ''] = cookie.split(';');
        const [name = '', value = ''] = pair.split('=');
        if (value) jar.set(name.trim(), value.trim());
      }
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined };
    };
  }

  async function must(call: Promise<{ status: number; body: Body }>, status: number): Promise<Body> {
    const res = await call;
    if (res.status !== status)
      throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.data;
  }

  // ---- the world, through the API ------------------------------------------------------------
  const stamp = Date.now().toString(36);
  const people = await Promise.all(
    ['Olivia', 'bruno', 'Chen', 'dana', 'Emeka', 'fatima', 'Goran', 'hana', 'Ivo'].map(
      async (nickname, i) => {
        const call = client();
        const login = `bench${i}${stamp}`;
        const user = await must(
          call('POST', '/api/auth/signup', {
            login,
            email: `${login}@example.test`,
            nickname,
            password: 'bench-password-1',
          }),
          201,
        );
        return { call, userId: user.userId as string };
      },
    ),
  );
  const owner = people[0]!;
  const enterprise = await must(
    owner.call('POST', '/api/pms/pmsEnterprise', { identifier: `bench${stamp}`, name: 'Bench' }),
    201,
  );
  for (const person of people.slice(1)) {
    await must(
      owner.call('POST', `/api/system/dept/${enterprise.deptId}/GitLinkUser`, {
        gitlinkUserId: person.userId,
      }),
      201,
    );
  }
  const pms = `/api/pms/${enterprise.enterpriseIdentifier}`;
  const project = await must(owner.call('POST', `${pms}/pmsProject`, { name: 'Benchmark project' }), 201);
  await must(
    owner.call('POST', `${pms}/pmsProject/${project.id}/members`, {
      userIds: people.slice(1).map((p) => p.userId),
    }),
    201,
  );
  const tags: { id: string }[] = [];
  for (const name of ['backend', 'frontend', 'api', 'ux', 'infra', 'customer', 'security', 'perf']) {
    tags.push(
      await must(
        owner.call('POST', `${pms}/pmsProjectIssues/enterpriseIssueTags`, { name, color: 'blue' }),
        201,
      ),
    );
  }

  // ---- 10,000 items, as the API's create would write them -------------------------------------
  let seed = 42;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const words = [
    'sync',
    'login',
    'report',
    'export',
    'dock',
    'battery',
    'map',
    'alarm',
    'route',
    'fleet',
    'shift',
  ];
  const verbs = ['Fix', 'Add', 'Improve', 'Remove', 'Document', 'Test'];
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const realNow = clock.now;
  const started = Date.now();
  const counters = await getCounters(enterprise.id, project.id);
  const ids: string[] = [];
  const entries = [];
  for (let i = 0; i < ITEMS; i += 1) {
    const at = started - ITEMS * 60_000 + i * 60_000;
    clock.now = () => at;
    const start = random() < 0.7 ? day(at + Math.floor(random() * 20) * 86_400_000) : null;
    const body = {
      pmsProjectId: project.id as string,
      pmIssueType: pick([1, 2, 3] as const),
      title: `${pick(verbs)} ${pick(words)} ${pick(words)} ${i}`,
      status: pick([1, 1, 2, 2, 3, 5, 5, 6] as const),
      priority: pick([1, 2, 3, 3, 4] as const),
      assigneeId: random() < 0.85 ? pick(people).userId : null,
      tagIds: random() < 0.6 ? [pick(tags).id] : [],
      startDate: start,
      endDate:
        start && random() < 0.8 ? day(Date.parse(start) + Math.floor(random() * 30) * 86_400_000) : null,
      estimatedHours: random() < 0.5 ? Math.ceil(random() * 16) : null,
      parentId: i > 100 && random() < 0.1 ? pick(ids.slice(-100)) : null,
    };
    const issueId = newId();
    ids.push(issueId);
    const author = pick(people).userId;
    const issue = newIssueRecord(body, {
      issueId,
      issueNumber: counters.issueSeq + i + 1,
      authorId: author,
      at: new Date(at).toISOString(),
    });
    entries.push({
      issue,
      description: `Details of item ${i}.`,
      journal: journalFor(enterprise.id, issue, 'created', author, issue.createdAt),
    });
  }
  clock.now = realNow;
  const writeStarted = performance.now();
  await bulkCreateIssues(enterprise.id, project.id, counters, entries, Date.now());
  console.log(`Seeded ${ITEMS} work items in ${((performance.now() - writeStarted) / 1000).toFixed(1)} s.`);

  // ---- measurements --------------------------------------------------------------------------
  const base = `${pms}/pmsProjectIssues`;
  async function timed(path: string, method = 'GET', body?: unknown): Promise<number> {
    const t0 = performance.now();
    const res = await owner.call(method, path, body);
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return ms;
  }

  const cold: number[] = [];
  const loads: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    forgetIssueIndexes();
    cold.push(await timed(`${base}/list?pmsProjectId=${project.id}`));
    loads.push(indexStats.lastFullLoadMs);
  }

  const pid = `pmsProjectId=${project.id}`;
  const someone = people[3]!.userId;
  const listCases: [string, string][] = [
    ['default: by update, newest first', `${pid}`],
    ['status=1,2, by priority desc', `${pid}&status=1,2&orderBy=priority&sort=desc`],
    [
      'assignee + statusGroup=opened, by assignee name',
      `${pid}&assigneeId=${someone},none&statusGroup=opened&orderBy=assigneeInitials&sort=asc`,
    ],
    ['keyword "sync", by end date asc', `${pid}&keyword=sync&orderBy=endDate&sort=asc`],
    [
      'tag + kind=bug, by start date, page 5',
      `${pid}&tagId=${tags[2]!.id}&pmIssueType=3&orderBy=startDate&sort=desc&pageNum=5`,
    ],
    [
      'open=1 + priority=1,2, by creation asc, 50 rows',
      `${pid}&open=1&priority=1,2&orderBy=createdAt&sort=asc&pageSize=50`,
    ],
  ];
  // Warm-up: Node's and DynamoDB Local's JIT, the nickname cache of the assignee sort.
  for (let i = 0; i < 150; i += 1) {
    await timed(`${base}/list?${listCases[i % listCases.length]![1]}`);
    await timed(`${base}/${pick(ids)}`);
  }

  const perCase = new Map<string, number[]>(listCases.map(([name]) => [name, []]));
  for (let i = 0; i < LIST_REQUESTS; i += 1) {
    const [name, query] = listCases[i % listCases.length]!;
    perCase.get(name)!.push(await timed(`${base}/list?${query}`));
  }
  const baseline: number[] = [];
  for (let i = 0; i < ITEM_REQUESTS; i += 1) baseline.push(await timed(`${base}/issuePriorities`));
  // One item beside its floor, interleaved in the same run: a raw strongly consistent GetItem of
  // the same item, as the cheapest answer any design could give.
  const { ddb, TABLE } = await import('../../functions/src/core/db/client');
  const { keys } = await import('../../functions/src/core/db/keys');
  const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
  const { meterDynamo } = await import('./lib/dynamo-meter');
  const meter = await meterDynamo();
  const itemTimes: number[] = [];
  const rawGetTimes: number[] = [];
  const itemCalls: number[] = [];
  for (let i = 0; i < ITEM_REQUESTS; i += 1) {
    const id = pick(ids);
    meter.reset();
    itemTimes.push(await timed(`${base}/${id}`));
    itemCalls.push(meter.calls);
    const rawStarted = performance.now();
    await ddb.send(
      new GetCommand({
        TableName: TABLE,
        Key: keys.issue(enterprise.id, project.id, id),
        ConsistentRead: true,
      }),
    );
    rawGetTimes.push(performance.now() - rawStarted);
  }
  // DynamoDB round trips of a warm list page (session and tenant included).
  const listCalls: number[] = [];
  for (let i = 0; i < 30; i += 1) {
    meter.reset();
    await timed(`${base}/list?${listCases[i % listCases.length]![1]}`);
    listCalls.push(meter.calls);
  }
  const editTimes: number[] = [];
  for (let i = 0; i < EDIT_REQUESTS; i += 1) {
    const id = pick(ids);
    const current = (await owner.call('GET', `${base}/${id}`)).body.data;
    editTimes.push(
      await timed(`${base}/edit/${id}`, 'PUT', {
        version: current.version,
        title: `${current.title} (edited)`,
      }),
    );
  }
  const stats = `${pms}/pmsProject/${project.id}/statistics`;
  const statisticsCases: [string, string][] = [
    ['GET statistics/pie-barChart', `${stats}/pie-barChart`],
    ['GET statistics/lineChart?days=90', `${stats}/lineChart?days=90`],
    ['GET statistics/dynamics, page 1', `${stats}/dynamics`],
    ['GET statistics/dynamics, page 100 (skips 990 entries)', `${stats}/dynamics?pageNum=100`],
  ];
  const statisticsTimes = new Map<string, number[]>(statisticsCases.map(([name]) => [name, []]));
  for (let i = 0; i < 30 * statisticsCases.length; i += 1) {
    const [name, path] = statisticsCases[i % statisticsCases.length]!;
    statisticsTimes.get(name)!.push(await timed(path));
  }
  const afterEdits: number[] = [];
  for (let i = 0; i < 30; i += 1) afterEdits.push(await timed(`${base}/list?${pid}&orderBy=updatedAt`));

  // ---- report --------------------------------------------------------------------------------
  const pct = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
  };
  const row = (name: string, values: number[]) =>
    `| ${name.padEnd(58)} | ${String(values.length).padStart(4)} | ${pct(values, 50).toFixed(1).padStart(7)} | ${pct(values, 95).toFixed(1).padStart(7)} | ${Math.max(
      ...values,
    )
      .toFixed(1)
      .padStart(7)} |`;
  const allList = [...perCase.values()].flat();
  console.log('');
  console.log(
    `Work items in the project: ${ITEMS}. Times in ms, through app.request (the whole HTTP stack).`,
  );
  console.log('');
  console.log(
    `| ${'request'.padEnd(58)} | ${'n'.padStart(4)} | ${'p50'.padStart(7)} | ${'p95'.padStart(7)} | ${'max'.padStart(7)} |`,
  );
  console.log(
    `| ${'-'.repeat(58)} | ${'-'.repeat(4)} | ${'-'.repeat(7)} | ${'-'.repeat(7)} | ${'-'.repeat(7)} |`,
  );
  for (const [name, values] of perCase) console.log(row(`GET list: ${name}`, values));
  console.log(row('GET list: all of the above', allList));
  console.log(row('GET list right after this process wrote', afterEdits));
  console.log(row('GET {id}', itemTimes));
  console.log(row('floor: raw GetItem of the same items (same run)', rawGetTimes));
  console.log(row('GET issuePriorities (session + tenant only, no handler I/O)', baseline));
  console.log(row('PUT edit/{id} (sync, validate, transaction, detail)', editTimes));
  for (const [name, values] of statisticsTimes) console.log(row(name, values));
  console.log(row('GET list, cold (index loaded from the table)', cold));
  console.log('');
  console.log(
    `Cold index load (query of ${indexStats.lastFullLoadRows} ISSUE# items, all pages): ${loads.map((ms) => ms.toFixed(0)).join(', ')} ms`,
  );
  console.log(`Heap in use: ${(process.memoryUsage().heapUsed / 1048576).toFixed(0)} MB`);
  const listP95 = pct(allList, 95);
  const itemP95 = pct(itemTimes, 95);
  console.log('');
  console.log(
    `List p95 ${listP95.toFixed(1)} ms (target < ${TARGET_LIST_P95}): ${listP95 < TARGET_LIST_P95 ? 'met' : 'MISSED'}`,
  );
  console.log(
    `Item p95 ${itemP95.toFixed(1)} ms (target < ${TARGET_ITEM_P95}): ${itemP95 < TARGET_ITEM_P95 ? 'met' : 'MISSED'}`,
  );
  const ratio = itemP95 / pct(rawGetTimes, 95);
  const itemTrips = pct(itemCalls, 50);
  const listTrips = Math.max(...listCalls);
  console.log(
    `Item p95 = ${ratio.toFixed(1)}× a raw GetItem's p95 (target ≤ ${TARGET_ITEM_RATIO}×): ${ratio <= TARGET_ITEM_RATIO ? 'met' : 'MISSED'}; DynamoDB round trips per item: ${itemTrips} (median)`,
  );
  console.log(
    `Warm list: at most ${listTrips} DynamoDB round trips per page (target ≤ ${TARGET_LIST_TRIPS}): ${listTrips <= TARGET_LIST_TRIPS ? 'met' : 'MISSED'}`,
  );
  if (listP95 >= TARGET_LIST_P95 || itemP95 >= TARGET_ITEM_P95) process.exitCode = 1;
  if (ratio > TARGET_ITEM_RATIO || listTrips > TARGET_LIST_TRIPS) process.exitCode = 1;
}
