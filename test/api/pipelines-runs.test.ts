/**
 * Pipelines, step 2 (docs/pipelines.md "Runs"): runs on the local executor, through the whole
 * stack. A repository on the test git server holds the files; the executor checks it out with
 * the real `git` and runs real shell steps. Runs started by hand (parameters checked), failing
 * steps that fail their job and run, jobs side by side, a stop that ends a sleeping step's
 * processes, the per-pipeline queue, reruns (whole and failed jobs only), a push through the
 * real `git` that starts a run, time-outs, the output limit, logs read from offsets, and another
 * enterprise's runs. The tests wait by polling the run's state, never by a fixed sleep.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@shared/schemas/common';
import type { PipelineDetail } from '@shared/schemas/pipelines';
import type { JobLog, PipelineRun, RunResults } from '@shared/schemas/pipelines-runs';
import type { Repository } from '@shared/schemas/repositories';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { drainJobs } from '../../functions/src/core/jobs/jobs';
import { pause } from '../../functions/src/core/pause';
import { localLimits } from '../../functions/src/modules/pipelines/executor/local';
import { expectStatus, type Res } from './helpers';
import { createTeam, type Team } from './issue-fixtures';
import { connect, WorkingCopy } from './repository-fixtures';

let team: Team;
let repository: Repository;
let copy: WorkingCopy;
let headSha: string;
/** A folder the steps and the test share (jobs run in checkouts of their own). */
let shared: string;
let pms: (rest: string) => string;
const owner = () => team.owner.client;
const limits = { ...localLimits };

beforeAll(async () => {
  team = await createTeam(1);
  pms = (rest) => `/api/pms/${team.enterprise.enterpriseIdentifier}/${rest}`;
  shared = await mkdtemp(join(tmpdir(), 'pipeline-runs-test-'));
  copy = await WorkingCopy.create();
  writeFileSync(join(copy.dir, 'hello.txt'), 'hello from the repository\n');
  await copy.git('add', 'hello.txt');
  headSha = await copy.commit('Add hello.txt');
  await copy.push('main');
  repository = await connect(team.owner, team.enterprise, copy);
  expectStatus(
    await owner().post(pms('pmsProjectRepository'), {
      pmsProjectId: team.project.id,
      repositoryIds: [repository.id],
    }),
    201,
  );
});

afterEach(() => {
  Object.assign(localLimits, limits);
});

/** A definition of one stage per entry, each job a list of shell scripts. */
function pipelineYaml(
  stages: Record<string, Record<string, { scripts: string[]; needs?: string[]; timeout?: number }>>,
  head = 'name: Runs',
): string {
  const lines = [head, 'stages:'];
  for (const [stageId, jobs] of Object.entries(stages)) {
    lines.push(`  - id: ${stageId}`, '    jobs:');
    for (const [jobId, job] of Object.entries(jobs)) {
      lines.push(`      - id: ${jobId}`);
      if (job.needs) lines.push(`        needs: [${job.needs.join(', ')}]`);
      lines.push('        steps:');
      job.scripts.forEach((script, i) => {
        lines.push(`          - id: step${i + 1}`, '            uses: shell-script');
        if (job.timeout) lines.push(`            timeoutMinutes: ${job.timeout}`);
        lines.push('            with:', `              script: ${JSON.stringify(script)}`);
      });
    }
  }
  return `${lines.join('\n')}\n`;
}

async function createPipeline(yaml: string): Promise<PipelineDetail> {
  const res = await owner().post<PipelineDetail>(pms('pipelines'), {
    repositoryId: repository.id,
    projectId: team.project.id,
    yaml,
  });
  return expectStatus(res, 201).data;
}

const runPath = (pipeline: PipelineDetail, rest: string) => pms(`pipelines/${pipeline.id}/${rest}`);

async function start(pipeline: PipelineDetail, body: object = {}): Promise<RunResults> {
  return expectStatus(await owner().post<RunResults>(runPath(pipeline, 'run'), body), 201).data;
}

async function results(pipeline: PipelineDetail, number: number): Promise<RunResults> {
  return expectStatus(await owner().get<RunResults>(runPath(pipeline, `run_results/${number}`)), 200).data;
}

/** Polls the run until `until` holds (20 s at most). */
async function waitFor(
  pipeline: PipelineDetail,
  number: number,
  until: (run: RunResults) => boolean,
  what: string,
): Promise<RunResults> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const run = await results(pipeline, number);
    if (until(run)) return run;
    if (Date.now() > deadline) throw new Error(`Run ${number} never got ${what}: ${JSON.stringify(run)}`);
    await pause(50);
  }
}

