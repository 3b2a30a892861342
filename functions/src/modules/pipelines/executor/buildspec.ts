/**
 * What the cloud engine hands AWS CodeBuild for one job (docs/pipelines.md "Cloud engine"): a
 * buildspec generated from the job's steps, the build's environment and its time-out. Pure: the
 * same run and job always give the same build, which the unit tests pin down.
 *
 * The build has no source (the project's source is NO_SOURCE): its first phase checks out the
 * repository at the run's commit from the git service, with the token CodeBuild reads from
 * Parameter Store into PIPELINE_GIT_AUTH (so it is in no buildspec, execution input or build
 * record), passed to git through its environment and unset before any step runs. Each step
 * prints the same header and end line as on the local executor (`▶ step`, `$ command`,
 * `[Exit code N]`), runs under `timeout`, and a failing step ends the phase (the steps after it
 * never start). stepOutcomes reads the end lines back to give each step its state.
 */
import type { EnvironmentVariable } from '@aws-sdk/client-codebuild';
import type { ActionNodeSpec, InputValue } from '@shared/domain/pipeline-catalogue';
import { type PipelineJob, renderCommand } from '@shared/domain/pipeline-definition';

/** A step without `timeoutMinutes` may run this long (the local executor's default too). */
export const DEFAULT_STEP_TIMEOUT_MINUTES = 60;
/** Minutes the build gets beyond its steps' sum, for the checkout and CodeBuild's own phases. */
const CHECKOUT_MINUTES = 10;
/** CodeBuild's bounds for a build's time-out. */
const MIN_BUILD_MINUTES = 5;
const MAX_BUILD_MINUTES = 2160;
/** `timeout` answers this when it ended the command. */
const TIMED_OUT_EXIT = 124;

export interface BuildContext {
  /** `{enterpriseId}/{pipelineId}/{number}/{jobId}`: how a build state event finds its job. */
  jobRef: string;
  pipelineId: string;
  runNumber: number;
  branch: string;
  /** The commit to build; null builds the branch's newest. */
  commit: string | null;
  repositoryUrl: string;
  /** The Parameter Store name holding the git Authorization value for this run. */
  gitAuthParameter: string;
  parameters: Readonly<Record<string, InputValue>>;
}

export interface JobBuild {
  jobId: string;
  /** The buildspec, as JSON (which CodeBuild reads as YAML). */
  buildspec: string;
  environment: EnvironmentVariable[];
  timeoutInMinutes: number;
}

/** A string as one shell word: single quotes, with each `'` closed, escaped and reopened. */
export const shellQuote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

const minutesOf = (timeout: number | undefined) => timeout ?? DEFAULT_STEP_TIMEOUT_MINUTES;
const plural = (n: number) => `${n} minute${n === 1 ? '' : 's'}`;

/** The shell lines that check the repository out at the commit (or the branch's newest). */
export function checkoutCommands(): string[] {
  return [
    'export GIT_TERMINAL_PROMPT=0 GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=http.extraHeader',
    'export GIT_CONFIG_VALUE_0="Authorization: Basic $PIPELINE_GIT_AUTH"',
    'git init --quiet .',
    'git fetch --quiet --no-tags --depth=50 "$PIPELINE_REPOSITORY_URL" "+refs/heads/$PIPELINE_BRANCH:refs/remotes/origin/$PIPELINE_BRANCH"',
    'if [ -z "$PIPELINE_COMMIT" ]; then PIPELINE_COMMIT=$(git rev-parse "refs/remotes/origin/$PIPELINE_BRANCH"); export PIPELINE_COMMIT; fi',
    // Older than the 50 fetched: ask for the commit itself.
    'git checkout --quiet --detach "$PIPELINE_COMMIT" || { git fetch --quiet --no-tags --depth=1 "$PIPELINE_REPOSITORY_URL" "$PIPELINE_COMMIT" && git checkout --quiet --detach "$PIPELINE_COMMIT"; }',
    'echo "[Checked out $PIPELINE_COMMIT by $(git log -1 --format=%ae)]"',
    // The steps never see the token.
    'unset GIT_CONFIG_COUNT GIT_CONFIG_KEY_0 GIT_CONFIG_VALUE_0 PIPELINE_GIT_AUTH',
  ];
}

/** One step as one buildspec command: header, the command under `timeout`, its end line, its exit. */
export function stepCommand(name: string, command: string, timeoutMinutes: number): string {
  const header = `printf '%s\\n' ${shellQuote(`▶ ${name}`)} ${shellQuote(`$ ${command}`)}`;
  const run = `timeout -k 2 ${timeoutMinutes * 60} sh -c ${shellQuote(command)}`;
  const end =
    `code=$?; if [ "$code" -eq ${TIMED_OUT_EXIT} ]; then echo ${shellQuote(`[Timed out after ${plural(timeoutMinutes)}]`)}; ` +
    `elif [ "$code" -ne 0 ]; then echo "[Exit code $code]"; else echo "[Exit code 0]"; fi; [ "$code" -eq 0 ]`;
  return `${header}; ${run}; ${end}`;
}

