/**
 * The pipeline pages end to end in Chromium, against the local executor `npm start` runs: the
 * card list of two pipelines on a repository of the local git server, "Add pipeline" from a
 * template into the editor's address, a run started from its card whose log appears in the run
 * detail while it runs and is still there after a reload, a failing run whose failed job alone
 * is rerun (the job that passed keeps its result), and a node type created and renamed on the
 * admin pages. Then the card grid's page size: 20 chosen, kept over a reload. Every wait polls the
 * page; nothing sleeps.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { PipelineDetail } from '@shared/schemas/pipelines';
import type { Project } from '@shared/schemas/projects';
import type { Repository } from '@shared/schemas/repositories';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { ApiSession } from '../../scripts/lib/api-session';
import { authedCloneUrl, createBareRepository } from '../../scripts/lib/git-server';
import { launchBrowser, signIn, snapshot } from './browser';
import { expectPageSizeKept } from './page-size';

const run = promisify(execFile);
const baseUrl = inject('baseUrl');
const gitServer = inject('gitServer');
const suffix = randomBytes(3).toString('hex');
const owner = { login: `pipe${suffix}`, nickname: 'Pia Pipe', password: 'correct-horse-7' };
const identifier = `pipes-${suffix}`;
const pms = `/api/pms/${identifier}`;
const repoName = `pipes-${suffix}`;

let browser: Browser;
let api: ApiSession;
let project: Project;
let repository: Repository;
let workDir: string;
/** The steps and the test share it (steps run on this machine: the local executor). */
let shared: string;

const git = async (...args: string[]) =>
  (
    await run('git', ['-c', 'user.name=Pia Pipe', '-c', `user.email=${owner.login}@example.com`, ...args], {
      cwd: workDir,
    })
  ).stdout.trim();

