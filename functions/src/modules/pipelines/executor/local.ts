/**
 * The local executor, the embedded default (`npm start`, the tests): each run is checked out with
 * the real `git` into a scratch folder (under DATA_DIR, else the OS temp folder), its stages run
 * in order, the jobs of a stage side by side (at most `localLimits.parallelJobs`, each in its own
 * copy of the checkout, after the jobs it `needs`), and a job's steps in order, each its node's
 * command run with `sh -c` in a process group of its own. A step's exit code decides it; a
 * time-out or a stop ends its whole process group. Output goes to the job's log in chunks.
 *
 * No isolation: steps run as the server's user, on its machine, with its network. They get only
 * PATH, HOME, the run's parameters and the PIPELINE_* variables, not the server's environment
 * (which holds its keys). docs/pipelines.md "The local executor".
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cp, mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { promisify } from 'node:util';
import { nowIso } from '@core/clock';
import { renderCommand } from '@shared/domain/pipeline-definition';
import { isFinished, type JobState } from '@shared/domain/pipeline-run';
import type { RemoteAccess } from '../../repositories';
import {
  type JobRecord,
  MAX_LOG_CHUNK_CHARS,
  type RunRecord,
  type StageRecord,
  type StepRecord,
} from '../store/runs';
import { type RunExecutor, type RunPlan, type RunReporter, runIdOf } from './executor';

const execFileAsync = promisify(execFile);

/** The executor's limits; tests shorten the minute so a time-out is quick to see. */
export const localLimits = {
  /** How long a `timeoutMinutes` minute is. */
  minuteMs: 60_000,
  /** A step without `timeoutMinutes` may run this long. */
  defaultTimeoutMinutes: 60,
  /** Characters of one step's output kept in the log; the rest is dropped with a note. */
  outputLimitChars: 1_000_000,
  /** Jobs of one stage running at once. */
  parallelJobs: 4,
  /** After SIGTERM, a process group has this long before SIGKILL. */
  killGraceMs: 2_000,
  /** A log's pending output is written at least this often. */
  flushMs: 200,
  /** The checkout's git commands (fetch included) may take this long. */
  gitTimeoutMs: 120_000,
};

const scratchRoot = () =>
  join(process.env.DATA_DIR ? resolve(process.env.DATA_DIR) : tmpdir(), 'pipeline-runs');

const active = new Map<string, LocalRun>();

export const localExecutor: RunExecutor = {
  mode: 'in-process',
  async run(plan, reporter) {
    const id = runIdOf(plan.run);
    const local = new LocalRun(
      plan,
      reporter,
      join(scratchRoot(), `${plan.run.pipelineId}-${plan.run.number}-${randomUUID().slice(0, 8)}`),
    );
    active.set(id, local);
    try {
      await local.execute();
    } finally {
      active.delete(id);
    }
  },
  async stop(run) {
    const local = active.get(runIdOf(run));
    if (!local) return false;
    local.stop();
    return true;
  },
};

class LocalRun {
  private stopping = false;
  private readonly children = new Set<ChildProcess>();
  private saving: Promise<void> = Promise.resolve();

  constructor(
    private readonly plan: RunPlan,
    private readonly reporter: RunReporter,
    private readonly workDir: string,
  ) {}

  private get run(): RunRecord {
    return this.plan.run;
  }

  stop(): void {
    this.stopping = true;
    for (const child of this.children) endGroup(child);
  }

  /** Writes the run's states; writes go one after another, so the last one written is the newest. */
  private save(): Promise<void> {
    this.saving = this.saving
      .then(() => this.reporter.progress(this.run))
      .catch((error) => console.error(`Run ${runIdOf(this.run)}: its states were not written`, error));
    return this.saving;
  }

  async execute(): Promise<void> {
    this.run.status = 'running';
    this.run.startedAt ??= nowIso();
    let failed = false;
    try {
      const source = join(this.workDir, 'source');
      this.run.commit = await checkout(this.plan.remote, this.run.branch, this.run.commit, source);
      this.run.commitAuthorEmail = await commitAuthorEmail(source);
      await this.save();
      for (const stage of this.run.stages) {
        if (failed || this.stopping) break;
        stage.status = 'running';
        await this.save();
        await this.runStage(stage, source);
        stage.status = stageState(stage);
        failed = stage.status === 'failed';
      }
    } catch (error) {
      failed = true;
      this.run.message = `The checkout failed: ${String((error as Error).message ?? error).split('\n')[0]}`;
    } finally {
      this.finish(failed);
      await this.save();
      await rm(this.workDir, { recursive: true, force: true }).catch(() => undefined);
    }
  }

  /** Ends the run: what never started is skipped, the run takes its state. */
  private finish(failed: boolean): void {
    for (const stage of this.run.stages) {
      for (const job of stage.jobs) {
        if (!isFinished(job.status)) job.status = 'skipped';
        for (const step of job.steps) if (!isFinished(step.status)) step.status = 'skipped';
      }
      if (!isFinished(stage.status)) stage.status = stageState(stage);
    }
    this.run.status = this.stopping ? 'stopped' : failed ? 'failed' : 'succeeded';
    if (this.stopping && !this.run.message) this.run.message = 'Stopped';
    if (failed && !this.run.message) {
      const job = this.run.stages.flatMap((s) => s.jobs).find((j) => j.status === 'failed');
      this.run.message = job ? `Job ${job.id} failed` : 'Failed';
    }
    this.run.finishedAt = nowIso();
  }

