/**
 * The cloud engine (docs/pipelines.md "Cloud engine"): a run is one execution of the stack's
 * Step Functions state machine, whose input lists the run's jobs in waves (the stages in order,
 * each stage's jobs in waves by their `needs`); the machine runs the waves one after another and
 * the jobs of a wave side by side, each an AWS CodeBuild build (`startBuild.sync`) with the
 * buildspec `jobBuild` generated. The function only starts and stops: the builds' and the
 * execution's state changes come back through EventBridge (`cloud-events.ts`).
 *
 * The repository's token goes to Parameter Store (SecureString, one per run, deleted when the run
 * ends); the builds read it by name, so it is in no execution input, buildspec or build record.
 */
import { randomUUID } from 'node:crypto';
import { CodeBuildClient, StopBuildCommand } from '@aws-sdk/client-codebuild';
import { SFNClient, StartExecutionCommand, StopExecutionCommand } from '@aws-sdk/client-sfn';
import { DeleteParameterCommand, PutParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { isFinished } from '@shared/domain/pipeline-run';
import type { RemoteAccess } from '../../repositories';
import type { RunRecord } from '../store/runs';
import { type JobBuild, jobBuild, jobWaves } from './buildspec';
import { type RunExecutor, type RunPlan, runIdOf } from './executor';

/** What the stack tells the function (infra/lib/constructs/pipeline-engine.ts). */
export interface CloudSettings {
  stateMachineArn: string;
  /** Parameter Store path under which the runs' git credentials are written. */
  credentialsPath: string;
}

/** The cloud engine's settings, or null when the function runs the local executor. */
export function cloudSettings(env: NodeJS.ProcessEnv = process.env): CloudSettings | null {
  if (env.PIPELINE_ENGINE !== 'cloud') return null;
  const stateMachineArn = env.PIPELINE_STATE_MACHINE_ARN;
  const credentialsPath = env.PIPELINE_CREDENTIALS_PATH;
  if (!stateMachineArn || !credentialsPath)
    throw new Error('PIPELINE_ENGINE=cloud needs PIPELINE_STATE_MACHINE_ARN and PIPELINE_CREDENTIALS_PATH');
  return { stateMachineArn, credentialsPath };
}

/** One client each, made on first use (the tests replace them with aws-sdk-client-mock). */
const clients: { sfn?: SFNClient; codebuild?: CodeBuildClient; ssm?: SSMClient } = {};
export const sfn = () => (clients.sfn ??= new SFNClient({}));
export const codebuild = () => (clients.codebuild ??= new CodeBuildClient({}));
export const ssm = () => (clients.ssm ??= new SSMClient({}));

/** The state machine's input: the waves, in order, and the run they belong to. */
export interface ExecutionInput {
  runRef: string;
  waves: { stageId: string; jobs: JobBuild[] }[];
}

export const credentialsName = (
  settings: CloudSettings,
  run: Pick<RunRecord, 'enterpriseId' | 'pipelineId' | 'number'>,
) => `${settings.credentialsPath}/${run.enterpriseId}/${run.pipelineId}/${run.number}`;

/** The value git sends as `Authorization: Basic ...` (as the local executor does). */
const basicAuth = (remote: RemoteAccess) =>
  Buffer.from(`${remote.username || 'x-access-token'}:${remote.token}`).toString('base64');

/** The execution's input for a plan: every job that does not keep an earlier result, in waves. */
export function executionInput(plan: RunPlan, settings: CloudSettings): ExecutionInput {
  const { run, definition, nodes, reused } = plan;
  const runRef = runIdOf(run);
  return {
    runRef,
    waves: definition.stages.flatMap((stage) =>
      jobWaves(stage.jobs.filter((job) => !reused.has(job.id))).map((wave) => ({
        stageId: stage.id,
        jobs: wave.map((job) =>
          jobBuild(job, nodes, {
            jobRef: `${runRef}/${job.id}`,
            pipelineId: run.pipelineId,
            runNumber: run.number,
            branch: run.branch,
            commit: run.commit,
            repositoryUrl: plan.remote.url,
            gitAuthParameter: credentialsName(settings, run),
            parameters: run.parameters,
          }),
        ),
      })),
    ),
  };
}

/** An execution's name: unique per start, at most 80 characters of [A-Za-z0-9-_]. */
const executionName = (run: RunRecord) =>
  `${run.pipelineId}-${run.number}-${randomUUID().slice(0, 8)}`.replace(/[^\w-]/g, '-').slice(-80);

export function cloudExecutor(settings: CloudSettings): RunExecutor {
  return {
    mode: 'handed-off',
    // The runs service writes the execution's ARN; the states come from the engine's events.
    async run(plan) {
      const { run } = plan;
      await ssm().send(
        new PutParameterCommand({
          Name: credentialsName(settings, run),
          Value: basicAuth(plan.remote),
          Type: 'SecureString',
          Overwrite: true,
          Description: `Git access of pipeline run ${runIdOf(run)}; deleted when the run ends`,
        }),
      );
      const started = await sfn().send(
        new StartExecutionCommand({
          stateMachineArn: settings.stateMachineArn,
          name: executionName(run),
          input: JSON.stringify(executionInput(plan, settings)),
        }),
      );
      if (started.executionArn) run.executionArn = started.executionArn;
    },
    async stop(run) {
      if (!run.executionArn) return false;
      await sfn().send(new StopExecutionCommand({ executionArn: run.executionArn, cause: 'Stopped' }));
      const running = run.stages
        .flatMap((stage) => stage.jobs)
        .flatMap((job) => (job.build && !isFinished(job.status) ? [job.build.id] : []));
      // The machine stops what it waits for too; stopping here makes it certain and immediate.
      await Promise.all(running.map((id) => codebuild().send(new StopBuildCommand({ id }))));
      return true;
    },
  };
}

/** Deletes a run's git credentials (the run has ended); gone already is fine. */
export async function forgetCredentials(settings: CloudSettings, run: RunRecord): Promise<void> {
  try {
    await ssm().send(new DeleteParameterCommand({ Name: credentialsName(settings, run) }));
  } catch (error) {
    if ((error as Error).name !== 'ParameterNotFound') throw error;
  }
}
