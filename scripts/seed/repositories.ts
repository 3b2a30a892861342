/**
 * Demo code repositories for the Fleet Console project, on the local git server `npm start` runs
 * (git http-backend on DATA_DIR/git): two repositories with a history whose commits mention the
 * project's work items, connected through the API with the server's token, linked to the
 * project, with webhooks pointing back at the workspace. New commits are then pushed with the
 * real git client, so their webhooks attach them to the items they mention, and a branch is
 * created from a bug. Idempotent: repositories connected already are left alone.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page, Project } from '@shared/index';
import type { IssueRow } from '@shared/schemas/issues';
import type { Repository, WebhookSettings } from '@shared/schemas/repositories';
import { authedCloneUrl, createBareRepository, setWebhook, webhooksSettled } from '../lib/git-server';
import type { LocalGitInfo } from '../lib/product';
import { DEMO_IDENTIFIER, type FoundationSeed } from './foundation';

const run = promisify(execFile);
const BASE = `/api/pms/${DEMO_IDENTIFIER}`;
const PROJECT = 'Fleet Console';

interface Author {
  name: string;
  email: string;
}

const PEOPLE: Author[] = [
  { name: 'Bob Martins', email: 'bob@acme.example' },
  { name: 'Dave Kowalski', email: 'dave@acme.example' },
  { name: 'Hiro Tanaka', email: 'hiro@acme.example' },
];

/** A commit message per work item: what a developer would write when working on it. */
const VERBS = ['Fix', 'Handle', 'Add tests for', 'Refactor', 'Tidy up'];

async function git(dir: string, author: Author, ...args: string[]): Promise<string> {
  const { stdout } = await run(
    'git',
    [
      '-c',
      `user.name=${author.name}`,
      '-c',
      `user.email=${author.email}`,
      '-c',
      'commit.gpgsign=false',
      ...args,
    ],
    { cwd: dir },
  );
  return stdout.trim();
}

/** A repository with `history` commits pushed (before it is connected: not attached to items). */
async function makeRepository(gitInfo: LocalGitInfo, name: string, history: string[]): Promise<string> {
  await createBareRepository(gitInfo.root, name);
  const dir = mkdtempSync(join(tmpdir(), `seed-${name}-`));
  const first = PEOPLE[0]!;
  await git(dir, first, 'init', '--quiet', '--initial-branch=main');
  await git(dir, first, 'remote', 'add', 'origin', authedCloneUrl(gitInfo.url, gitInfo.token, name));
  for (const [i, message] of history.entries()) {
    await git(dir, PEOPLE[i % PEOPLE.length]!, 'commit', '--quiet', '--allow-empty', '-m', message);
  }
  await git(dir, first, 'push', '--quiet', 'origin', 'main');
  return dir;
}

export async function seedRepositories(
  seed: FoundationSeed,
  gitInfo: LocalGitInfo | null,
  baseUrl: string,
): Promise<number> {
  if (!gitInfo) return 0;
  const owner = seed.owner;
  const developer = seed.sessions.get('bob')!;
  const existing = await owner.get<Page<Repository>>(`${BASE}/pmsRepository/list?kind=code&pageSize=100`);
  if (existing.total > 0) return 0;
  const projects = await owner.get<Page<Project>>(
    `${BASE}/pmsProject/list?keyword=${encodeURIComponent(PROJECT)}`,
  );
  const project = projects.rows.find((p) => p.name === PROJECT);
  if (!project) return 0;
  const items = await owner.get<{ rows: IssueRow[] }>(
    `${BASE}/pmsProjectIssues/list?pmsProjectId=${project.id}&pageSize=40`,
  );
  const bugs = items.rows.filter((i) => i.pmIssueType === 3);
  const others = items.rows.filter((i) => i.pmIssueType !== 3);

  const plans = [
    { name: 'fleet-console-web', about: 'The operator console (React)', items: others.slice(0, 6) },
    {
      name: 'fleet-api',
      about: 'The fleet API and its workers',
      items: [...bugs.slice(0, 4), ...others.slice(6, 9)],
    },
  ];
  const work: { name: string; dir: string; items: IssueRow[] }[] = [];
  for (const plan of plans) {
    const history = ['Initial commit', 'Set up the build and lint', 'Add the CI configuration'];
    const dir = await makeRepository(gitInfo, plan.name, history);
    const repository = await owner.post<Repository>(`${BASE}/pmsRepository`, {
      cloneUrl: `${gitInfo.url}/${plan.name}.git`,
      token: gitInfo.token,
      description: plan.about,
    });
    await owner.post(`${BASE}/pmsProjectRepository`, {
      pmsProjectId: project.id,
      repositoryIds: [repository.id],
    });
    const hook = await owner.get<WebhookSettings>(`${BASE}/pmsRepository/${repository.id}/webhook`);
    // The workspace as this seed reaches it (the hook's own host may be a proxy's name).
    await setWebhook(gitInfo.root, plan.name, {
      url: `${baseUrl}${new URL(hook.url).pathname}`,
      secret: hook.secret,
      format: plan.name === 'fleet-api' ? 'gitlab' : 'github',
    });
    work.push({ name: plan.name, dir, items: plan.items });
  }

  // Work on the items, pushed after the webhooks are in place: each push reaches its items.
  for (const { dir, items: planned } of work) {
    for (const [i, item] of planned.entries()) {
      const author = PEOPLE[i % PEOPLE.length]!;
      const verb = VERBS[i % VERBS.length]!;
      await git(
        dir,
        author,
        'commit',
        '--quiet',
        '--allow-empty',
        '-m',
        `${verb} ${item.title.toLowerCase()} (#${item.issueNumber})`,
      );
      if (i % 2 === 1) await git(dir, author, 'push', '--quiet', 'origin', 'main');
    }
    await git(dir, PEOPLE[0]!, 'push', '--quiet', 'origin', 'main');
  }
  await webhooksSettled(gitInfo.url);

  // A branch made from a bug, through the API (pushed over git by the server).
  const bug = bugs[0];
  const api = (await owner.get<Page<Repository>>(`${BASE}/pmsRepository/list?keyword=fleet-api`)).rows[0];
  if (bug && api) {
    await developer.post(`${BASE}/pmsProjectIssues/repoBranches`, { issueId: bug.id, repositoryId: api.id });
  }
  for (const { dir } of work) rmSync(dir, { recursive: true, force: true });
  return work.length;
}
