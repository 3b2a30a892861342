/**
 * Runs and their logs, in the enterprise partition (so they go with the enterprise's export and
 * deletion):
 * - `PIPERUN#{pipelineId}#{number, 6 digits}`: one run, with its stages, jobs and steps and the
 *   definition it follows (a later save does not change a run under way);
 * - `PIPELOG#{pipelineId}#{number}#{jobId}#{offset, 12 digits}`: one chunk of a job's log, keyed
 *   by the offset (characters) where it starts, so a reader at offset N asks for the chunks from
 *   N - MAX_LOG_CHUNK_CHARS on, in one query, and a missing chunk shows as a gap in the offsets;
 * - `PIPEPUSH#{pipelineId}#{sha}`: the claim that a pushed commit started its run (jobs run at
 *   least once; a second delivery starts nothing).
 * The pipeline item holds `runCount` (the last run's number) and `activeRun` (the number of the
 * run that holds the pipeline's one running slot, 0 when none): the queue's lock.
 */
import { enterprisePartition, type Key, keys } from '@core/db/keys';
import {
  batchDelete,
  ConditionFailedError,
  conditions,
  getItem,
  type Item,
  putItem,
  putItemIfAbsent,
  queryPage,
  queryPartition,
  updateItem,
} from '@core/db/operations';
import type { InputValue } from '@shared/domain/pipeline-catalogue';
import type { JobState, RunState, RunTrigger } from '@shared/domain/pipeline-run';

export const RUN_PREFIX = 'PIPERUN#';
export const LOG_PREFIX = 'PIPELOG#';
const PUSH_PREFIX = 'PIPEPUSH#';
/** A chunk of a log holds at most this many characters. */
export const MAX_LOG_CHUNK_CHARS = 8_192;

const pad = (n: number, width: number) => String(n).padStart(width, '0');

export const runKey = (enterpriseId: string, pipelineId: string, number: number): Key => ({
  pk: enterprisePartition(enterpriseId),
  sk: `${RUN_PREFIX}${pipelineId}#${pad(number, 6)}`,
});

const logPrefix = (pipelineId: string, number: number, jobId: string) =>
  `${LOG_PREFIX}${pipelineId}#${pad(number, 6)}#${jobId}#`;

export interface StepRecord {
  id: string;
  name: string;
  uses: string;
  status: JobState;
  exitCode: number | null;
  startedAt: string | null;
  finishedAt: string | null;
  message: string;
}

export interface JobRecord {
  id: string;
  name: string;
  needs: string[];
  status: JobState;
  startedAt: string | null;
  finishedAt: string | null;
  reusedFrom: number | null;
  steps: StepRecord[];
  /** The cloud engine's CodeBuild build of the job, once it has started (its log is in CloudWatch). */
  build?: CloudBuildRef;
}

export interface CloudBuildRef {
  id: string;
  logGroup: string | null;
  logStream: string | null;
}

export interface StageRecord {
  id: string;
  name: string;
  status: JobState;
  jobs: JobRecord[];
}

export interface RunRecord {
  enterpriseId: string;
  pipelineId: string;
  number: number;
  repositoryId: string;
  status: RunState;
  trigger: RunTrigger;
  branch: string;
  commit: string | null;
  /** The e-mail address of the commit's author, once the checkout has read it (who a failure tells). */
  commitAuthorEmail?: string;
  parameters: Record<string, InputValue>;
  revision: number;
  /** The definition the run follows, as it was when the run was queued. */
  yaml: string;
  rerunOf: number | null;
  creatorId: string | null;
  queuedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  message: string;
  stages: StageRecord[];
  /** The cloud engine's Step Functions execution (absent for a run of the local executor). */
  executionArn?: string;
}

const toItem = (r: RunRecord): Item => ({
  ...runKey(r.enterpriseId, r.pipelineId, r.number),
  entity: 'PipelineRun',
  ...r,
});

const fromItem = (item: Item): RunRecord => ({
  enterpriseId: item.enterpriseId,
  pipelineId: item.pipelineId,
  number: item.number,
  repositoryId: item.repositoryId,
  status: item.status,
  trigger: item.trigger,
  branch: item.branch,
  commit: item.commit ?? null,
  parameters: item.parameters ?? {},
  revision: item.revision,
  yaml: item.yaml,
  rerunOf: item.rerunOf ?? null,
  creatorId: item.creatorId ?? null,
  queuedAt: item.queuedAt,
  startedAt: item.startedAt ?? null,
  finishedAt: item.finishedAt ?? null,
  message: item.message ?? '',
  stages: item.stages ?? [],
  ...(item.executionArn ? { executionArn: String(item.executionArn) } : {}),
  ...(item.commitAuthorEmail ? { commitAuthorEmail: String(item.commitAuthorEmail) } : {}),
});