const ended = (run: RunResults) => ['succeeded', 'failed', 'stopped'].includes(run.status);
const waitForEnd = (pipeline: PipelineDetail, number: number) =>
  waitFor(pipeline, number, ended, 'to an end');
const jobOf = (run: RunResults, id: string) => run.stages.flatMap((s) => s.jobs).find((j) => j.id === id)!;

/** A job's whole log, read as a page follows it: from each answer's nextOffset until complete. */
async function readLog(pipeline: PipelineDetail, number: number, job: string): Promise<string> {
  let offset = 0;
  let text = '';
  for (let reads = 0; reads < 200; reads += 1) {
    const page = expectStatus(
      await owner().get<JobLog>(runPath(pipeline, `runs/${number}/jobs/${job}/logs?offset=${offset}`)),
      200,
    ).data;
    expect(page.offset).toBe(offset);
    expect(page.gaps).toEqual([]);
    text += page.text;
    offset = page.nextOffset;
    if (page.complete) return text;
    await pause(50);
  }
  throw new Error(`The log of ${job} never completed`);
}

/** Whether a process is still there (a zombie waiting for its parent counts as gone). */
function alive(pid: number): boolean {
  try {
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z');
  } catch {
    return false;
  }
}

const expect400 = (res: Res, message: string | RegExp) => {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.errorMessage).toMatch(message);
};

describe('a run on the local executor', () => {
  it('checks out the commit, runs a real shell step with its parameters, and keeps its log by offset', async () => {
    const pipeline = await createPipeline(
      `name: Greet
parameters:
  - name: GREETING
    default: hi
  - name: TIMES
    type: number
    default: 1
stages:
  - id: check
    jobs:
      - id: greet
        steps:
          - id: read
            uses: shell-script
            with:
              script: cat hello.txt && echo "$GREETING from $PIPELINE_BRANCH, {{ params.TIMES }} times"
          - id: commit
            uses: git-info
`,
    );
    const queued = await start(pipeline, { parameters: { GREETING: 'hey', TIMES: '3' } });
    expect(queued).toMatchObject({
      number: 1,
      trigger: 'manual',
      branch: 'main',
      parameters: { GREETING: 'hey', TIMES: 3 },
    });
    expect(queued.creator?.userId).toBe(team.owner.userId);

    const run = await waitForEnd(pipeline, 1);
    expect(run).toMatchObject({ status: 'succeeded', commit: headSha, message: '' });
    expect(run.durationMs).toBeGreaterThanOrEqual(0);
    expect(jobOf(run, 'greet').steps.map((s) => [s.id, s.status, s.exitCode])).toEqual([
      ['read', 'succeeded', 0],
      ['commit', 'succeeded', 0],
    ]);
    const log = await readLog(pipeline, 1, 'greet');
    expect(log).toContain('hello from the repository\nhey from main, 3 times\n');
    expect(log).toContain(`${headSha} Add hello.txt`);

    // Read again from the middle: the rest only; at the end: nothing more, complete.
    const middle = expectStatus(
      await owner().get<JobLog>(runPath(pipeline, 'runs/1/jobs/greet/logs?offset=5')),
      200,
    ).data;
    expect(middle.text).toBe(log.slice(5));
    const atEnd = expectStatus(
      await owner().get<JobLog>(runPath(pipeline, `runs/1/jobs/greet/logs?offset=${log.length}`)),
      200,
    ).data;
    expect(atEnd).toMatchObject({ text: '', nextOffset: log.length, complete: true, status: 'succeeded' });
    expect400(
      await owner().get(runPath(pipeline, `runs/1/jobs/greet/logs?offset=${log.length + 1}`)),
      /^offset: /,
    );
    expect((await owner().get(runPath(pipeline, 'runs/1/jobs/nope/logs'))).status).toBe(404);

    // A branch the repository lacks: the checkout fails, with git's reason, and nothing runs.
    await start(pipeline, { branch: 'no-such-branch' });
    const missing = await waitForEnd(pipeline, 2);
    expect(missing).toMatchObject({ status: 'failed', commit: null });
    expect(missing.message).toMatch(/^The checkout failed: fatal: .*no-such-branch/);
    expect(jobOf(missing, 'greet').status).toBe('skipped');

    const list = expectStatus(await owner().get<Page<PipelineRun>>(runPath(pipeline, 'runs')), 200).data;
    expect(list.rows.map((r) => [r.number, r.status])).toEqual([
      [2, 'failed'],
      [1, 'succeeded'],
    ]);
  });

  it('fails the job and the run at a failing step; later steps and stages do not run', async () => {
    const pipeline = await createPipeline(
      pipelineYaml({
        build: { compile: { scripts: ['echo compiling', 'echo broken >&2; exit 3', 'echo never'] } },
        deploy: { ship: { scripts: ['echo shipped'] } },
      }),
    );
    await start(pipeline);
    const run = await waitForEnd(pipeline, 1);
    expect(run.status).toBe('failed');
    expect(run.message).toBe('Job compile failed');
    expect(jobOf(run, 'compile').steps.map((s) => [s.status, s.exitCode])).toEqual([
      ['succeeded', 0],
      ['failed', 3],
      ['skipped', null],
    ]);
    expect(run.stages.map((s) => [s.id, s.status])).toEqual([
      ['build', 'failed'],
      ['deploy', 'skipped'],
    ]);
    expect(jobOf(run, 'ship').status).toBe('skipped');
    const log = await readLog(pipeline, 1, 'compile');
    expect(log).toContain('compiling\n');
    expect(log).toContain('broken\n[Exit code 3]');
    expect(log).not.toContain('never');
  });

  it("runs a stage's jobs side by side, and a job that needs others after them", async () => {
    localLimits.minuteMs = 5_000;
    // Each job waits for the other's mark: run one after the other, both would time out.
    const dir = await mkdtemp(join(shared, 'parallel-'));
    const pipeline = await createPipeline(
      pipelineYaml({
        both: {
          left: {
            scripts: [`touch ${dir}/left; until [ -e ${dir}/right ]; do sleep 0.05; done`],
            timeout: 1,
          },
          right: {
            scripts: [`touch ${dir}/right; until [ -e ${dir}/left ]; do sleep 0.05; done`],
            timeout: 1,
          },
          after: {
            scripts: [`test -e ${dir}/left && test -e ${dir}/right && echo both`],
            needs: ['left', 'right'],
          },
        },
      }),
    );
    await start(pipeline);
    const run = await waitForEnd(pipeline, 1);
    expect(run.stages[0]!.jobs.map((j) => [j.id, j.status])).toEqual([
      ['left', 'succeeded'],
      ['right', 'succeeded'],
      ['after', 'succeeded'],
    ]);
    const [left, right, after] = run.stages[0]!.jobs;
    expect(after!.startedAt! >= left!.finishedAt! && after!.startedAt! >= right!.finishedAt!).toBe(true);
    expect(run.status).toBe('succeeded');
  });
});

