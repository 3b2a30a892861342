/**
 * Runs of a pipeline: started by hand (with parameters checked against the definition), by a
 * push to a matching branch, or as a rerun; queued per pipeline and run one at a time by the
 * executor (docs/pipelines.md "Runs"). The queue's rule: the pipeline item's `activeRun` slot is
 * taken with a condition by the oldest queued run; whoever frees it takes the next. At most
 * MAX_QUEUED_RUNS wait behind it.
 */
import { runUnaudited } from '@core/audit/context';
import { nowIso } from '@core/clock';
import { badRequest, conflict, notFound } from '@core/errors';
import { summaryOf, userSummaries } from '@core/identity/people';
import { pageOf } from '@core/paging';
import type { InputValue } from '@shared/domain/pipeline-catalogue';
import type { PipelineDefinition } from '@shared/domain/pipeline-definition';
import {
  branchMatches,
  branchOfRef,
  checkRunParameters,
  isFinished,
  MAX_QUEUED_RUNS,
  type RunTrigger,
} from '@shared/domain/pipeline-run';
import { MAX_BRANCH_NAME } from '@shared/domain/repositories';
import type { Page } from '@shared/schemas/common';
import type {
  JobLog,
  PipelineRun,
  RerunBody,
  RunListQuery,
  RunResults,
  RunStartBody,
  RunWorkItem,
} from '@shared/schemas/pipelines-runs';
import { issueRefView, projectWithIndex } from '../issues';
import {
  getRepository,
  mentionsOfCommits,
  type PushEvent,
  remoteOf,
  requireRepository,
} from '../repositories';
import { actionNodeSpecs } from './catalogue';
import { type RunExecutor, type RunPlan, type RunReporter, runIdOf } from './executor/executor';
import { checkYaml, requirePipeline } from './pipelines';
import * as pipelineDb from './store/pipelines';
import * as db from './store/runs';

/**
 * The engine runs go to: the cloud engine where the stack configures it (PIPELINE_ENGINE=cloud,
 * executor/cloud.ts), else the local executor (the embedded default). Loaded with the first run,
 * so the function's bundle does not carry it for the other calls.
 */
const loadExecutor = async (): Promise<RunExecutor> => {
  const cloud = await import('./executor/cloud');
  const settings = cloud.cloudSettings();
  if (settings) return cloud.cloudExecutor(settings);
  return (await import('./executor/local')).localExecutor;
};

/** Runs under way in this process, by run id: what a stop waits for. */
const executions = new Map<string, Promise<void>>();
/** Runs asked to stop while under way here (the executor may not have taken them yet). */
const stopRequests = new Set<string>();

const runNotFound = (pipelineId: string, number: number) =>
  notFound(`Run ${number} of pipeline ${pipelineId} does not exist`);

export async function requireRun(
  enterpriseId: string,
  pipelineId: string,
  number: number,
): Promise<db.RunRecord> {
  await requirePipeline(enterpriseId, pipelineId);
  const run = await db.getRun(enterpriseId, pipelineId, number);
  if (!run) throw runNotFound(pipelineId, number);
  return run;
}

/** A branch name as git allows it (the full rules are git's; these keep nonsense out of the command line). */
const BRANCH = /^(?!-)(?!.*\.\.)(?!.*\/\/)[A-Za-z0-9._/-]+(?<![./])$/;

// ---- starting ---------------------------------------------------------------------------------

export async function startRun(
  enterpriseId: string,
  userId: string,
  pipelineId: string,
  body: RunStartBody,
): Promise<RunResults> {
  const pipeline = await requirePipeline(enterpriseId, pipelineId);
  assertStartable(pipeline);
  if (!pipeline.trigger.manual)
    throw conflict('This pipeline is not started by hand (its trigger says manual: false)');
  const definition = await checkYaml(enterpriseId, pipeline.yaml);
  const parameters = checkedParameters(definition, body.parameters ?? {});
  const repository = await requireRepository(enterpriseId, pipeline.repositoryId);
  const branch = body.branch ?? repository.defaultBranch ?? 'main';
  if (branch.length > MAX_BRANCH_NAME || !BRANCH.test(branch))
    throw badRequest('branch', `Not a branch name: ${branch}`);
  const run = await queueRun(pipeline, definition, {
    trigger: 'manual',
    branch,
    commit: null,
    parameters,
    creatorId: userId,
    rerunOf: null,
    reused: new Map(),
  });
  return resultsView(run);
}

