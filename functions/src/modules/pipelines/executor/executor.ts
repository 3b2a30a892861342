/**
 * One interface, two engines (docs/pipelines.md "Executors"): the local executor (the embedded
 * default: child processes in a scratch checkout, `local.ts`) and, in the cloud, AWS CodeBuild
 * builds orchestrated by a Step Functions state machine (`cloud.ts`). The runs service hands an
 * executor a run and what it needs, and hears back through a reporter (local) or through the
 * engine's events (cloud, `cloud-events.ts`); it never knows which engine runs it.
 */
import type { ActionNodeSpec } from '@shared/domain/pipeline-catalogue';
import type { PipelineDefinition } from '@shared/domain/pipeline-definition';
import type { RemoteAccess } from '../../repositories';
import type { LogChunk, RunRecord } from '../store/runs';

export interface RunPlan {
  /** The run, queued; the executor changes its states, times and commit in place. */
  run: RunRecord;
  definition: PipelineDefinition;
  /** The action nodes `uses:` names, by key. */
  nodes: ReadonlyMap<string, ActionNodeSpec>;
  /** The repository to check out. */
  remote: RemoteAccess;
  /** Jobs that keep the result of an earlier run (a rerun of failed jobs only). */
  reused: ReadonlyMap<string, number>;
}

export interface RunReporter {
  /** Writes the run's states as they are now; called in order, one at a time. */
  progress(run: RunRecord): Promise<void>;
  /** Writes a chunk of a job's log; called in order for each job. */
  log(jobId: string, chunk: LogChunk): Promise<void>;
}

export interface RunExecutor {
  /**
   * `in-process`: `run` resolves once the run has ended and its last states are written (local).
   * `handed-off`: `run` resolves once the engine has the run; the engine's events record its
   * states and end it (cloud), so the pipeline's slot stays taken until then.
   */
  readonly mode: 'in-process' | 'handed-off';
  run(plan: RunPlan, reporter: RunReporter): Promise<void>;
  /** Asks a run it is running to stop; false when it has no such run. */
  stop(run: RunRecord): Promise<boolean>;
}

export const runIdOf = (run: Pick<RunRecord, 'enterpriseId' | 'pipelineId' | 'number'>) =>
  `${run.enterpriseId}/${run.pipelineId}/${run.number}`;