describe('stop, the queue and reruns', () => {
  it('stops a sleeping step (its processes end) while the next runs wait their turn, one at a time', async () => {
    const pipeline = await createPipeline(
      pipelineYaml(
        {
          work: {
            nap: {
              scripts: [`echo started; sleep "$NAP" & echo $! > ${shared}/nap-$PIPELINE_RUN.pid; wait`],
            },
          },
        },
        'name: Naps\nparameters:\n  - name: NAP\n    type: number\n    default: 0',
      ),
    );
    await start(pipeline, { parameters: { NAP: 30 } });
    const running = await waitFor(
      pipeline,
      1,
      (r) => jobOf(r, 'nap').steps[0]!.status === 'running',
      'its step running',
    );
    expect(running.status).toBe('running');
    // The next two wait: one run at a time per pipeline.
    expect((await start(pipeline)).status).toBe('queued');
    expect((await start(pipeline)).status).toBe('queued');
    expect((await results(pipeline, 2)).status).toBe('queued');
    // A queued run is stopped before it starts.
    const never = expectStatus(await owner().post<RunResults>(runPath(pipeline, 'runs/2/stop')), 200).data;
    expect(never).toMatchObject({ status: 'stopped', message: 'Stopped before it started', startedAt: null });
    // A running run may not be run again.
    expect((await owner().post(runPath(pipeline, 'actions/runs/1/rerun'), {})).status).toBe(409);

    let pid = 0;
    for (const deadline = Date.now() + 10_000; !pid && Date.now() < deadline; ) {
      pid = Number(readFileSafe(`${shared}/nap-1.pid`));
      if (!pid) await pause(20);
    }
    expect(alive(pid)).toBe(true);
    const stopped = expectStatus(await owner().post<RunResults>(runPath(pipeline, 'runs/1/stop')), 200).data;
    expect(stopped.status).toBe('stopped');
    expect(jobOf(stopped, 'nap').status).toBe('stopped');
    expect(jobOf(stopped, 'nap').steps[0]!.status).toBe('stopped');
    expect(Date.parse(stopped.finishedAt!) - Date.parse(stopped.startedAt!)).toBeLessThan(10_000);
    expect(alive(pid)).toBe(false);
    expect((await owner().post(runPath(pipeline, 'runs/1/stop'))).status).toBe(409);

    // The slot is free: run 3, queued behind run 1, runs now.
    const third = await waitForEnd(pipeline, 3);
    expect(third.status).toBe('succeeded');
    expect(await readLog(pipeline, 1, 'nap')).toContain('started\n');
  });

  it('reruns a run, or only its failed jobs (the others keep their result)', async () => {
    const dir = await mkdtemp(join(shared, 'rerun-'));
    const pipeline = await createPipeline(
      pipelineYaml({
        checks: {
          steady: { scripts: [`echo steady >> ${dir}/steady.log`] },
          flaky: { scripts: [`test -e ${dir}/fixed`] },
        },
      }),
    );
    await start(pipeline);
    expect((await waitForEnd(pipeline, 1)).status).toBe('failed');

    const again = expectStatus(
      await owner().post<RunResults>(runPath(pipeline, 'actions/runs/1/rerun'), {}),
      201,
    ).data;
    expect(again).toMatchObject({ number: 2, trigger: 'rerun', rerunOf: 1, commit: headSha });
    expect((await waitForEnd(pipeline, 2)).status).toBe('failed');
    expect(readFileSync(join(dir, 'steady.log'), 'utf8')).toBe('steady\nsteady\n');

    writeFileSync(join(dir, 'fixed'), '');
    expectStatus(
      await owner().post<RunResults>(runPath(pipeline, 'actions/runs/2/rerun'), { failedOnly: true }),
      201,
    );
    const third = await waitForEnd(pipeline, 3);
    expect(third.status).toBe('succeeded');
    expect(jobOf(third, 'steady')).toMatchObject({ status: 'succeeded', reusedFrom: 2, startedAt: null });
    expect(jobOf(third, 'flaky')).toMatchObject({ status: 'succeeded', reusedFrom: null });
    // The kept job did not run again.
    expect(readFileSync(join(dir, 'steady.log'), 'utf8')).toBe('steady\nsteady\n');
    expect((await owner().post(runPath(pipeline, 'actions/runs/3/rerun'), { failedOnly: true })).status).toBe(
      409,
    );
  });
});

