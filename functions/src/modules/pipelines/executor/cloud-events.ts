/**
 * The cloud engine's events (docs/pipelines.md "Cloud engine"), which EventBridge rules of the
 * stack send to the pipelines function:
 * - `CodeBuild Build State Change` of the pipelines' project: a job's build started or ended. The
 *   build names its job in PIPELINE_JOB_REF; its steps' outcomes are read from the end lines of
 *   its CloudWatch log.
 * - `Step Functions Execution Status Change` of the pipelines' state machine: the run ended (its
 *   input names the run). The run takes its state, what never ran is skipped, the pipeline's slot
 *   is freed for the next run and the run's git credentials are deleted.
 * Events come at least once and in any order: each is applied to the run as stored, with a
 * condition on what it read (`changeRun`), and a state that has ended never changes again.
 */
import { isFinished, type JobState } from '@shared/domain/pipeline-run';
import { runEnded } from '../run-ended';
import { dispatch } from '../runs';
import * as db from '../store/runs';
import { stepOutcomes } from './buildspec';
import { cloudSettings, forgetCredentials } from './cloud';
import { readEndLines } from './cloud-logs';

export interface BuildStateEvent {
  source: 'aws.codebuild';
  'detail-type': 'CodeBuild Build State Change';
  time: string;
  detail: {
    'build-status': string;
    'build-id': string;
    'project-name': string;
    'additional-information'?: {
      environment?: { 'environment-variables'?: { name: string; value: string; type?: string }[] };
      logs?: { 'group-name'?: string; 'stream-name'?: string };
    };
  };
}

export interface ExecutionStateEvent {
  source: 'aws.states';
  'detail-type': 'Step Functions Execution Status Change';
  time: string;
  detail: { executionArn: string; status: string; input?: string | null };
}

export type EngineEvent = BuildStateEvent | ExecutionStateEvent;

export const isEngineEvent = (event: unknown): event is EngineEvent => {
  const e = event as Partial<EngineEvent> | null;
  return (
    (e?.source === 'aws.codebuild' && e['detail-type'] === 'CodeBuild Build State Change') ||
    (e?.source === 'aws.states' && e['detail-type'] === 'Step Functions Execution Status Change')
  );
};

export function recordEngineEvent(event: EngineEvent): Promise<void> {
  return event.source === 'aws.codebuild' ? recordBuildState(event) : recordExecutionState(event);
}

interface RunRef {
  enterpriseId: string;
  pipelineId: string;
  number: number;
}

/** `{enterpriseId}/{pipelineId}/{number}`, as runIdOf writes it. */
function parseRunRef(ref: string): RunRef | null {
  const [enterpriseId, pipelineId, number] = ref.split('/');
  if (!enterpriseId || !pipelineId || !/^\d+$/.test(number ?? '')) return null;
  return { enterpriseId, pipelineId, number: Number(number) };
}

const BUILD_ENDS: Readonly<Record<string, JobState>> = {
  SUCCEEDED: 'succeeded',
  FAILED: 'failed',
  FAULT: 'failed',
  TIMED_OUT: 'failed',
  STOPPED: 'stopped',
};

/** A job's build started or ended. */
export async function recordBuildState(event: BuildStateEvent): Promise<void> {
  const info = event.detail['additional-information'];
  const jobRef = info?.environment?.['environment-variables']?.find(
    (v) => v.name === 'PIPELINE_JOB_REF',
  )?.value;
  const slash = jobRef?.lastIndexOf('/') ?? -1;
  const run = jobRef ? parseRunRef(jobRef.slice(0, slash)) : null;
  const jobId = jobRef?.slice(slash + 1);
  if (!run || !jobId) {
    console.warn(`A build event without a job of ours: ${event.detail['build-id']}`);
    return;
  }
  const status = event.detail['build-status'];
  const ended = BUILD_ENDS[status];
  const build: db.CloudBuildRef = {
    id: event.detail['build-id'],
    logGroup: info?.logs?.['group-name'] ?? null,
    logStream: info?.logs?.['stream-name'] ?? null,
  };
  // The end lines are read before the change, which may be tried more than once.
  const endLines = ended ? await readEndLines(build) : [];
  await db.changeRun(run.enterpriseId, run.pipelineId, run.number, (current) => {
    const job = current.stages.flatMap((s) => s.jobs).find((j) => j.id === jobId);
    if (!job || isFinished(job.status)) return false;
    job.build = build;
    job.startedAt ??= event.time;
    if (!ended) {
      job.status = 'running';
      const first = job.steps.find((s) => s.status === 'queued');
      if (first) Object.assign(first, { status: 'running', startedAt: event.time });
    } else {
      endJob(job, ended, status, endLines, event.time);
      const checkedOut = endLines.map((l) => CHECKED_OUT.exec(l.trimEnd())).find(Boolean);
      if (checkedOut?.[1] && !current.commit) current.commit = checkedOut[1];
      if (checkedOut?.[2] && !current.commitAuthorEmail) current.commitAuthorEmail = checkedOut[2];
    }
    for (const stage of current.stages) stage.status = stageState(stage);
    return true;
  });
}

