/**
 * Code repositories end to end in Chromium, against the local git server `npm start` runs:
 * connect a repository from the Code page, set its webhook on the git server from the webhook
 * dialog, link it to a project, create a branch from a bug in the bug's drawer, push a commit
 * mentioning the bug with the real git client, and see the commit in the bug's drawer.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { IssueDetail } from '@shared/schemas/issues';
import type { Project } from '@shared/schemas/projects';
import type { ItemCommit } from '@shared/schemas/repositories';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { ApiSession } from '../../scripts/lib/api-session';
import {
  authedCloneUrl,
  createBareRepository,
  setWebhook,
  webhooksSettled,
} from '../../scripts/lib/git-server';
import { launchBrowser, signIn, snapshot } from './browser';

const run = promisify(execFile);
const baseUrl = inject('baseUrl');
const gitServer = inject('gitServer');
const suffix = randomBytes(3).toString('hex');
const owner = { login: `dev${suffix}`, nickname: 'Dana Dev', password: 'correct-horse-7' };
const identifier = `code-${suffix}`;
const pms = `/api/pms/${identifier}`;
const repoName = `fleet-api-${suffix}`;

let browser: Browser;
let api: ApiSession;
let project: Project;
let bug: IssueDetail;
let workDir: string;

const git = async (...args: string[]) =>
  (
    await run('git', ['-c', 'user.name=Dana Dev', '-c', `user.email=${owner.login}@example.com`, ...args], {
      cwd: workDir,
    })
  ).stdout.trim();

beforeAll(async () => {
  browser = await launchBrowser();
  api = new ApiSession(baseUrl);
  await api.post('/api/auth/signup', { ...owner, email: `${owner.login}@example.com` });
  await api.post('/api/pms/pmsEnterprise', { identifier, name: 'Code Ltd' });
  project = await api.post<Project>(`${pms}/pmsProject`, { name: 'Fleet API' });
  bug = await api.post<IssueDetail>(`${pms}/pmsProjectIssues/add`, {
    pmsProjectId: project.id,
    pmIssueType: 3,
    title: 'Robots report a stale battery level',
  });
  await createBareRepository(gitServer.root, repoName);
  workDir = mkdtempSync(join(tmpdir(), 'browser-wc-'));
  await git('init', '--quiet', '--initial-branch=main');
  await git('remote', 'add', 'origin', authedCloneUrl(gitServer.url, gitServer.token, repoName));
  await git('commit', '--quiet', '--allow-empty', '-m', 'Initial commit');
  await git('push', '--quiet', 'origin', 'main');
});

afterAll(async () => {
  await browser?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

test('connect, link, branch from a bug, push, and see the commit on the bug', async () => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(page, baseUrl, owner);

  // Connect from the Code page.
  await page.goto(`${baseUrl}/${identifier}/codes`);
  await page.getByTestId('codes-empty').waitFor();
  await page.getByRole('button', { name: 'Connect repository' }).first().click();
  const connect = page.getByRole('dialog', { name: 'Connect a repository' });
  await connect.getByLabel('Clone URL').fill(`${gitServer.url}/${repoName}.git`);
  await connect.getByLabel('Access token').fill('not-the-token');
  await connect.getByRole('button', { name: 'Connect' }).click();
  // A wrong token is refused, and said so under the token.
  await connect
    .getByText(/refused the credentials \(HTTP 401\)/)
    .first()
    .waitFor();
  await connect.getByLabel('Access token').fill(gitServer.token);
  await connect.getByRole('button', { name: 'Connect' }).click();
  await connect.waitFor({ state: 'detached' });
  const row = page.getByTestId(`repository-row-${repoName}`);
  await row.waitFor();
  expect(await row.innerText()).toContain('main');

  // Its webhook, set on the git server as a host's settings page would.
  await row.getByRole('button', { name: `Actions of ${repoName}` }).click();
  await page.getByRole('menuitem', { name: 'Webhook settings' }).click();
  const hook = page.getByRole('dialog', { name: `Webhook of ${repoName}` });
  const url = await hook.getByRole('textbox', { name: 'Payload URL' }).inputValue();
  const secret = await hook.getByRole('textbox', { name: 'Secret' }).inputValue();
  expect(url).toBe(`${baseUrl}${pms}/pmsRepository/${url.split('/').at(-2)}/webhook`);
  await setWebhook(gitServer.root, repoName, { url, secret, format: 'gitea' });
  await page.keyboard.press('Escape');
  await snapshot(page, 'repositories-codes');

  // Link it to the project from the project's Code tab.
  await page.goto(`${baseUrl}/${identifier}/projects/${project.id}/code`);
  await page.getByTestId('project-code-empty').waitFor();
  await page.getByRole('button', { name: 'Link repositories' }).first().click();
  const link = page.getByRole('dialog', { name: 'Link repositories' });
  await link.getByRole('combobox', { name: 'Repositories' }).click();
  await page.getByRole('option', { name: new RegExp(repoName) }).click();
  // The multi-select stays open for more; leave it by keyboard, as a person would.
  await page.keyboard.press('Tab');
  await link.getByRole('button', { name: 'Link', exact: true }).click();
  await link.waitFor({ state: 'detached' });
  await page.getByTestId('project-code-table').getByText(repoName, { exact: true }).waitFor();

  // Create a branch from the bug, in its drawer.
  await page.goto(`${baseUrl}/${identifier}/projects/${project.id}/bug`);
  await page.getByRole('link', { name: /#1 / }).click();
  const drawer = page.getByRole('dialog', { name: '#1 Robots report a stale battery level' });
  await drawer.waitFor();
  await drawer.getByRole('tab', { name: 'Code' }).click();
  await drawer.getByRole('button', { name: 'Create branch' }).click();
  const branchName = 'bugfix/1-robots-report-a-stale-battery-level';
  expect(await drawer.getByLabel('Branch name').inputValue()).toBe(branchName);
  await drawer.getByRole('button', { name: 'Create branch' }).click();
  await drawer.getByTestId('item-branches').getByText(branchName, { exact: true }).waitFor();
  expect(await git('ls-remote', '--heads', 'origin', branchName)).toContain(`refs/heads/${branchName}`);
  // The server's own push of the new branch is a push like any other: the host's webhook came.
  const created = await webhooksSettled(gitServer.url);
  expect(created.filter((d) => d.repository === repoName).map((d) => d.status)).toEqual([200]);

  // Work on the branch with the real git client; the push's webhook brings the commit.
  await git('fetch', '--quiet', 'origin', branchName);
  await git('checkout', '--quiet', '-b', branchName, `origin/${branchName}`);
  await git(
    'commit',
    '--quiet',
    '--allow-empty',
    '-m',
    'Read the battery level from the latest report (fixes #1)',
  );
  await git('push', '--quiet', 'origin', branchName);
  const deliveries = await webhooksSettled(gitServer.url);
  expect(deliveries.filter((d) => d.repository === repoName).map((d) => d.status)).toEqual([200]);
  // The delivery is answered before its ingestion job runs: wait for the job's result.
  await expect
    .poll(
      async () =>
        (await api.get<ItemCommit[]>(`${pms}/pmsProjectIssues/repoCommits?issueId=${bug.id}`)).length,
      {
        timeout: 30_000,
      },
    )
    .toBe(1);

  // Opened afresh (the drawer is not in the address, so a reload would close it).
  await page.goto(`${baseUrl}/${identifier}/projects/${project.id}/bug`);
  await page.getByRole('link', { name: /#1 / }).click();
  await drawer.waitFor();
  await drawer.getByRole('tab', { name: 'Code' }).click();
  const commits = drawer.getByTestId('item-commits');
  await commits.getByText('Read the battery level from the latest report (fixes #1)').waitFor();
  expect(await commits.innerText()).toContain(`${repoName} / ${branchName}`);
  await snapshot(page, 'repositories-bug-drawer');
  await page.close();
  // One story through three pages, two git pushes and their webhooks: more than the default.
}, 240_000);
