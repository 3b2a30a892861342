/**
 * Pipelines and the history of their definitions, in the enterprise partition: the pipeline
 * (`PIPELINE#{id}`, with its current YAML and what the runs and lists need from it) and one item
 * per saved definition (`PIPEREV#{id}#{revision}`). A save writes both in one transaction, at the
 * version read, so the history has every definition the pipeline ever had and nothing else.
 */
import { enterprisePartition, keys, SK } from '@core/db/keys';
import {
  batchDelete,
  batchGet,
  ConditionFailedError,
  conditions,
  getItem,
  type Item,
  queryIndexAll,
  queryPartition,
  transact,
  updateItem,
  updateVersioned,
} from '@core/db/operations';

export interface PipelineTrigger {
  manual: boolean;
  branches: string[];
  cron: string | null;
}

export interface PipelineRecord {
  enterpriseId: string;
  pipelineId: string;
  name: string;
  description: string;
  repositoryId: string;
  projectId: string;
  enabled: boolean;
  yaml: string;
  trigger: PipelineTrigger;
  stageCount: number;
  jobCount: number;
  /** The action nodes its steps use (a node in use cannot be deleted). */
  nodeKeys: string[];
  revision: number;
  creatorId: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface RevisionRecord {
  pipelineId: string;
  revision: number;
  yaml: string;
  message: string;
  authorId: string;
  createdAt: string;
}

function toItem(r: PipelineRecord): Item {
  return {
    ...keys.pipeline(r.enterpriseId, r.pipelineId),
    entity: 'Pipeline',
    ...r,
    ...cronIndex(r, r.trigger),
  };
}

/** gsi1 partition of every pipeline with a cron trigger, across enterprises (the minute's tick reads it). */
export const CRON_INDEX = 'PIPELINECRONS';

/** The pipeline's entry on the cron index: there while its trigger has a cron expression. */
function cronIndex(
  r: Pick<PipelineRecord, 'enterpriseId' | 'pipelineId'>,
  trigger: PipelineTrigger | undefined,
) {
  return trigger?.cron ? { gsi1pk: CRON_INDEX, gsi1sk: `PIPE#${r.enterpriseId}#${r.pipelineId}` } : {};
}

function fromItem(item: Item): PipelineRecord {
  return {
    enterpriseId: item.enterpriseId,
    pipelineId: item.pipelineId,
    name: item.name,
    description: item.description ?? '',
    repositoryId: item.repositoryId,
    projectId: item.projectId,
    enabled: item.enabled,
    yaml: item.yaml,
    trigger: item.trigger,
    stageCount: item.stageCount,
    jobCount: item.jobCount,
    nodeKeys: item.nodeKeys ?? [],
    revision: item.revision,
    creatorId: item.creatorId,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    version: item.version,
  };
}

function revisionItem(enterpriseId: string, r: RevisionRecord): Item {
  return {
    ...keys.pipelineRevision(enterpriseId, r.pipelineId, r.revision),
    entity: 'PipelineRevision',
    ...r,
  };
}

const revisionFromItem = (item: Item): RevisionRecord => ({
  pipelineId: item.pipelineId,
  revision: item.revision,
  yaml: item.yaml,
  message: item.message ?? '',
  authorId: item.authorId,
  createdAt: item.createdAt,
});

/** A new pipeline with its first revision. */
export async function createPipeline(record: PipelineRecord, first: RevisionRecord): Promise<void> {
  await transact([
    { put: toItem(record), condition: conditions.notExists, label: 'pipeline' },
    { put: revisionItem(record.enterpriseId, first), condition: conditions.notExists, label: 'revision' },
  ]);
}

// Access pattern: one pipeline (PIPELINE#{id}).
export async function getPipeline(enterpriseId: string, pipelineId: string): Promise<PipelineRecord | null> {
  const item = await getItem(keys.pipeline(enterpriseId, pipelineId));
  return item ? fromItem(item) : null;
}

// Access pattern: an enterprise's pipelines (begins_with(sk, PIPELINE#)), filtered in memory.
export async function listPipelines(enterpriseId: string): Promise<PipelineRecord[]> {
  const items = await queryPartition(enterprisePartition(enterpriseId), SK.pipelinePrefix);
  return items.map(fromItem);
}

/** A change of the pipeline's own fields at the version read (`'stale'` / `'missing'`). */
export async function updatePipeline(
  record: PipelineRecord,
  expectedVersion: number,
  set: Partial<PipelineRecord>,
): Promise<PipelineRecord> {
  return fromItem(
    await updateVersioned(keys.pipeline(record.enterpriseId, record.pipelineId), expectedVersion, set),
  );
}

/**
 * A new definition: the pipeline's fields and the next revision in one transaction, at the
 * version read (`ConditionFailedError('pipeline')` when someone saved first or it is gone).
 */
export async function saveDefinition(
  record: PipelineRecord,
  expectedVersion: number,
  set: Partial<PipelineRecord>,
  revision: RevisionRecord,
): Promise<void> {
  await transact([
    {
      update: keys.pipeline(record.enterpriseId, record.pipelineId),
      set: { ...set, ...cronIndex(record, set.trigger), version: expectedVersion + 1 },
      ...(set.trigger && !set.trigger.cron ? { remove: ['gsi1pk', 'gsi1sk'] } : {}),
      condition: conditions.version(expectedVersion),
      label: 'pipeline',
    },
    { put: revisionItem(record.enterpriseId, revision), condition: conditions.notExists, label: 'revision' },
  ]);
}

// Access pattern: a pipeline's saved definitions, oldest first (begins_with(sk, PIPEREV#{id}#)).
export async function listRevisions(enterpriseId: string, pipelineId: string): Promise<RevisionRecord[]> {
  const items = await queryPartition(
    enterprisePartition(enterpriseId),
    `${SK.pipelineRevisionPrefix}${pipelineId}#`,
  );
  return items.map(revisionFromItem);
}

/** The pipeline goes first (nothing reads revisions without it); its history follows in batches. */
export async function deletePipeline(record: PipelineRecord): Promise<void> {
  await transact([
    {
      delete: keys.pipeline(record.enterpriseId, record.pipelineId),
      condition: conditions.exists,
      label: 'pipeline',
    },
  ]);
  const revisions = await listRevisions(record.enterpriseId, record.pipelineId);
  await batchDelete(
    revisions.map((r) => keys.pipelineRevision(record.enterpriseId, r.pipelineId, r.revision)),
  );
}

// Access pattern: every pipeline with a cron trigger, across enterprises (gsi1 PIPELINECRONS).
export async function listCronPipelines(): Promise<PipelineRecord[]> {
  const keysOnIndex = await queryIndexAll('gsi1', CRON_INDEX, 'PIPE#');
  // The index holds the keys (and whatever it projects); the pipelines are read whole.
  const items = await batchGet(keysOnIndex.map((item) => ({ pk: String(item.pk), sk: String(item.sk) })));
  return items.map(fromItem);
}

/**
 * Claims the cron minute (epoch minutes) for the pipeline: true for the first tick of the
 * minute, false when a tick has started it already (a schedule may be delivered twice).
 */
export async function claimCronMinute(
  enterpriseId: string,
  pipelineId: string,
  minute: number,
): Promise<boolean> {
  try {
    await updateItem(
      keys.pipeline(enterpriseId, pipelineId),
      { set: { lastCronMinute: minute } },
      {
        expression:
          'attribute_exists(pk) AND (attribute_not_exists(lastCronMinute) OR lastCronMinute < :minute)',
        values: { ':minute': minute },
      },
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionFailedError) return false;
    throw error;
  }
}

/** Enables or disables a pipeline, whatever its version (the switch is idempotent). */
export async function setEnabled(
  enterpriseId: string,
  pipelineId: string,
  enabled: boolean,
  at: string,
): Promise<void> {
  await updateItem(
    keys.pipeline(enterpriseId, pipelineId),
    { set: { enabled, updatedAt: at }, add: { version: 1 } },
    conditions.exists,
    'pipeline',
  );
}