function assertStartable(pipeline: pipelineDb.PipelineRecord): void {
  if (!pipeline.enabled) throw conflict('This pipeline is disabled; enable it to start it');
}

function checkedParameters(
  definition: PipelineDefinition,
  given: Readonly<Record<string, InputValue>>,
): Record<string, InputValue> {
  const { values, problems } = checkRunParameters(definition, given);
  const [first] = problems;
  if (first) throw badRequest(first.field, first.message, { problems });
  return values;
}

interface RunStart {
  trigger: RunTrigger;
  branch: string;
  commit: string | null;
  parameters: Record<string, InputValue>;
  creatorId: string | null;
  rerunOf: number | null;
  /** Jobs that keep an earlier run's success, with that run's number. */
  reused: ReadonlyMap<string, number>;
  revision?: number;
  yaml?: string;
}

async function queueRun(
  pipeline: pipelineDb.PipelineRecord,
  definition: PipelineDefinition,
  start: RunStart,
): Promise<db.RunRecord> {
  const { enterpriseId, pipelineId } = pipeline;
  const waiting = (await db.listRuns(enterpriseId, pipelineId)).filter((r) => r.status === 'queued');
  if (waiting.length >= MAX_QUEUED_RUNS)
    throw conflict(`${MAX_QUEUED_RUNS} runs of this pipeline are already waiting; wait, or stop one`);
  const number = await db.nextRunNumber(enterpriseId, pipelineId);
  const run: db.RunRecord = {
    enterpriseId,
    pipelineId,
    number,
    repositoryId: pipeline.repositoryId,
    status: 'queued',
    trigger: start.trigger,
    branch: start.branch,
    commit: start.commit,
    parameters: start.parameters,
    revision: start.revision ?? pipeline.revision,
    yaml: start.yaml ?? pipeline.yaml,
    rerunOf: start.rerunOf,
    creatorId: start.creatorId,
    queuedAt: nowIso(),
    startedAt: null,
    finishedAt: null,
    message: '',
    stages: plannedStages(definition, start.reused),
  };
  await db.putRun(run);
  void dispatch(enterpriseId, pipelineId);
  return run;
}

/** Every stage, job and step queued; a reused job is already succeeded. */
function plannedStages(
  definition: PipelineDefinition,
  reused: ReadonlyMap<string, number>,
): db.StageRecord[] {
  return definition.stages.map((stage) => ({
    id: stage.id,
    name: stage.name ?? stage.id,
    status: 'queued',
    jobs: stage.jobs.map((job) => {
      const from = reused.get(job.id) ?? null;
      return {
        id: job.id,
        name: job.name ?? job.id,
        needs: job.needs ?? [],
        status: from === null ? 'queued' : 'succeeded',
        startedAt: null,
        finishedAt: null,
        reusedFrom: from,
        steps: job.steps.map((step) => ({
          id: step.id,
          name: step.name ?? step.id,
          uses: step.uses,
          status: from === null ? 'queued' : 'succeeded',
          exitCode: null,
          startedAt: null,
          finishedAt: null,
          message: from === null ? '' : `Kept from run ${from}`,
        })),
      };
    }),
  }));
}

// ---- the queue --------------------------------------------------------------------------------

/** What follows a run's start and end (run-ended.ts), loaded when a run first needs it: not in every call's bundle. */
const followUps = () => import('./run-ended');
const runEnded = async (run: db.RunRecord) => (await followUps()).runEnded(run);
const recordRunOfCommit = async (run: db.RunRecord) => (await followUps()).recordRunOfCommit(run);

