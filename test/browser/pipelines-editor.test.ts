/**
 * The pipeline editor end to end in Chromium (docs/pipelines.md "Editor"): a pipeline on a
 * repository of the local git server is built in the visual editor (an action node dragged onto
 * the new-stage zone, its command typed in the side form), its YAML is seen and edited (the graph
 * follows; broken YAML keeps the last good graph and names its line), it is saved, and then run
 * on the local executor: its failing job's log is read, and only the failed job is run again.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { PipelineDetail } from '@shared/schemas/pipelines';
import type { JobLog, RunResults } from '@shared/schemas/pipelines-runs';
import type { Project } from '@shared/schemas/projects';
import type { Repository } from '@shared/schemas/repositories';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { parse } from 'yaml';
import { ApiSession } from '../../scripts/lib/api-session';
import { authedCloneUrl, createBareRepository } from '../../scripts/lib/git-server';
import { launchBrowser, signIn, snapshot } from './browser';

const run = promisify(execFile);
const baseUrl = inject('baseUrl');
const gitServer = inject('gitServer');
const suffix = randomBytes(3).toString('hex');
const owner = { login: `pe${suffix}`, nickname: 'Pia Pipes', password: 'correct-horse-7' };
const identifier = `pipes-${suffix}`;
const pms = `/api/pms/${identifier}`;
const repoName = `editor-repo-${suffix}`;

const FIRST_YAML = `name: Editor flow # made by the test
stages:
  - id: build
    name: Build
    jobs:
      - id: build
        name: Build
        steps:
          - id: hello
            uses: echo
            with:
              message: hello from build
`;

let browser: Browser;
let api: ApiSession;
let pipeline: PipelineDetail;
let workDir: string;
/** Where the new step leaves a mark, so it fails the first time and passes on the rerun. */
let markDir: string;

beforeAll(async () => {
  browser = await launchBrowser();
  api = new ApiSession(baseUrl);
  await api.post('/api/auth/signup', { ...owner, email: `${owner.login}@example.com` });
  await api.post('/api/pms/pmsEnterprise', { identifier, name: 'Pipes Ltd' });
  const project = await api.post<Project>(`${pms}/pmsProject`, { name: 'Pipes' });
  await createBareRepository(gitServer.root, repoName);
  workDir = mkdtempSync(join(tmpdir(), 'browser-pe-'));
  markDir = mkdtempSync(join(tmpdir(), 'browser-pe-mark-'));
  const git = (...args: string[]) =>
    run('git', ['-c', 'user.name=Pia', '-c', 'user.email=pia@example.com', ...args], { cwd: workDir });
  await git('init', '--quiet', '--initial-branch=main');
  await git('remote', 'add', 'origin', authedCloneUrl(gitServer.url, gitServer.token, repoName));
  await git('commit', '--quiet', '--allow-empty', '-m', 'Initial commit');
  await git('push', '--quiet', 'origin', 'main');
  const repository = await api.post<Repository>(`${pms}/pmsRepository`, {
    cloneUrl: `${gitServer.url}/${repoName}.git`,
    token: gitServer.token,
  });
  await api.post(`${pms}/pmsProjectRepository`, { pmsProjectId: project.id, repositoryIds: [repository.id] });
  pipeline = await api.post<PipelineDetail>(`${pms}/pipelines`, {
    repositoryId: repository.id,
    projectId: project.id,
    yaml: FIRST_YAML,
  });
});