/** The next run number of the pipeline (its `runCount`, raised by one). */
export async function nextRunNumber(enterpriseId: string, pipelineId: string): Promise<number> {
  const item = await updateItem(
    keys.pipeline(enterpriseId, pipelineId),
    { add: { runCount: 1 } },
    conditions.exists,
    'pipeline',
  );
  return Number(item.runCount);
}

export async function putRun(record: RunRecord): Promise<void> {
  await putItem(toItem(record));
}

// Access pattern: one run (PIPERUN#{pipelineId}#{number}).
export async function getRun(
  enterpriseId: string,
  pipelineId: string,
  number: number,
): Promise<RunRecord | null> {
  const item = await getItem(runKey(enterpriseId, pipelineId, number));
  return item ? fromItem(item) : null;
}

// Access pattern: a pipeline's runs, oldest first (begins_with(sk, PIPERUN#{pipelineId}#)).
export async function listRuns(enterpriseId: string, pipelineId: string): Promise<RunRecord[]> {
  const items = await queryPartition(enterprisePartition(enterpriseId), `${RUN_PREFIX}${pipelineId}#`);
  return items.map(fromItem);
}

// Access pattern: a pipeline's newest run (begins_with(sk, PIPERUN#{pipelineId}#), backwards, one).
export async function latestRun(enterpriseId: string, pipelineId: string): Promise<RunRecord | null> {
  const { items } = await queryPage({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': enterprisePartition(enterpriseId),
      ':prefix': `${RUN_PREFIX}${pipelineId}#`,
    },
    ScanIndexForward: false,
    Limit: 1,
    ConsistentRead: true,
  });
  return items[0] ? fromItem(items[0]) : null;
}

/** Moves a run from one state to another; false when it was no longer in `from`. */
export async function moveRun(
  key: { enterpriseId: string; pipelineId: string; number: number },
  from: RunState,
  set: Partial<RunRecord> & { stoppedBy?: string; stopRequestedAt?: string },
): Promise<boolean> {
  try {
    await updateItem(
      runKey(key.enterpriseId, key.pipelineId, key.number),
      { set },
      {
        expression: 'attribute_exists(pk) AND #status = :from',
        names: { '#status': 'status' },
        values: { ':from': from },
      },
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionFailedError) return false;
    throw error;
  }
}

/** Writes what the executor changed of a running run (its states, times and commit). */
export async function saveRunProgress(record: RunRecord): Promise<void> {
  await updateItem(
    runKey(record.enterpriseId, record.pipelineId, record.number),
    {
      set: {
        status: record.status,
        commit: record.commit,
        ...(record.commitAuthorEmail ? { commitAuthorEmail: record.commitAuthorEmail } : {}),
        startedAt: record.startedAt,
        finishedAt: record.finishedAt,
        message: record.message,
        stages: record.stages,
      },
    },
    conditions.exists,
    'run',
  );
}

/**
 * Changes a run by `change` (false: leave it) and writes it back if nobody wrote it in between
 * (`progressSeq`), else reads it again: the cloud engine's events for the jobs of one run come at
 * once, to different function instances. Answers the run as written, or null when unchanged.
 */
export async function changeRun(
  enterpriseId: string,
  pipelineId: string,
  number: number,
  change: (run: RunRecord) => boolean,
): Promise<RunRecord | null> {
  const key = runKey(enterpriseId, pipelineId, number);
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const item = await getItem(key);
    if (!item) return null;
    const run = fromItem(item);
    if (!change(run)) return null;
    const seq = Number(item.progressSeq ?? 0);
    try {
      await updateItem(
        key,
        {
          set: {
            status: run.status,
            commit: run.commit,
            ...(run.commitAuthorEmail ? { commitAuthorEmail: run.commitAuthorEmail } : {}),
            startedAt: run.startedAt,
            finishedAt: run.finishedAt,
            message: run.message,
            stages: run.stages,
            progressSeq: seq + 1,
          },
        },
        {
          expression: 'attribute_not_exists(progressSeq) OR progressSeq = :seq',
          values: { ':seq': seq },
        },
      );
      return run;
    } catch (error) {
      if (!(error instanceof ConditionFailedError)) throw error;
    }
  }
  throw new Error(`Run ${number} of pipeline ${pipelineId} kept changing under its engine's events`);
}