/**
 * Starts the pipeline's oldest queued run if the pipeline's slot is free. Called when a run is
 * queued and when one ends. Background work: not part of the request that queued it.
 */
export function dispatch(enterpriseId: string, pipelineId: string): Promise<void> {
  return runUnaudited(() =>
    takeNext(enterpriseId, pipelineId).catch((error) =>
      console.error(`Pipeline ${pipelineId}: the next run could not start`, error),
    ),
  );
}

async function takeNext(enterpriseId: string, pipelineId: string): Promise<void> {
  for (;;) {
    const next = (await db.listRuns(enterpriseId, pipelineId)).find((r) => r.status === 'queued');
    if (!next) return;
    if (!(await db.claimSlot(enterpriseId, pipelineId, next.number))) {
      if (await freedStaleSlot(enterpriseId, pipelineId)) continue;
      return;
    }
    // Stopped while the slot was taken: let it go and look again.
    const current = await db.getRun(enterpriseId, pipelineId, next.number);
    if (current?.status !== 'queued') {
      await db.releaseSlot(enterpriseId, pipelineId, next.number);
      continue;
    }
    launch(current);
    return;
  }
}

/** A slot held by a run that has ended (its release was lost): freed, so the queue moves on. */
async function freedStaleSlot(enterpriseId: string, pipelineId: string): Promise<boolean> {
  const holding = await db.activeRunOf(enterpriseId, pipelineId);
  if (!holding) return false;
  const holder = await db.getRun(enterpriseId, pipelineId, holding);
  if (holder && !isFinished(holder.status)) return false;
  await db.releaseSlot(enterpriseId, pipelineId, holding);
  return true;
}

function launch(run: db.RunRecord): void {
  const id = runIdOf(run);
  const execution = execute(run)
    .catch((error): 'ended' => {
      console.error(`Run ${id} failed to run`, error);
      return 'ended';
    })
    .then(async (outcome) => {
      executions.delete(id);
      // A run handed to the cloud engine keeps the slot; its execution's end event frees it.
      if (outcome === 'handed-off') return;
      await db.releaseSlot(run.enterpriseId, run.pipelineId, run.number);
      const ended = await db.getRun(run.enterpriseId, run.pipelineId, run.number);
      if (ended && isFinished(ended.status)) await runEnded(ended);
      void dispatch(run.enterpriseId, run.pipelineId);
    });
  executions.set(id, execution);
}

async function execute(run: db.RunRecord): Promise<'ended' | 'handed-off'> {
  const reporter: RunReporter = {
    progress: (current) => db.saveRunProgress(current),
    log: (jobId, chunk) => db.putLogChunk(run.enterpriseId, run.pipelineId, run.number, jobId, chunk),
  };
  let plan: RunPlan;
  try {
    const [nodes, repository] = await Promise.all([
      actionNodeSpecs(run.enterpriseId),
      getRepository(run.enterpriseId, run.repositoryId),
    ]);
    if (!repository) throw new Error('its repository is no longer connected');
    const definition = await checkYaml(run.enterpriseId, run.yaml);
    const reused = new Map(
      run.stages
        .flatMap((s) => s.jobs)
        .flatMap((j) => (j.reusedFrom === null ? [] : [[j.id, j.reusedFrom] as const])),
    );
    plan = {
      run,
      definition,
      nodes: new Map(nodes.map((n) => [n.key, n])),
      remote: await remoteOf(repository),
      reused,
    };
  } catch (error) {
    // The definition no longer passes its checks, or the repository cannot be read: it fails unrun.
    await db.moveRun(run, 'queued', {
      status: 'failed',
      finishedAt: nowIso(),
      message: `The run could not start: ${(error as Error).message}`,
    });
    return 'ended';
  }
  // Stopped while it waited for its plan: it never starts.
  const startedAt = nowIso();
  if (!(await db.moveRun(run, 'queued', { status: 'running', startedAt }))) return 'ended';
  Object.assign(run, { status: 'running', startedAt });
  await recordRunOfCommit(run).catch((error) =>
    console.error(`Run ${runIdOf(run)}: its commit's record`, error),
  );
  const executor = await loadExecutor();
  if (executor.mode === 'handed-off') return handOff(executor, plan);
  const id = runIdOf(run);
  const running = executor.run(plan, reporter);
  // A stop that came between the move and the executor taking the run.
  if (stopRequests.has(id)) await executor.stop(run);
  await running;
  return 'ended';
}

