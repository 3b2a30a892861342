/**
 * Pipeline log benchmark in the embedded default (the local executor, DynamoDB Local in memory, a
 * real git server), through the whole HTTP app:
 *
 * - delay: a step prints a line with its own clock every 100 ms; a reader follows the job's log
 *   as a page does (`GET .../jobs/{job}/logs?offset=` from each answer's nextOffset, asking again
 *   every 10 ms) and notes when each line first comes back; p50/p95 of (seen - printed);
 * - throughput: a step prints BENCH_LINES lines (`seq`) as fast as it can; the whole log is read
 *   back and checked line by line (none lost, none out of order, no gap); lines per second from
 *   the step's start to the job's end (which comes only after its last chunk is written);
 * - the floor beside them: the raw DynamoDB query of one chunk (what a log read does) and a raw
 *   GetItem, measured in the same run.
 *
 *   npm run bench:pipeline-logs
 *   BENCH_LINES=20000 BENCH_LATENCY_LINES=30 npm run bench:pipeline-logs
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { GetItemCommand, QueryCommand } from '@aws-sdk/client-dynamodb';
import { LOCAL_NAMES } from '../../infra/lib/definitions';
import { authedCloneUrl, createBareRepository, startGitServer } from '../lib/git-server';
import { dynamoClient, startLocalStack } from '../lib/local-stack';
import { appClient, type Body, dataOf, percentiles } from './lib/app-client';

const LINES = Number(process.env.BENCH_LINES ?? 100_000);
const LATENCY_LINES = Number(process.env.BENCH_LATENCY_LINES ?? 50);
const FLOOR_REQUESTS = 50;

const scratchDir = mkdtempSync(join(tmpdir(), 'bench-pipeline-logs-'));
console.log('Starting DynamoDB Local (in memory) and the git server...');
const stack = await startLocalStack({ scratchDir });
const gitRoot = join(scratchDir, 'git');
const git = await startGitServer({ root: gitRoot, token: randomBytes(16).toString('hex') });
// Config is read from the environment when the functions load: set it before importing them.
Object.assign(process.env, stack.env, {
  REPOSITORY_ALLOW_LOOPBACK: 'true',
  REPOSITORY_TOKEN_KEY: randomBytes(32).toString('base64'),
  DATA_DIR: scratchDir,
});

const run = promisify(execFile);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const fmt = (n: number) => `${n.toFixed(1)} ms`;

async function bench(): Promise<void> {
  const { app } = await import('../../functions/src/app');
  const { enterprisePartition } = await import('../../functions/src/core/db/keys');

  const call = dataOf(appClient(app));

  const stamp = Date.now().toString(36);
  const login = `bench${stamp}`;
  await call('POST', '/api/auth/signup', {
    login,
    email: `${login}@example.test`,
    nickname: 'Bench',
    password: 'bench-password-1',
  });
  const enterprise = await call('POST', '/api/pms/pmsEnterprise', {
    identifier: `bench${stamp}`,
    name: 'Bench',
  });
  const pms = `/api/pms/${enterprise.enterpriseIdentifier}`;
  const project = await call('POST', `${pms}/pmsProject`, { name: 'Benchmark project' });

  await createBareRepository(gitRoot, 'app');
  const wc = mkdtempSync(join(scratchDir, 'wc-'));
  // Asynchronous: the git server answers in this process.
  const sh = (...args: string[]) =>
    run('git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.test', ...args], { cwd: wc });
  await sh('init', '--quiet', '--initial-branch=main');
  await sh('remote', 'add', 'origin', authedCloneUrl(git.url, git.token, 'app'));
  await sh('commit', '--quiet', '--allow-empty', '-m', 'Initial commit');
  await sh('push', '--quiet', 'origin', 'main');
  const repository = await call('POST', `${pms}/pmsRepository`, {
    cloneUrl: `${git.url}/app.git`,
    token: git.token,
  });
  await call('POST', `${pms}/pmsProjectRepository`, {
    pmsProjectId: project.id,
    repositoryIds: [repository.id],
  });

  const pipelineOf = (name: string, script: string) =>
    call('POST', `${pms}/pipelines`, {
      repositoryId: repository.id,
      projectId: project.id,
      yaml: `name: ${name}\nstages:\n  - id: s\n    jobs:\n      - id: j\n        steps:\n          - id: print\n            uses: shell-script\n            with:\n              script: ${JSON.stringify(script)}\n`,
    });
  const logPath = (pipelineId: string, offset: number) =>
    `${pms}/pipelines/${pipelineId}/runs/1/jobs/j/logs?offset=${offset}`;

  // ---- 1. delay from a printed line to the log call answering it --------------------------------
  console.log('Measuring the delay...');
  const slow = await pipelineOf(
    'Delay',
    `for i in $(seq 1 ${LATENCY_LINES}); do echo "L $i $(date +%s%3N)"; sleep 0.1; done`,
  );
  await call('POST', `${pms}/pipelines/${slow.id}/run`, {});
  const delays: number[] = [];
  let offset = 0;
  let partial = '';
  for (;;) {
    const page = await call('GET', logPath(slow.id, offset));
    const seenAt = Date.now();
    offset = page.nextOffset;
    const lines = (partial + page.text).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      const printed = /^L \d+ (\d{13})$/.exec(line)?.[1];
      if (printed) delays.push(seenAt - Number(printed));
    }
    if (page.complete) break;
    await pause(10);
  }
  if (delays.length !== LATENCY_LINES) throw new Error(`saw ${delays.length} of ${LATENCY_LINES} lines`);
  const delay = percentiles(delays);

  // ---- 2. throughput: LINES lines as fast as the step prints them -------------------------------
  console.log('Measuring the throughput...');
  const fast = await pipelineOf('Throughput', `seq 1 ${LINES}`);
  await call('POST', `${pms}/pipelines/${fast.id}/run`, {});
  let ended: Body;
  for (;;) {
    ended = await call('GET', `${pms}/pipelines/${fast.id}/run_results/1`);
    if (['succeeded', 'failed', 'stopped'].includes(ended.status)) break;
    await pause(50);
  }
  let text = '';
  let reads = 0;
  let gaps = 0;
  for (offset = 0; ; reads += 1) {
    const page = await call('GET', logPath(fast.id, offset));
    text += page.text;
    gaps += page.gaps.length;
    offset = page.nextOffset;
    if (page.complete) break;
  }
  const numbers = text
    .split('\n')
    .filter((l) => /^\d+$/.test(l))
    .map(Number);
  const inOrder = numbers.every((n, i) => n === i + 1);
  if (numbers.length !== LINES || !inOrder || gaps > 0)
    throw new Error(`lost lines: ${numbers.length} of ${LINES}, in order: ${inOrder}, gaps: ${gaps}`);
  const job = ended.stages[0].jobs[0];
  const seconds = (Date.parse(job.finishedAt) - Date.parse(job.steps[0].startedAt)) / 1000;

  // ---- 3. the floor: one chunk straight from DynamoDB ---------------------------------------------
  const ddb = dynamoClient(stack.dynamoEndpoint);
  const pk = enterprisePartition(enterprise.id);
  const prefix = `PIPELOG#${fast.id}#000001#j#`;
  const floor = async (send: () => Promise<unknown>) => {
    const samples: number[] = [];
    for (let i = 0; i < FLOOR_REQUESTS; i++) {
      const start = process.hrtime.bigint();
      await send();
      samples.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    return percentiles(samples);
  };
  const query = await floor(() =>
    ddb.send(
      new QueryCommand({
        TableName: LOCAL_NAMES.table,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': { S: pk },
          ':from': { S: `${prefix}000000000000` },
          ':to': { S: `${prefix}~` },
        },
        ConsistentRead: true,
        Limit: 1,
      }),
    ),
  );
  const get = await floor(() =>
    ddb.send(
      new GetItemCommand({
        TableName: LOCAL_NAMES.table,
        Key: { pk: { S: pk }, sk: { S: `${prefix}000000000000` } },
      }),
    ),
  );
  const readAll = await floor(() => call('GET', logPath(fast.id, text.length - 1)));

  console.log(`\nPipeline logs, embedded default (local executor, DynamoDB Local in memory)\n`);
  console.log(`Delay, line printed -> log call answers it (${LATENCY_LINES} lines, reader asks every 10 ms)`);
  console.log(
    `  p50 ${fmt(delay.p50)}   p95 ${fmt(delay.p95)}   (the executor writes every 200 ms or 8 KiB)`,
  );
  console.log(
    `Throughput: ${LINES.toLocaleString('en')} lines (${text.length.toLocaleString('en')} characters), all kept in order, 0 gaps`,
  );
  console.log(
    `  ${Math.round(LINES / seconds).toLocaleString('en')} lines/s (${seconds.toFixed(2)} s from the step's start to the job's end); read back in ${reads + 1} calls`,
  );
  console.log('Floor, one chunk (8 KiB) in the same run');
  console.log(`  raw DynamoDB Query, limit 1: p50 ${fmt(query.p50)}   p95 ${fmt(query.p95)}`);
  console.log(`  raw DynamoDB GetItem:        p50 ${fmt(get.p50)}   p95 ${fmt(get.p95)}`);
  console.log(`  log call for the last chunk: p50 ${fmt(readAll.p50)}   p95 ${fmt(readAll.p95)}`);
}

try {
  await bench();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await git.close();
  await stack.stop();
  rmSync(scratchDir, { recursive: true, force: true });
}
process.exit(process.exitCode ?? 0);