/** The checkout's last line: `[Checked out <sha> by <author e-mail>]`. */
const CHECKED_OUT = /^\[Checked out ([0-9a-f]{40}) by ([^\]]*)\]$/;

function endJob(job: db.JobRecord, ended: JobState, status: string, endLines: string[], at: string): void {
  const outcomes =
    ended === 'succeeded'
      ? job.steps.map(() => ({ status: 'succeeded' as const, exitCode: 0, message: '' }))
      : stepOutcomes(endLines, job.steps.length, ended === 'stopped' ? 'stopped' : 'failed');
  job.steps.forEach((step, i) => {
    const outcome = outcomes[i];
    if (!outcome) return;
    Object.assign(step, outcome);
    step.startedAt ??= outcome.status === 'skipped' ? null : at;
    step.finishedAt = outcome.status === 'skipped' ? null : at;
    if (status === 'TIMED_OUT' && outcome.status === 'failed' && outcome.exitCode === null)
      step.message = 'The build timed out';
  });
  job.status = ended;
  job.finishedAt = at;
}

/** A stage ends failed if a job failed, stopped if one stopped, else succeeded (or skipped). */
function stageState(stage: db.StageRecord): JobState {
  const states = stage.jobs.map((j) => j.status);
  if (states.includes('failed')) return 'failed';
  if (states.includes('stopped')) return 'stopped';
  if (states.every((s) => s === 'skipped')) return 'skipped';
  if (states.every((s) => isFinished(s))) return 'succeeded';
  if (states.every((s) => s === 'queued')) return 'queued';
  return 'running';
}

const EXECUTION_ENDS: Readonly<Record<string, 'succeeded' | 'failed' | 'stopped'>> = {
  SUCCEEDED: 'succeeded',
  FAILED: 'failed',
  TIMED_OUT: 'failed',
  ABORTED: 'stopped',
};

/** The run's execution ended: the run takes its state and frees the pipeline for the next. */
export async function recordExecutionState(event: ExecutionStateEvent): Promise<void> {
  const ended = EXECUTION_ENDS[event.detail.status];
  if (!ended) return;
  let runRef: RunRef | null = null;
  try {
    runRef = parseRunRef(String(JSON.parse(event.detail.input ?? '{}').runRef ?? ''));
  } catch {
    runRef = null;
  }
  if (!runRef) {
    console.warn(`An execution event without a run of ours: ${event.detail.executionArn}`);
    return;
  }
  const { enterpriseId, pipelineId, number } = runRef;
  const written = await db.changeRun(enterpriseId, pipelineId, number, (run) => {
    if (isFinished(run.status)) return false;
    endRun(run, ended, event.detail.status, event.time);
    return true;
  });
  const run = written ?? (await db.getRun(enterpriseId, pipelineId, number));
  if (!run) return;
  const settings = cloudSettings();
  if (settings) await forgetCredentials(settings, run);
  await db.releaseSlot(enterpriseId, pipelineId, number);
  // Only the event that ended the run tells people (a second delivery changes nothing).
  if (written) await runEnded(written);
  await dispatch(enterpriseId, pipelineId);
}

function endRun(
  run: db.RunRecord,
  ended: 'succeeded' | 'failed' | 'stopped',
  status: string,
  at: string,
): void {
  for (const stage of run.stages) {
    for (const job of stage.jobs) {
      if (isFinished(job.status)) continue;
      // The execution succeeded: every build did, whether or not its own event is here yet.
      const state: JobState =
        ended === 'succeeded' ? 'succeeded' : ended === 'stopped' && job.build ? 'stopped' : 'skipped';
      job.status = state;
      job.finishedAt = state === 'skipped' ? null : at;
      for (const step of job.steps)
        if (!isFinished(step.status)) step.status = state === 'stopped' ? 'stopped' : state;
    }
    stage.status = stageState(stage);
  }
  run.status = ended;
  run.finishedAt = at;
  if (ended === 'stopped') run.message ||= 'Stopped';
  if (ended === 'failed' && !run.message) {
    const job = run.stages.flatMap((s) => s.jobs).find((j) => j.status === 'failed');
    run.message = status === 'TIMED_OUT' ? 'The run timed out' : job ? `Job ${job.id} failed` : 'Failed';
  }
}