  /** The stage's jobs, side by side up to the limit, each once the jobs it needs have succeeded. */
  private async runStage(stage: StageRecord, source: string): Promise<void> {
    const byId = new Map(stage.jobs.map((j) => [j.id, j]));
    const pending = new Map(stage.jobs.filter((j) => !isFinished(j.status)).map((j) => [j.id, j]));
    const running = new Map<string, Promise<void>>();
    while (pending.size > 0 || running.size > 0) {
      for (const job of [...pending.values()]) {
        const needs = job.needs.map((id) => byId.get(id)?.status ?? 'succeeded');
        const blocked = needs.some((s) => isFinished(s) && s !== 'succeeded');
        if (this.stopping || blocked) {
          pending.delete(job.id);
          skip(job);
          continue;
        }
        if (running.size >= localLimits.parallelJobs || !needs.every((s) => s === 'succeeded')) continue;
        pending.delete(job.id);
        running.set(
          job.id,
          this.runJob(job, source).finally(() => running.delete(job.id)),
        );
      }
      if (running.size === 0) break;
      await Promise.race(running.values());
    }
  }

  private async runJob(job: JobRecord, source: string): Promise<void> {
    job.status = 'running';
    job.startedAt = nowIso();
    await this.save();
    const log = new LogWriter((chunk) => this.reporter.log(job.id, chunk));
    const dir = join(this.workDir, 'jobs', job.id);
    let ok = true;
    try {
      await cp(source, dir, { recursive: true });
      for (const step of job.steps) {
        if (!ok || this.stopping) {
          step.status = 'skipped';
          continue;
        }
        step.status = 'running';
        step.startedAt = nowIso();
        await this.save();
        await this.runStep(job, step, dir, log);
        step.finishedAt = nowIso();
        // runStep has set the state the step ended in.
        ok = (step.status as JobState) === 'succeeded';
        await this.save();
      }
    } catch (error) {
      ok = false;
      log.write(`\n[the job could not run: ${(error as Error).message}]\n`);
    }
    await log.close();
    job.status = ok ? 'succeeded' : this.stopping ? 'stopped' : 'failed';
    job.finishedAt = nowIso();
    await this.save();
  }

  private runStep(job: JobRecord, step: StepRecord, cwd: string, log: LogWriter): Promise<void> {
    const definition = this.plan.definition.stages
      .flatMap((s) => s.jobs)
      .find((j) => j.id === job.id)
      ?.steps.find((s) => s.id === step.id);
    const node = definition && this.plan.nodes.get(definition.uses);
    if (!definition || !node) {
      step.status = 'failed';
      step.message = `no action node is called ${step.uses}`;
      return Promise.resolve();
    }
    const command = renderCommand(node, definition.with ?? {}, this.run.parameters);
    const minutes = definition.timeoutMinutes ?? localLimits.defaultTimeoutMinutes;
    log.write(`▶ ${step.name || step.id}\n$ ${command}\n`);
    return new Promise((done) => {
      const child = spawn('sh', ['-c', command], {
        cwd,
        env: this.stepEnvironment(),
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      this.children.add(child);
      let kept = 0;
      let cut = false;
      const take = (decoder: StringDecoder) => (data: Buffer) => {
        const text = decoder.write(data);
        if (cut) return;
        const room = localLimits.outputLimitChars - kept;
        kept += Math.min(room, text.length);
        log.write(text.slice(0, room));
        if (text.length > room) {
          cut = true;
          log.write(
            `\n[output limit of ${localLimits.outputLimitChars} characters reached: the rest is not kept]\n`,
          );
        }
      };
      child.stdout?.on('data', take(new StringDecoder('utf8')));
      child.stderr?.on('data', take(new StringDecoder('utf8')));
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        endGroup(child);
      }, minutes * localLimits.minuteMs);
      // Processes the step left behind would hold its output open: they end with its shell.
      child.on('exit', () => killGroup(child, 'SIGKILL'));
      child.on('error', (error) => log.write(`[the step could not start: ${error.message}]\n`));
      child.on('close', (code) => {
        clearTimeout(timer);
        this.children.delete(child);
        step.exitCode = code;
        if (timedOut) {
          step.status = 'failed';
          step.message = `Timed out after ${minutes} minute${minutes === 1 ? '' : 's'}`;
        } else if (this.stopping) {
          step.status = 'stopped';
          step.message = 'Stopped';
        } else {
          step.status = code === 0 ? 'succeeded' : 'failed';
          if (code !== 0) step.message = `Exit code ${code ?? 'none (ended by a signal)'}`;
        }
        log.write(`${step.message ? `[${step.message}]` : '[Exit code 0]'}\n`);
        done();
      });
    });
  }