/** One stage of shell jobs: each job's lines are one script step. */
function definition(name: string, jobs: Record<string, string>): string {
  const lines = [`name: ${name}`, 'stages:', '  - id: build', '    name: Build', '    jobs:'];
  for (const [id, script] of Object.entries(jobs)) {
    lines.push(
      `      - id: ${id}`,
      '        steps:',
      `          - id: ${id}-step`,
      `            name: ${id} step`,
      '            uses: shell-script',
      '            with:',
      `              script: ${JSON.stringify(script)}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

beforeAll(async () => {
  browser = await launchBrowser();
  api = new ApiSession(baseUrl);
  await api.post('/api/auth/signup', { ...owner, email: `${owner.login}@example.com` });
  await api.post('/api/pms/pmsEnterprise', { identifier, name: 'Pipes Ltd' });
  project = await api.post<Project>(`${pms}/pmsProject`, { name: 'Pipes' });
  await createBareRepository(gitServer.root, repoName);
  workDir = mkdtempSync(join(tmpdir(), 'browser-pipes-wc-'));
  shared = mkdtempSync(join(tmpdir(), 'browser-pipes-shared-'));
  await git('init', '--quiet', '--initial-branch=main');
  await git('remote', 'add', 'origin', authedCloneUrl(gitServer.url, gitServer.token, repoName));
  await git('commit', '--quiet', '--allow-empty', '-m', 'Initial commit');
  await git('push', '--quiet', 'origin', 'main');
  repository = await api.post<Repository>(`${pms}/pmsRepository`, {
    cloneUrl: `${gitServer.url}/${repoName}.git`,
    token: gitServer.token,
  });
  await api.post(`${pms}/pmsProjectRepository`, { pmsProjectId: project.id, repositoryIds: [repository.id] });
  const create = (yaml: string) =>
    api.post<PipelineDetail>(`${pms}/pipelines`, {
      repositoryId: repository.id,
      projectId: project.id,
      yaml,
    });
  // Three lines a moment apart, so the log is followed while the job runs.
  await create(
    definition('Hello pipeline', {
      hello: 'echo "hello from the pipeline"; sleep 1; echo "second line"; sleep 1; echo "all done"',
    }),
  );
  // Fails until the test writes the marker: the rerun of its failed job then passes.
  await create(
    definition('Flaky pipeline', {
      steady: 'echo "steady passes"',
      flaky: `test -f ${join(shared, 'fixed')} || { echo "the marker is missing" >&2; exit 3; }; echo "fixed now"`,
    }),
  );
});

afterAll(async () => {
  await browser?.close();
  for (const dir of [workDir, shared]) if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Both widths the pages are made for, saved beside the other tests' screenshots. */
async function shots(page: Page, name: string) {
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await snapshot(page, `pipelines-${name}-${width}`);
  }
}

const runStatus = (page: Page) => page.getByTestId('run-status');

test('run from the card, follow the log, reload, rerun the failed job, add a node type', async () => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(page, baseUrl, owner);

  // The card list: both pipelines, never run yet.
  await page.goto(`${baseUrl}/${identifier}/pipeline`);
  const hello = page.getByTestId('pipeline-card-Hello pipeline');
  await hello.waitFor();
  await page.getByTestId('pipeline-card-Flaky pipeline').waitFor();
  expect(await hello.innerText()).toContain('Never run');
  expect(await hello.innerText()).toContain(repoName);
  await shots(page, 'cards');

  // Add pipeline: project, its repository, a template; the editor's address opens.
  await page.getByRole('button', { name: 'Add pipeline' }).first().click();
  const add = page.getByRole('dialog', { name: 'Add pipeline' });
  await add.getByLabel(/^Project/).click();
  await page.getByRole('option', { name: 'Pipes' }).click();
  await add.getByLabel(/^Repository/).click();
  await page.getByRole('option', { name: repoName }).click();
  await add.getByRole('button', { name: 'Create and edit' }).click();
  await page.waitForURL(new RegExp(`/${identifier}/pipeline/${repository.id}/[^/]+/edit$`));

  // Run the hello pipeline from its card; the run detail follows its log as it comes.
  await page.goto(`${baseUrl}/${identifier}/pipeline`);
  await page.getByRole('button', { name: 'Run Hello pipeline' }).click();
  await page.waitForURL(/\?run=1/);
  const log = page.getByTestId('job-log');
  await log.getByText('hello from the pipeline', { exact: true }).waitFor();
  await log.getByText('all done', { exact: true }).waitFor();
  await runStatus(page).and(page.locator('[data-state="succeeded"]')).waitFor();
  await shots(page, 'run-detail');

  // A reload reads the log again from the start: every line is still there.
  await page.reload();
  await log.getByText('all done', { exact: true }).waitFor();
  expect(await log.innerText()).toContain('hello from the pipeline');
  expect(await log.innerText()).toContain('[Exit code 0]');
  expect(page.url()).toContain('run=1');

  // The flaky pipeline fails; its failed job alone is rerun once the marker is there.
  await page.goto(`${baseUrl}/${identifier}/pipeline`);
  await page.getByRole('button', { name: 'Run Flaky pipeline' }).click();
  await page.waitForURL(/\?run=1/);
  await runStatus(page).and(page.locator('[data-state="failed"]')).waitFor();
  await page.getByTestId('job-flaky').click();
  await log.getByText('the marker is missing', { exact: true }).waitFor();
  writeFileSync(join(shared, 'fixed'), 'yes\n');
  await page.getByRole('button', { name: 'Rerun failed jobs' }).click();
  await page.waitForURL(/\?run=2/);
  await runStatus(page).and(page.locator('[data-state="succeeded"]')).waitFor();
  expect(await page.getByTestId('job-steady').innerText()).toContain('result of run #1');
  await page.getByTestId('job-flaky').click();
  await log.getByText('fixed now', { exact: true }).waitFor();

  // The run records list both runs, newest first.
  await page.getByRole('link', { name: 'Run records' }).click();
  await page.getByTestId('run-row-2').waitFor();
  expect(await page.getByTestId('run-row-2').innerText()).toContain('Rerun of #1');
  expect(await page.getByTestId('run-row-1').innerText()).toMatch(/failed/i);
  await shots(page, 'run-records');

  // Admin: a node type created, then renamed.
  await page.goto(`${baseUrl}/${identifier}/admin/pipeline/nodeTypeAdd`);
  const form = page.getByTestId('node-type-form');
  await form.getByRole('textbox', { name: 'Key' }).fill('deploy-tools');
  await form.getByRole('textbox', { name: 'Name' }).fill('Deploy tools');
  await form.getByRole('button', { name: 'Save' }).click();
  const row = page.getByTestId('node-type-row-deploy-tools');
  await row.waitFor();
  await row.getByRole('link', { name: 'Deploy tools' }).click();
  await form.getByRole('textbox', { name: 'Name' }).fill('Deployment tools');
  await form.getByRole('button', { name: 'Save' }).click();
  await row.getByText('Deployment tools').waitFor();
  await shots(page, 'node-types');
  await page.close();
  // Three runs on the local executor (checkouts from the git server) and six pages.
}, 180_000);

test('the card grid offers 10, 20, 50 or 100 a page and keeps the choice over a reload', async () => {
  // Eleven pipelines, whatever the test before left: one more than the first page holds.
  const { total } = await api.get<{ total: number }>(`${pms}/pipelines/list?pageNum=1&pageSize=10`);
  for (let n = total; n < 11; n += 1) {
    await api.post(`${pms}/pipelines`, {
      repositoryId: repository.id,
      projectId: project.id,
      yaml: definition(`Spare pipeline ${n}`, { spare: 'echo spare' }),
    });
  }
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(page, baseUrl, owner);
  await page.goto(`${baseUrl}/${identifier}/pipeline`);
  const cards = page.getByTestId('pipeline-cards').locator('[data-testid^="pipeline-card-"]');
  await expectPageSizeKept(page, 'pipelines', cards);
  await shots(page, 'cards-20-a-page');
  await page.close();
}, 60_000);