/** The build of one job: its buildspec, environment and time-out. */
export function jobBuild(
  job: PipelineJob,
  nodes: ReadonlyMap<string, ActionNodeSpec>,
  context: BuildContext,
): JobBuild {
  const steps = job.steps.map((step) => {
    const node = nodes.get(step.uses);
    if (!node) throw new Error(`no action node is called ${step.uses}`);
    const minutes = minutesOf(step.timeoutMinutes);
    const command = renderCommand(node, step.with ?? {}, context.parameters);
    return stepCommand(step.name ?? step.id, command, minutes);
  });
  const stepMinutes = job.steps.reduce((sum, step) => sum + minutesOf(step.timeoutMinutes), 0);
  const buildspec = {
    version: 0.2,
    env: { shell: 'bash', 'parameter-store': { PIPELINE_GIT_AUTH: context.gitAuthParameter } },
    phases: {
      pre_build: { 'on-failure': 'ABORT', commands: checkoutCommands() },
      build: { 'on-failure': 'ABORT', commands: steps },
    },
  };
  return {
    jobId: job.id,
    buildspec: JSON.stringify(buildspec),
    environment: buildEnvironment(context),
    timeoutInMinutes: Math.min(
      MAX_BUILD_MINUTES,
      Math.max(MIN_BUILD_MINUTES, stepMinutes + CHECKOUT_MINUTES),
    ),
  };
}

/** The same variables a local step gets, and the run's parameters, all plain text. */
function buildEnvironment(context: BuildContext): EnvironmentVariable[] {
  const plain = (name: string, value: string): EnvironmentVariable => ({ name, value, type: 'PLAINTEXT' });
  return [
    plain('CI', 'true'),
    plain('LANG', 'C.UTF-8'),
    plain('PIPELINE_JOB_REF', context.jobRef),
    plain('PIPELINE_ID', context.pipelineId),
    plain('PIPELINE_RUN', String(context.runNumber)),
    plain('PIPELINE_BRANCH', context.branch),
    plain('PIPELINE_COMMIT', context.commit ?? ''),
    plain('PIPELINE_REPOSITORY_URL', context.repositoryUrl),
    ...Object.entries(context.parameters).map(([name, value]) => plain(name, String(value))),
  ];
}

export interface StepOutcome {
  status: 'succeeded' | 'failed' | 'stopped' | 'skipped';
  exitCode: number | null;
  message: string;
}

const END_LINE = /^\[(?:Exit code (\d+)|(Timed out after \d+ minutes?))\]$/;

/**
 * Each step's outcome from a finished build's log: the n-th end line is the n-th step's; a step
 * with no end line never ran (skipped), unless the build ended while it ran (`interruptedAs`).
 */
export function stepOutcomes(
  logLines: readonly string[],
  stepCount: number,
  interruptedAs: 'failed' | 'stopped' | 'skipped' = 'skipped',
): StepOutcome[] {
  const ends = logLines.flatMap((line) => {
    const match = END_LINE.exec(line.trimEnd());
    if (!match) return [];
    if (match[2]) return [{ status: 'failed' as const, exitCode: TIMED_OUT_EXIT, message: match[2] }];
    const code = Number(match[1]);
    return [
      code === 0
        ? { status: 'succeeded' as const, exitCode: 0, message: '' }
        : { status: 'failed' as const, exitCode: code, message: `Exit code ${code}` },
    ];
  });
  const ranOff = ends.length > 0 && ends[ends.length - 1]?.status !== 'succeeded';
  return Array.from({ length: stepCount }, (_, i) => {
    const end = ends[i];
    if (end) return end;
    const interrupted = i === ends.length && !ranOff;
    if (!interrupted || interruptedAs === 'skipped')
      return { status: 'skipped', exitCode: null, message: '' };
    return interruptedAs === 'stopped'
      ? { status: 'stopped', exitCode: null, message: 'Stopped' }
      : { status: 'failed', exitCode: null, message: 'The build ended while the step ran' };
  });
}

/**
 * The jobs of a stage in waves that run one after another, each wave's jobs side by side: a job
 * goes in the first wave after every job it needs (what a Step Functions Map can express).
 */
export function jobWaves<J extends { id: string; needs?: readonly string[] | undefined }>(
  jobs: readonly J[],
): J[][] {
  const waveOf = new Map<string, number>();
  const place = (job: J): number => {
    const known = waveOf.get(job.id);
    if (known !== undefined) return known;
    const needs = (job.needs ?? []).flatMap((id) => jobs.filter((j) => j.id === id));
    const wave = needs.length === 0 ? 0 : Math.max(...needs.map(place)) + 1;
    waveOf.set(job.id, wave);
    return wave;
  };
  const waves: J[][] = [];
  for (const job of jobs) {
    const wave = place(job);
    waves[wave] = [...(waves[wave] ?? []), job];
  }
  return waves.filter((wave) => wave.length > 0);
}