/**
 * Takes the pipeline's running slot for run `number`; false when another run holds it. This is
 * the queue's rule: one run at a time per pipeline, whoever takes the slot first.
 */
export async function claimSlot(enterpriseId: string, pipelineId: string, number: number): Promise<boolean> {
  try {
    await updateItem(
      keys.pipeline(enterpriseId, pipelineId),
      { set: { activeRun: number } },
      {
        expression: 'attribute_exists(pk) AND (attribute_not_exists(activeRun) OR activeRun = :free)',
        values: { ':free': 0 },
      },
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionFailedError) return false;
    throw error;
  }
}

/** The number of the run holding the pipeline's slot; 0 when it is free. */
export async function activeRunOf(enterpriseId: string, pipelineId: string): Promise<number> {
  const item = await getItem(keys.pipeline(enterpriseId, pipelineId));
  return Number(item?.activeRun ?? 0);
}

/** Frees the slot if run `number` still holds it. */
export async function releaseSlot(enterpriseId: string, pipelineId: string, number: number): Promise<void> {
  try {
    await updateItem(
      keys.pipeline(enterpriseId, pipelineId),
      { set: { activeRun: 0 } },
      {
        expression: 'activeRun = :mine',
        values: { ':mine': number },
      },
    );
  } catch (error) {
    if (!(error instanceof ConditionFailedError)) throw error;
  }
}

/** Claims a pushed commit for a pipeline; false when it has already started a run. */
export function claimPush(enterpriseId: string, pipelineId: string, sha: string): Promise<boolean> {
  return putItemIfAbsent({
    pk: enterprisePartition(enterpriseId),
    sk: `${PUSH_PREFIX}${pipelineId}#${sha}`,
    entity: 'PipelinePush',
    pipelineId,
    sha,
  });
}

// ---- logs -------------------------------------------------------------------------------------

export interface LogChunk {
  start: number;
  text: string;
}

export async function putLogChunk(
  enterpriseId: string,
  pipelineId: string,
  number: number,
  jobId: string,
  chunk: LogChunk,
): Promise<void> {
  await putItem({
    pk: enterprisePartition(enterpriseId),
    sk: `${logPrefix(pipelineId, number, jobId)}${pad(chunk.start, 12)}`,
    entity: 'PipelineLog',
    start: chunk.start,
    text: chunk.text,
  });
}

// Access pattern: a job's log from an offset (sk >= PIPELOG#...#{offset - one chunk}), in order.
export async function readLogChunks(
  enterpriseId: string,
  pipelineId: string,
  number: number,
  jobId: string,
  from: number,
  limit: number,
): Promise<LogChunk[]> {
  const prefix = logPrefix(pipelineId, number, jobId);
  const { items } = await queryPage({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': enterprisePartition(enterpriseId),
      ':from': `${prefix}${pad(Math.max(0, from - MAX_LOG_CHUNK_CHARS + 1), 12)}`,
      ':to': `${prefix}~`,
    },
    ConsistentRead: true,
    Limit: limit,
  });
  return items.slice(0, limit).map((item) => ({ start: Number(item.start), text: String(item.text) }));
}

/** Where a job's log ends now (the end of its last chunk; 0 when it has none). */
export async function logEnd(
  enterpriseId: string,
  pipelineId: string,
  number: number,
  jobId: string,
): Promise<number> {
  const prefix = logPrefix(pipelineId, number, jobId);
  const { items } = await queryPage({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': enterprisePartition(enterpriseId), ':prefix': prefix },
    ConsistentRead: true,
    ScanIndexForward: false,
    Limit: 1,
  });
  const last = items[0];
  return last ? Number(last.start) + String(last.text).length : 0;
}

/** A pipeline's runs, logs and push claims (when the pipeline is deleted). */
export async function deleteRunsOf(enterpriseId: string, pipelineId: string): Promise<void> {
  const partition = enterprisePartition(enterpriseId);
  const found = await Promise.all(
    [RUN_PREFIX, LOG_PREFIX, PUSH_PREFIX].map((p) => queryPartition(partition, `${p}${pipelineId}#`)),
  );
  await batchDelete(found.flat().map((item) => ({ pk: item.pk as string, sk: item.sk as string })));
}