afterAll(async () => {
  await browser?.close();
  for (const dir of [workDir, markDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The YAML pane's text, as CodeMirror holds it. */
const yamlText = (page: Page) =>
  page.evaluate(() => {
    const lines = [...document.querySelectorAll('[data-testid="pipeline-yaml"] .cm-line')];
    return lines.map((line) => line.textContent ?? '').join('\n');
  });

/** Replaces the YAML pane's text as a person pasting it would. */
async function typeYaml(page: Page, text: string) {
  await page.locator('[data-testid="pipeline-yaml"] .cm-content').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(text);
}

async function waitForRun(number: number, until: (r: RunResults) => boolean): Promise<RunResults> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const result = await api.get<RunResults>(`${pms}/pipelines/${pipeline.id}/run_results/${number}`);
    if (until(result)) return result;
    if (Date.now() > deadline) throw new Error(`run ${number}: ${JSON.stringify(result)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
const ended = (r: RunResults) => ['succeeded', 'failed', 'stopped'].includes(r.status);

test('build a pipeline in the visual editor, edit its YAML, save, run it and rerun the failed job', async () => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(page, baseUrl, owner);
  await page.goto(`${baseUrl}/${identifier}/pipeline/${pipeline.repositoryId}/${pipeline.id}/edit`);
  await page.getByTestId('graph-job-build').waitFor();
  await expect.poll(() => yamlText(page)).toContain('message: hello from build');

  // A shell step dragged onto the new-stage zone makes a stage, a job and the step.
  await page.getByTestId('palette-shell-script').dragTo(page.getByTestId('graph-new-stage'));
  await page.getByTestId('graph-step-shell-script').click();
  // Its required script is missing until it is typed; the check says so at its line.
  await expect
    .poll(() => page.getByTestId('definition-problems').textContent())
    .toContain('script is required');
  const script = `if [ -f ${markDir}/ran ]; then echo second time lucky; else touch ${markDir}/ran; echo first try fails; exit 3; fi`;
  await page.getByTestId('pipeline-inspector').getByLabel('Script').fill(script);
  await expect.poll(() => yamlText(page)).toContain('uses: shell-script');
  const built = await yamlText(page);
  const stage = (parse(built) as { stages: { jobs: { steps: { with?: object }[] }[] }[] }).stages[1];
  expect(stage?.jobs[0]?.steps[0]?.with).toEqual({ script });
  expect(built).toContain('name: Editor flow # made by the test');
  await expect.poll(() => page.getByTestId('definition-problems').textContent()).toBe('');
  await snapshot(page, 'pipelines-editor-built');

  // The YAML edited by hand: the graph follows (the job's new name).
  await typeYaml(page, built.replace('name: Job 2', 'name: Ship it'));
  await page.getByTestId('graph-job-job-2').getByText('Ship it').waitFor();
  // Broken YAML keeps the last good graph and names its line.
  await typeYaml(page, `${built.replace('name: Job 2', 'name: Ship it')}  - id: [oops\n`);
  await page.getByTestId('graph-stale').waitFor();
  await expect.poll(() => page.getByTestId('definition-problems').textContent()).toMatch(/^line \d+/);
  await expect(page.getByTestId('graph-job-job-2').getByText('Ship it').isVisible()).resolves.toBe(true);
  await typeYaml(page, built.replace('name: Job 2', 'name: Ship it'));
  await page.getByTestId('graph-stale').waitFor({ state: 'detached' });

  await page.getByTestId('save-pipeline').click();
  await page.getByText('Saved as revision 2').waitFor();
  const saved = await api.get<PipelineDetail>(`${pms}/pipelines/${pipeline.id}`);
  expect(saved.yaml).toBe(await yamlText(page).then((t) => `${t}`.replace(/\n?$/, '\n')));
  expect(saved.yaml).toContain('name: Ship it');
  await snapshot(page, 'pipelines-editor-saved');

  // Run it: the new job fails with its log, the rerun of the failed job only passes.
  const first = await api.post<RunResults>(`${pms}/pipelines/${pipeline.id}/run`, {});
  const failed = await waitForRun(first.number, ended);
  expect(failed.status).toBe('failed');
  const log = await api.get<JobLog>(
    `${pms}/pipelines/${pipeline.id}/runs/${first.number}/jobs/job-2/logs?offset=0`,
  );
  expect(log.text).toContain('first try fails');
  const rerun = await api.post<RunResults>(
    `${pms}/pipelines/${pipeline.id}/actions/runs/${first.number}/rerun`,
    {
      failedOnly: true,
    },
  );
  const second = await waitForRun(rerun.number, ended);
  expect(second.status).toBe('succeeded');
  const build = second.stages.flatMap((s) => s.jobs).find((j) => j.id === 'build');
  expect(build?.reusedFrom).toBe(first.number);
  const rerunLog = await api.get<JobLog>(
    `${pms}/pipelines/${pipeline.id}/runs/${rerun.number}/jobs/job-2/logs?offset=0`,
  );
  expect(rerunLog.text).toContain('second time lucky');
  // The run detail page shows the failed run's log of that job.
  await page.goto(
    `${baseUrl}/${identifier}/pipeline/${pipeline.repositoryId}/${pipeline.id}?run=${first.number}&job=job-2`,
  );
  await page.getByText('first try fails').first().waitFor();
  await page.close();
});