/** Gives the run to the cloud engine and writes its execution; a run it refuses fails at once. */
async function handOff(executor: RunExecutor, plan: RunPlan): Promise<'ended' | 'handed-off'> {
  const { run } = plan;
  try {
    await executor.run(plan, { progress: async () => undefined, log: async () => undefined });
  } catch (error) {
    await db.moveRun(run, 'running', {
      status: 'failed',
      finishedAt: nowIso(),
      message: `The run could not start: ${(error as Error).message}`,
      stages: skippedStages(run.stages),
    });
    return 'ended';
  }
  await db.moveRun(run, 'running', { executionArn: run.executionArn });
  return 'handed-off';
}

// ---- stop and rerun ---------------------------------------------------------------------------

export async function stopRun(
  enterpriseId: string,
  userId: string,
  pipelineId: string,
  number: number,
): Promise<RunResults> {
  const run = await requireRun(enterpriseId, pipelineId, number);
  if (isFinished(run.status)) throw conflict(`Run ${number} has already ended (${run.status})`);
  const at = nowIso();
  if (run.status === 'queued') {
    const stopped = await db.moveRun(run, 'queued', {
      status: 'stopped',
      finishedAt: at,
      message: 'Stopped before it started',
      stoppedBy: userId,
      stages: skippedStages(run.stages),
    });
    if (stopped) return resultsView(await requireRun(enterpriseId, pipelineId, number));
  }
  // Who asked is written by this request; the executor writes the states once its processes end.
  await db.moveRun(run, 'running', { stoppedBy: userId, stopRequestedAt: at });
  const id = runIdOf(run);
  const execution = executions.get(id);
  const executor = execution ? await loadExecutor() : null;
  if (execution && executor?.mode === 'handed-off') {
    // Being handed to the cloud engine: once it has the run (and its execution is written), stop it there.
    await execution;
    const current = await requireRun(enterpriseId, pipelineId, number);
    if (!isFinished(current.status)) await stopInCloud(current, at);
  } else if (execution && executor) {
    stopRequests.add(id);
    await executor.stop(run);
    await execution;
    stopRequests.delete(id);
  } else if (run.executionArn) {
    await stopInCloud(run, at);
  } else {
    // No executor here has it (the server restarted while it ran): it is stopped on the record.
    await db.moveRun(run, 'running', { status: 'stopped', finishedAt: at, message: 'Stopped' });
    await db.releaseSlot(enterpriseId, pipelineId, number);
    void dispatch(enterpriseId, pipelineId);
  }
  return resultsView(await requireRun(enterpriseId, pipelineId, number));
}

/**
 * A cloud run: its execution and running builds are stopped, and the run is stopped on record now
 * (the execution's ABORTED event that follows finds it ended and changes nothing).
 */
async function stopInCloud(run: db.RunRecord, at: string): Promise<void> {
  await (await loadExecutor()).stop(run);
  const stopped = await db.changeRun(run.enterpriseId, run.pipelineId, run.number, (current) => {
    if (isFinished(current.status)) return false;
    current.stages = stoppedStages(current.stages, at);
    Object.assign(current, { status: 'stopped', finishedAt: at, message: 'Stopped' });
    return true;
  });
  await db.releaseSlot(run.enterpriseId, run.pipelineId, run.number);
  if (stopped) await runEnded(stopped);
  void dispatch(run.enterpriseId, run.pipelineId);
}

