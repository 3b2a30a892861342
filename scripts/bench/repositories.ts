/**
 * Code repository benchmark against a real git server (git http-backend, scripts/lib/git-server.ts)
 * and an in-memory DynamoDB Local, through the whole HTTP app:
 *
 * - listing the branches of a repository with 1,000 branches (`GET pmsRepository/{id}/branches`:
 *   the server asks the host for its refs over git's smart HTTP with isomorphic-git, then pages
 *   and searches them), beside the real `git ls-remote` of the same repository and a raw
 *   DynamoDB GetItem, measured in the same run;
 * - ingesting a push of 100 commits that each mention a work item, through the webhook (the git
 *   server delivers a GitHub push event over HTTP) and through the poll (no webhook), from the
 *   end of `git push` to every commit recorded on its item.
 *
 *   npm run bench:repositories
 *   BENCH_BRANCHES=5000 BENCH_COMMITS=300 npm run bench:repositories
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { serve } from '@hono/node-server';
import { LOCAL_NAMES } from '../../infra/lib/definitions';
import { authedCloneUrl, createBareRepository, setWebhook, startGitServer } from '../lib/git-server';
import { dynamoClient, startLocalStack } from '../lib/local-stack';
import { appClient, dataOf, percentiles } from './lib/app-client';

const BRANCHES = Number(process.env.BENCH_BRANCHES ?? 1000);
const COMMITS = Number(process.env.BENCH_COMMITS ?? 100);
const ITEMS = 20;
const LIST_REQUESTS = Number(process.env.BENCH_LIST_REQUESTS ?? 30);

const run = promisify(execFile);
const scratchDir = mkdtempSync(join(tmpdir(), 'bench-repositories-'));
console.log('Starting DynamoDB Local (in memory) and the git server...');
const stack = await startLocalStack({ scratchDir });
const gitRoot = join(scratchDir, 'git');
const git = await startGitServer({ root: gitRoot, token: randomBytes(16).toString('hex') });
// Config is read from the environment when the functions load: set it before importing them.
Object.assign(process.env, stack.env, {
  REPOSITORY_ALLOW_LOOPBACK: 'true',
  REPOSITORY_TOKEN_KEY: randomBytes(32).toString('base64'),
});

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const fmt = (n: number) => `${n.toFixed(1)} ms`;

async function timed(times: number, fn: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = process.hrtime.bigint();
    await fn();
    samples.push(ms(start));
  }
  return percentiles(samples);
}

async function bench(): Promise<void> {
  const { app } = await import('../../functions/src/app');
  const { clock } = await import('../../functions/src/core/clock');
  const { drainJobs, runSchedule } = await import('../../functions/src/core/jobs/jobs');
  const { keys } = await import('../../functions/src/core/db/keys');

  const call = dataOf(appClient(app));

  // The app on a port, so the git server's webhooks reach it over HTTP.
  const listener = await new Promise<{ url: string; close: () => void }>((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve({ url: `http://127.0.0.1:${info.port}`, close: () => server.close() }),
    );
  });

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
  const items: { id: string; issueNumber: number }[] = [];
  for (let i = 0; i < ITEMS; i++) {
    items.push(
      await call('POST', `${pms}/pmsProjectIssues/add`, {
        pmsProjectId: project.id,
        pmIssueType: 2,
        title: `Benchmark item ${i + 1}`,
      }),
    );
  }

  /** A bare repository on the git server and a working copy with one commit pushed. */
  async function repository(
    name: string,
  ): Promise<{ dir: string; gitDir: string; sh: (...a: string[]) => Promise<string> }> {
    const gitDir = await createBareRepository(gitRoot, name);
    const dir = mkdtempSync(join(scratchDir, `wc-${name}-`));
    const sh = async (...args: string[]) =>
      (
        await run('git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.test', ...args], {
          cwd: dir,
          maxBuffer: 64 * 1024 * 1024,
        })
      ).stdout.trim();
    await sh('init', '--quiet', '--initial-branch=main');
    await sh('remote', 'add', 'origin', authedCloneUrl(git.url, git.token, name));
    await sh('commit', '--quiet', '--allow-empty', '-m', 'Initial commit');
    await sh('push', '--quiet', 'origin', 'main');
    return { dir, gitDir, sh };
  }
  const connect = (name: string) =>
    call('POST', `${pms}/pmsRepository`, { cloneUrl: `${git.url}/${name}.git`, token: git.token });

  // ---- 1. branches of a repository with BRANCHES branches ------------------------------------
  const wide = await repository('wide');
  const head = await wide.sh('rev-parse', 'HEAD');
  const refs = Array.from(
    { length: BRANCHES - 1 },
    (_, i) => `create refs/heads/feature/${String(i + 1).padStart(4, '0')}-work ${head}\n`,
  ).join('');
  await new Promise<void>((resolve, reject) => {
    const child = execFile('git', ['--git-dir', wide.gitDir, 'update-ref', '--stdin'], (error) =>
      error ? reject(error) : resolve(),
    );
    child.stdin!.end(refs);
  });
  let start = process.hrtime.bigint();
  const wideRepo = await connect('wide');
  const connectTime = ms(start);
  if (wideRepo.branchCount !== BRANCHES)
    throw new Error(`expected ${BRANCHES} branches, got ${wideRepo.branchCount}`);
  const firstPage = await timed(LIST_REQUESTS, () =>
    call('GET', `${pms}/pmsRepository/${wideRepo.id}/branches?pageSize=100`),
  );
  const search = await timed(LIST_REQUESTS, () =>
    call('GET', `${pms}/pmsRepository/${wideRepo.id}/branches?keyword=0999&pageSize=10`),
  );
  const page = await call('GET', `${pms}/pmsRepository/${wideRepo.id}/branches?pageSize=100`);
  if (page.total !== BRANCHES) throw new Error(`the list says ${page.total} branches`);
  const lsRemote = await timed(LIST_REQUESTS, () => wide.sh('ls-remote', '--heads', 'origin'));
  const ddb = dynamoClient(stack.dynamoEndpoint);
  const getItem = await timed(LIST_REQUESTS, () =>
    ddb.send(
      new GetItemCommand({
        TableName: LOCAL_NAMES.table,
        Key: Object.fromEntries(
          Object.entries(keys.enterprise(enterprise.id)).map(([k, v]) => [k, { S: v }]),
        ),
      }),
    ),
  );

  // ---- 2. a push of COMMITS commits, through the webhook and through the poll ----------------
  async function pushCommits(sh: (...a: string[]) => Promise<string>): Promise<void> {
    for (let i = 0; i < COMMITS; i++) {
      const item = items[i % items.length]!;
      await sh(
        'commit',
        '--quiet',
        '--allow-empty',
        '-m',
        `Step ${i + 1} of the work (#${item.issueNumber})`,
      );
    }
    await sh('push', '--quiet', 'origin', 'main');
  }
  async function recorded(): Promise<number> {
    let total = 0;
    for (const item of items)
      total += (await call('GET', `${pms}/pmsProjectIssues/repoCommits?issueId=${item.id}`)).length;
    return total;
  }

  const hooked = await repository('hooked');
  const hookedRepo = await connect('hooked');
  await call('POST', `${pms}/pmsProjectRepository`, {
    pmsProjectId: project.id,
    repositoryIds: [hookedRepo.id],
  });
  const settings = await call('GET', `${pms}/pmsRepository/${hookedRepo.id}/webhook`);
  await setWebhook(gitRoot, 'hooked', {
    url: `${listener.url}${new URL(settings.url).pathname}`,
    secret: settings.secret,
    format: 'github',
  });
  // Committed ahead; the clock starts with the push, as a host's webhook would.
  for (let i = 0; i < COMMITS; i++) {
    const item = items[i % items.length]!;
    await hooked.sh(
      'commit',
      '--quiet',
      '--allow-empty',
      '-m',
      `Step ${i + 1} of the work (#${item.issueNumber})`,
    );
  }
  start = process.hrtime.bigint();
  await hooked.sh('push', '--quiet', 'origin', 'main');
  const pushTime = ms(start);
  await git.settled();
  await drainJobs();
  const webhookTime = ms(start);
  const viaWebhook = await recorded();

  const polled = await repository('polled');
  const polledRepo = await connect('polled');
  await call('POST', `${pms}/pmsProjectRepository`, {
    pmsProjectId: project.id,
    repositoryIds: [polledRepo.id],
  });
  await pushCommits(polled.sh);
  const realNow = clock.now;
  clock.now = () => realNow() + 10 * 60_000;
  start = process.hrtime.bigint();
  try {
    await runSchedule('repositories', 'poll');
    await drainJobs();
  } finally {
    clock.now = realNow;
  }
  const pollTime = ms(start);
  const viaBoth = await recorded();
  listener.close();

  console.log('');
  console.log(`Branches: a repository with ${BRANCHES} branches (${LIST_REQUESTS} requests each)`);
  console.log(`  connect (checks the token, reads refs and the last commit): ${fmt(connectTime)}`);
  console.log(`  GET branches, first page of 100     p50 ${fmt(firstPage.p50)}  p95 ${fmt(firstPage.p95)}`);
  console.log(`  GET branches, keyword search        p50 ${fmt(search.p50)}  p95 ${fmt(search.p95)}`);
  console.log(`  floor: git ls-remote --heads        p50 ${fmt(lsRemote.p50)}  p95 ${fmt(lsRemote.p95)}`);
  console.log(`  floor: DynamoDB GetItem             p50 ${fmt(getItem.p50)}  p95 ${fmt(getItem.p95)}`);
  console.log('');
  console.log(`Push of ${COMMITS} commits mentioning ${ITEMS} work items`);
  console.log(`  through the webhook: ${fmt(webhookTime)} from the push to every commit on its item`);
  console.log(`    (of which git push itself ${fmt(pushTime)}); ${viaWebhook} of ${COMMITS} recorded`);
  console.log(
    `  through the poll:    ${fmt(pollTime)} for the poll run and its jobs; ${viaBoth - viaWebhook} of ${COMMITS} recorded`,
  );
  if (viaWebhook !== COMMITS || viaBoth !== 2 * COMMITS)
    throw new Error('Not every commit was recorded: the figures above are not valid');
}

// Last: the helpers above are constants, initialised only when their lines have run.
try {
  await bench();
} finally {
  await git.close();
  await stack.stop();
  rmSync(scratchDir, { recursive: true, force: true });
}