describe('limits', () => {
  it('fails a step that runs past its time-out, ending its processes', async () => {
    localLimits.minuteMs = 300;
    const pipeline = await createPipeline(
      pipelineYaml({ slow: { sleeper: { scripts: ['echo going to sleep; sleep 20'], timeout: 1 } } }),
    );
    await start(pipeline);
    const run = await waitForEnd(pipeline, 1);
    expect(run.status).toBe('failed');
    expect(jobOf(run, 'sleeper').steps[0]).toMatchObject({
      status: 'failed',
      message: 'Timed out after 1 minute',
    });
    expect(Date.parse(run.finishedAt!) - Date.parse(run.startedAt!)).toBeLessThan(10_000);
    expect(await readLog(pipeline, 1, 'sleeper')).toContain('going to sleep\n[Timed out after 1 minute]');
  });

  it("keeps a step's output up to the limit, and says so", async () => {
    localLimits.outputLimitChars = 1_000;
    const pipeline = await createPipeline(
      pipelineYaml({ loud: { shout: { scripts: ['for i in $(seq 1 2000); do echo line $i; done'] } } }),
    );
    await start(pipeline);
    expect((await waitForEnd(pipeline, 1)).status).toBe('succeeded');
    const log = await readLog(pipeline, 1, 'shout');
    expect(log).toContain('line 1\n');
    expect(log).not.toContain('line 2000');
    expect(log).toContain('[output limit of 1000 characters reached: the rest is not kept]');
    expect(log.length).toBeLessThan(1_300);
  });
});