/** What was running is stopped, what had not started is skipped. */
function stoppedStages(stages: readonly db.StageRecord[], at: string): db.StageRecord[] {
  return skippedStages(
    stages.map((stage) => ({
      ...stage,
      jobs: stage.jobs.map((job) =>
        job.status === 'running'
          ? {
              ...job,
              status: 'stopped',
              finishedAt: at,
              steps: job.steps.map((s) =>
                s.status === 'running' ? { ...s, status: 'stopped', message: 'Stopped' } : s,
              ),
            }
          : job,
      ),
    })),
  ).map((stage) => ({
    ...stage,
    status: stage.jobs.some((j) => j.status === 'stopped')
      ? 'stopped'
      : stage.jobs.every((j) => j.status === 'succeeded')
        ? 'succeeded'
        : 'skipped',
  }));
}

function skippedStages(stages: readonly db.StageRecord[]): db.StageRecord[] {
  return stages.map((stage) => ({
    ...stage,
    status: 'skipped',
    jobs: stage.jobs.map((job) => ({
      ...job,
      status: isFinished(job.status) ? job.status : 'skipped',
      steps: job.steps.map((step) => ({
        ...step,
        status: isFinished(step.status) ? step.status : 'skipped',
      })),
    })),
  }));
}

export async function rerun(
  enterpriseId: string,
  userId: string,
  pipelineId: string,
  number: number,
  body: RerunBody,
): Promise<RunResults> {
  const pipeline = await requirePipeline(enterpriseId, pipelineId);
  const run = await requireRun(enterpriseId, pipelineId, number);
  if (!isFinished(run.status))
    throw conflict(`Run ${number} is still ${run.status}; stop it or let it end first`);
  assertStartable(pipeline);
  const jobs = run.stages.flatMap((s) => s.jobs);
  const reused = new Map(
    body.failedOnly
      ? jobs.filter((j) => j.status === 'succeeded').map((j) => [j.id, j.reusedFrom ?? run.number] as const)
      : [],
  );
  if (body.failedOnly && reused.size === jobs.length)
    throw conflict(`Every job of run ${number} succeeded: there is nothing to run again`);
  const definition = await checkYaml(enterpriseId, run.yaml);
  const next = await queueRun(pipeline, definition, {
    trigger: 'rerun',
    branch: run.branch,
    commit: run.commit,
    parameters: run.parameters,
    creatorId: userId,
    rerunOf: run.number,
    reused,
    revision: run.revision,
    yaml: run.yaml,
  });
  return resultsView(next);
}

// ---- push triggers ----------------------------------------------------------------------------

/**
 * A branch pushed: each enabled pipeline of the repository whose trigger names the branch runs
 * the pushed commit, once (a claim per pipeline and commit: the event may come twice).
 */
export async function startPushedRuns(push: PushEvent): Promise<void> {
  const branch = branchOfRef(push.ref);
  if (!branch || /^0+$/.test(push.after)) return;
  const pipelines = (await pipelineDb.listPipelines(push.enterpriseId)).filter(
    (p) =>
      p.repositoryId === push.repositoryId &&
      p.enabled &&
      p.trigger.branches.some((pattern) => branchMatches(pattern, branch)),
  );
  for (const pipeline of pipelines) {
    if (!(await db.claimPush(push.enterpriseId, pipeline.pipelineId, push.after))) continue;
    await startWithDefaults(pipeline, `the push to ${branch}`, async () => ({
      trigger: 'push',
      branch,
      commit: push.after,
    }));
  }
}

/**
 * Starts a run nobody started by hand (a push, the cron): the saved definition with every
 * parameter at its default, at the place `where` names. A run that cannot start is logged, not
 * thrown, so one broken pipeline does not keep the others from starting.
 */