  private stepEnvironment(): NodeJS.ProcessEnv {
    const parameters = Object.fromEntries(
      Object.entries(this.run.parameters).map(([name, value]) => [name, String(value)]),
    );
    return {
      PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
      HOME: process.env.HOME ?? this.workDir,
      LANG: 'C.UTF-8',
      CI: 'true',
      PIPELINE_ID: this.run.pipelineId,
      PIPELINE_RUN: String(this.run.number),
      PIPELINE_BRANCH: this.run.branch,
      PIPELINE_COMMIT: this.run.commit ?? '',
      ...parameters,
    };
  }
}

function skip(job: JobRecord): void {
  job.status = 'skipped';
  for (const step of job.steps) step.status = 'skipped';
}

/** A stage ends failed if a job failed, stopped if one stopped, else succeeded (or skipped). */
function stageState(stage: StageRecord): JobState {
  const states = stage.jobs.map((j) => j.status);
  if (states.includes('failed')) return 'failed';
  if (states.includes('stopped')) return 'stopped';
  if (states.every((s) => s === 'skipped')) return 'skipped';
  if (states.every((s) => isFinished(s))) return 'succeeded';
  return 'running';
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group has already ended.
  }
}

/** SIGTERM to the step's process group, SIGKILL after a grace period if it is still there. */
function endGroup(child: ChildProcess): void {
  killGroup(child, 'SIGTERM');
  setTimeout(() => killGroup(child, 'SIGKILL'), localLimits.killGraceMs).unref();
}

/** Buffers a job's output and writes it in chunks, in order; a chunk that fails to write is a gap. */
class LogWriter {
  private buffer = '';
  private offset = 0;
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly put: (chunk: { start: number; text: string }) => Promise<void>) {}

  write(text: string): void {
    if (!text) return;
    this.buffer += text;
    if (this.buffer.length >= MAX_LOG_CHUNK_CHARS) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), localLimits.flushMs);
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.buffer.length > 0) {
      const chunk = { start: this.offset, text: this.buffer.slice(0, MAX_LOG_CHUNK_CHARS) };
      this.buffer = this.buffer.slice(chunk.text.length);
      this.offset += chunk.text.length;
      this.writing = this.writing
        .then(() => this.put(chunk))
        .catch((error) => console.error('A log chunk was not written (readers see a gap)', error));
    }
  }

  async close(): Promise<void> {
    this.flush();
    await this.writing;
  }
}

// ---- checkout ---------------------------------------------------------------------------------

/**
 * The commit (or the branch's newest) checked out into `dir` with the real `git`: fetched at
 * most 50 commits deep, the token sent as an HTTP header through git's environment (so it is in
 * no command line and no file of the checkout). Answers the commit checked out.
 */
async function checkout(
  remote: RemoteAccess,
  branch: string,
  commit: string | null,
  dir: string,
): Promise<string> {
  await mkdir(dir, { recursive: true });
  const env = gitEnvironment(remote);
  const git = async (...args: string[]) => {
    try {
      const out = await execFileAsync('git', ['-C', dir, ...args], {
        env,
        timeout: localLimits.gitTimeoutMs,
      });
      return out.stdout.trim();
    } catch (error) {
      // git's own last word (`fatal: couldn't find remote ref ...`), not the command line.
      const said = String((error as { stderr?: string }).stderr ?? '')
        .trim()
        .split('\n')
        .pop();
      throw new Error(said || `git ${args[0]} failed`);
    }
  };
  await git('init', '--quiet');
  const tracking = `refs/remotes/origin/${branch}`;
  await git('fetch', '--quiet', '--no-tags', '--depth=50', remote.url, `+refs/heads/${branch}:${tracking}`);
  const sha = commit ?? (await git('rev-parse', tracking));
  try {
    await git('checkout', '--quiet', '--detach', sha);
  } catch {
    // Older than the 50 fetched: ask for the commit itself.
    await git('fetch', '--quiet', '--no-tags', '--depth=1', remote.url, sha);
    await git('checkout', '--quiet', '--detach', sha);
  }
  return sha;
}

/** The checked-out commit's author's e-mail address ('' when git cannot say). */
async function commitAuthorEmail(dir: string): Promise<string> {
  try {
    const out = await execFileAsync('git', ['-C', dir, 'log', '-1', '--format=%ae'], {
      timeout: localLimits.gitTimeoutMs,
    });
    return out.stdout.trim();
  } catch {
    return '';
  }
}

function gitEnvironment(remote: RemoteAccess): NodeJS.ProcessEnv {
  // Hosts take a token as the password of HTTP Basic; the user name matters to some only.
  const basic = Buffer.from(`${remote.username || 'x-access-token'}:${remote.token}`).toString('base64');
  return {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    HOME: process.env.HOME ?? tmpdir(),
    GIT_TERMINAL_PROMPT: '0',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_COUNT: '1',
    GIT_CONFIG_KEY_0: 'http.extraHeader',
    GIT_CONFIG_VALUE_0: `Authorization: Basic ${basic}`,
  };
}