describe('a push starts the pipelines whose trigger names the branch', () => {
  it('through the real git: the pushed commit runs, once; other branches start nothing', async () => {
    const pipeline = await createPipeline(
      pipelineYaml(
        { check: { info: { scripts: ['git log -1 --format=%s'] } } },
        'name: On release\ntrigger:\n  manual: false\n  push:\n    branches: [release/*]',
      ),
    );
    // Not started by hand.
    expect((await owner().post(runPath(pipeline, 'run'), {})).status).toBe(409);

    await copy.git('checkout', '--quiet', '-b', 'release/1.0');
    const sha = await copy.commit('Release 1.0');
    await copy.git('checkout', '--quiet', '-b', 'feature/other');
    await copy.commit('Not a release');
    await copy.push('release/1.0', 'feature/other');
    await copy.git('checkout', '--quiet', 'main');
    const base = `pmsRepository/${repository.id}/sync`;
    expectStatus(await owner().post(pms(base)), 200);
    await drainJobs();

    const run = await waitForEnd(pipeline, 1);
    expect(run).toMatchObject({
      status: 'succeeded',
      trigger: 'push',
      branch: 'release/1.0',
      commit: sha,
      creator: null,
    });
    expect(await readLog(pipeline, 1, 'info')).toContain('Release 1.0\n');

    // The same push seen again starts nothing more.
    expectStatus(await owner().post(pms(base)), 200);
    await drainJobs();
    const runs = expectStatus(await owner().get<Page<PipelineRun>>(runPath(pipeline, 'runs')), 200).data;
    expect(runs.rows.map((r) => [r.number, r.branch])).toEqual([[1, 'release/1.0']]);
  });
});

describe('refusals', () => {
  it('refuses bad parameters and branches (400 naming the field) and a disabled pipeline (409)', async () => {
    const pipeline = await createPipeline(
      pipelineYaml(
        { s: { j: { scripts: ['true'] } } },
        'name: Strict\nparameters:\n  - name: TARGET\n    type: select\n    options: [staging, production]\n  - name: COUNT\n    type: number\n    default: 1',
      ),
    );
    expect400(await owner().post(runPath(pipeline, 'run'), {}), 'parameters.TARGET: TARGET is required');
    expect400(
      await owner().post(runPath(pipeline, 'run'), { parameters: { TARGET: 'moon' } }),
      'parameters.TARGET: TARGET must be one of staging, production',
    );
    expect400(
      await owner().post(runPath(pipeline, 'run'), { parameters: { TARGET: 'staging', COUNT: 'many' } }),
      'parameters.COUNT: COUNT must be a number',
    );
    expect400(
      await owner().post(runPath(pipeline, 'run'), { parameters: { TARGET: 'staging', OTHER: 1 } }),
      'parameters.OTHER: the pipeline has no parameter OTHER',
    );
    expect400(
      await owner().post(runPath(pipeline, 'run'), { parameters: { TARGET: 'staging' }, branch: '../x' }),
      /^branch: /,
    );
    expect((await owner().get(runPath(pipeline, 'run_results/1'))).status).toBe(404);
    expect400(await owner().get(runPath(pipeline, 'run_results/zero')), /^run: /);

    expectStatus(await owner().post(runPath(pipeline, 'disable')), 200);
    const disabled = await owner().post(runPath(pipeline, 'run'), { parameters: { TARGET: 'staging' } });
    expect(disabled.status).toBe(409);
    expect(disabled.body.errorMessage).toMatch(/disabled/);
    const list = expectStatus(await owner().get<Page<PipelineRun>>(runPath(pipeline, 'runs')), 200).data;
    expect(list.total).toBe(0);
  });

  it("answers 404 for another enterprise's pipeline and runs", async () => {
    const pipeline = await createPipeline(pipelineYaml({ s: { j: { scripts: ['echo mine'] } } }));
    await start(pipeline);
    await waitForEnd(pipeline, 1);
    const other = await createTeam(1);
    const theirs = (rest: string) =>
      `/api/pms/${other.enterprise.enterpriseIdentifier}/pipelines/${pipeline.id}/${rest}`;
    const client = other.owner.client;
    for (const res of [
      await client.get(theirs('runs')),
      await client.get(theirs('run_results/1')),
      await client.get(theirs('runs/1/jobs/j/logs')),
      await client.post(theirs('run'), {}),
      await client.post(theirs('runs/1/stop')),
      await client.post(theirs('actions/runs/1/rerun'), {}),
    ]) {
      expect(res.status, JSON.stringify(res.body)).toBe(404);
    }
    const runs = expectStatus(await owner().get<Page<PipelineRun>>(runPath(pipeline, 'runs')), 200).data;
    expect(runs.total).toBe(1);
  });
});

function readFileSafe(path: string): string {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return '';
  }
}