async function startWithDefaults(
  pipeline: pipelineDb.PipelineRecord,
  occasion: string,
  where: () => Promise<Pick<RunStart, 'trigger' | 'branch' | 'commit'>>,
): Promise<void> {
  try {
    const definition = await checkYaml(pipeline.enterpriseId, pipeline.yaml);
    const { values, problems } = checkRunParameters(definition, {});
    if (problems.length > 0) throw new Error(`it has parameters without defaults (${problems[0]?.field})`);
    const start = {
      ...(await where()),
      parameters: values,
      creatorId: null,
      rerunOf: null,
      reused: new Map(),
    };
    await queueRun(pipeline, definition, start);
  } catch (error) {
    console.warn(
      `Pipeline ${pipeline.pipelineId}: ${occasion} did not start a run: ${(error as Error).message}`,
    );
  }
}

// ---- cron triggers ----------------------------------------------------------------------------

/**
 * The minute's tick (the group's `cron` schedule, every minute): each enabled pipeline whose
 * `trigger.cron` names the minute runs its default branch's newest commit, once per minute (the
 * pipeline's `lastCronMinute` is claimed with a condition, so a second tick of the minute, or a
 * second delivery, starts nothing). A pipeline that cannot start is logged and skipped.
 */
export async function startCronRuns(now: Date): Promise<void> {
  const minute = Math.floor(now.getTime() / 60_000);
  const { cronMatches } = await import('./cron');
  const due = (await pipelineDb.listCronPipelines()).filter(
    (p) => p.enabled && p.trigger.cron && cronMatches(p.trigger.cron, now),
  );
  for (const pipeline of due) {
    if (!(await pipelineDb.claimCronMinute(pipeline.enterpriseId, pipeline.pipelineId, minute))) continue;
    await startWithDefaults(pipeline, 'its cron trigger', async () => {
      const repository = await requireRepository(pipeline.enterpriseId, pipeline.repositoryId);
      return { trigger: 'cron', branch: repository.defaultBranch ?? 'main', commit: null };
    });
  }
}

// ---- reading ----------------------------------------------------------------------------------

export async function listRunPage(
  enterpriseId: string,
  pipelineId: string,
  query: RunListQuery,
): Promise<Page<PipelineRun>> {
  await requirePipeline(enterpriseId, pipelineId);
  const newestFirst = (await db.listRuns(enterpriseId, pipelineId))
    .filter((r) => !query.status || r.status === query.status)
    .reverse();
  return pageOf(newestFirst, query, runViews);
}

export async function getRunResults(
  enterpriseId: string,
  pipelineId: string,
  number: number,
): Promise<RunResults> {
  const run = await requireRun(enterpriseId, pipelineId, number);
  const [view, workItems] = await Promise.all([resultsView(run), runWorkItems(run)]);
  return workItems ? { ...view, workItems } : view;
}

/** At most this many chunks (8 KiB each) in one answer; the reader asks again from nextOffset. */
const LOG_CHUNKS_PER_READ = 64;

/**
 * A job's log from `offset`: the text after it, where to read next, and the gaps (chunks that were
 * never written) as stretches to mark. 400 naming `offset` past the end.
 */
export async function readJobLog(
  enterpriseId: string,
  pipelineId: string,
  number: number,
  jobId: string,
  offset: number,
): Promise<JobLog> {
  const run = await requireRun(enterpriseId, pipelineId, number);
  const job = run.stages.flatMap((s) => s.jobs).find((j) => j.id === jobId);
  if (!job) throw notFound(`Run ${number} has no job ${jobId}`);
  if (job.build) return readCloudJobLog(job, job.build, offset);
  // The state first: a job that has ended has written all of its log before it says so.
  const end = await db.logEnd(enterpriseId, pipelineId, number, jobId);
  if (offset > end) throw badRequest('offset', `The log has ${end} characters so far`);
  const chunks = await db.readLogChunks(enterpriseId, pipelineId, number, jobId, offset, LOG_CHUNKS_PER_READ);
  let position = offset;
  let text = '';
  const gaps: JobLog['gaps'] = [];
  for (const chunk of chunks) {
    const chunkEnd = chunk.start + chunk.text.length;
    if (chunkEnd <= position) continue;
    if (chunk.start > position) {
      gaps.push({ at: position, length: chunk.start - position });
      position = chunk.start;
    }
    text += chunk.text.slice(position - chunk.start);
    position = chunkEnd;
  }
  return {
    offset,
    nextOffset: position,
    text,
    gaps,
    complete: isFinished(job.status) && position >= end,
    status: job.status,
  };
}

/**
 * A cloud job's log from its CloudWatch stream: the offset is an event's index there. The stream
 * holds every event it accepted, so the answer has no gaps.
 */
async function readCloudJobLog(job: db.JobRecord, build: db.CloudBuildRef, offset: number): Promise<JobLog> {
  const { readCloudLog } = await import('./executor/cloud-logs');
  const finished = isFinished(job.status);
  const read = await readCloudLog(build, offset);
  if (offset > read.end) throw badRequest('offset', `The log has ${read.end} lines so far`);
  return {
    offset,
    nextOffset: read.nextOffset,
    text: read.text,
    gaps: [],
    complete: finished && read.nextOffset >= read.end,
    status: job.status,
  };
}

// ---- views ------------------------------------------------------------------------------------

/**
 * The work items the run's commit mentions (the repositories module's mention records), with
 * their state now; undefined until the commit is known.
 */
async function runWorkItems(run: db.RunRecord): Promise<RunWorkItem[] | undefined> {
  if (!run.commit) return undefined;
  const mentions = await mentionsOfCommits(run.enterpriseId, run.repositoryId, [run.commit]);
  const byProject = new Map<string, typeof mentions>();
  for (const m of mentions) byProject.set(m.projectId, [...(byProject.get(m.projectId) ?? []), m]);
  const found = await Promise.all(
    [...byProject].map(async ([projectId, ofProject]) => {
      const { index } = await projectWithIndex(run.enterpriseId, projectId).catch(() => ({ index: null }));
      return ofProject.flatMap((m) => {
        const issue = index?.rows.get(m.issueId);
        return issue ? [{ ...issueRefView(issue), projectId }] : [];
      });
    }),
  );
  return found.flat().sort((a, b) => a.issueNumber - b.issueNumber);
}

async function runViews(runs: readonly db.RunRecord[]): Promise<PipelineRun[]> {
  const people = await userSummaries(runs.flatMap((r) => (r.creatorId ? [r.creatorId] : [])));
  return runs.map((r) => ({
    pipelineId: r.pipelineId,
    number: r.number,
    status: r.status,
    trigger: r.trigger,
    branch: r.branch,
    commit: r.commit,
    parameters: r.parameters,
    revision: r.revision,
    rerunOf: r.rerunOf,
    creator: r.creatorId && people.has(r.creatorId) ? summaryOf(people, r.creatorId) : null,
    queuedAt: r.queuedAt,
    startedAt: r.startedAt,
    finishedAt: r.finishedAt,
    durationMs: r.startedAt && r.finishedAt ? Date.parse(r.finishedAt) - Date.parse(r.startedAt) : null,
    message: r.message,
  }));
}

async function resultsView(run: db.RunRecord): Promise<RunResults> {
  const [view] = await runViews([run]);
  if (!view) throw runNotFound(run.pipelineId, run.number);
  return {
    ...view,
    stages: run.stages.map((stage) => ({
      id: stage.id,
      name: stage.name,
      status: stage.status,
      jobs: stage.jobs.map((job) => ({
        id: job.id,
        name: job.name,
        needs: job.needs,
        status: job.status,
        startedAt: job.startedAt,
        finishedAt: job.finishedAt,
        reusedFrom: job.reusedFrom,
        steps: job.steps.map((step) => ({ ...step })),
      })),
    })),
  };
}
