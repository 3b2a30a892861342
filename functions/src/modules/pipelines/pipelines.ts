/**
 * Pipelines: each belongs to a code repository and one of the projects it is linked to, and is
 * defined by a YAML document checked against the enterprise's action nodes before anything is
 * written (400 naming the line and field). Every save is a new revision; the history keeps them
 * all. Rules and calls: docs/pipelines.md.
 */
import { firstVersion, nowIso } from '@core/clock';
import { ConditionFailedError, onConditionFailed } from '@core/db/operations';
import { AppError, badRequest, conflict, notFound, staleVersion } from '@core/errors';
import { summaryOf, userSummaries } from '@core/identity/people';
import { newId } from '@core/ids';
import { pageOf } from '@core/paging';
import {
  checkDefinition,
  describeProblem,
  type PipelineDefinition,
} from '@shared/domain/pipeline-definition';
import { isFinished } from '@shared/domain/pipeline-run';
import { type Page, type PageQuery, sentenceCase } from '@shared/schemas/common';
import type {
  Pipeline,
  PipelineCreateBody,
  PipelineDetail,
  PipelineLastRun,
  PipelineListQuery,
  PipelineRevision,
  PipelineUpdateBody,
  SaveYamlBody,
} from '@shared/schemas/pipelines';
import { requireProject } from '../projects';
import { getRepositories, listProjectLinks, requireRepository } from '../repositories';
import { actionNodeSpecs, requireTemplate } from './catalogue';
import * as db from './store/pipelines';
import * as runsDb from './store/runs';

export const pipelineNotFound = (id: string) => notFound(`Pipeline ${id} does not exist`);

export async function requirePipeline(enterpriseId: string, pipelineId: string): Promise<db.PipelineRecord> {
  const record = await db.getPipeline(enterpriseId, pipelineId);
  if (!record) throw pipelineNotFound(pipelineId);
  return record;
}

/** The definition `yaml` describes, or 400 naming the first problem's line and field (all in `data`). */
export async function checkYaml(enterpriseId: string, yaml: string): Promise<PipelineDefinition> {
  const result = await checkDefinition(yaml, await actionNodeSpecs(enterpriseId));
  if (result.ok) return result.definition;
  const [first] = result.problems;
  const problem = first ? sentenceCase(describeProblem(first)) : 'The definition is invalid';
  throw badRequest('yaml', problem, { problems: result.problems });
}

/** What the pipeline item keeps of its definition, for lists, triggers and the catalogue's checks. */
function definitionFields(definition: PipelineDefinition, yaml: string) {
  const jobs = definition.stages.flatMap((s) => s.jobs);
  return {
    name: definition.name,
    description: definition.description ?? '',
    yaml,
    trigger: {
      manual: definition.trigger.manual,
      branches: definition.trigger.push?.branches ?? [],
      cron: definition.trigger.cron ?? null,
    },
    stageCount: definition.stages.length,
    jobCount: jobs.length,
    nodeKeys: [...new Set(jobs.flatMap((j) => j.steps.map((s) => s.uses)))].sort(),
  };
}

/** 400 unless the project exists and is linked to the repository (a pipeline builds its code). */
async function assertProjectOfRepository(enterpriseId: string, projectId: string, repositoryId: string) {
  await namingField('projectId', requireProject(enterpriseId, projectId));
  const links = await listProjectLinks(enterpriseId, projectId);
  if (!links.some((l) => l.repositoryId === repositoryId))
    throw badRequest('projectId', 'The project is not linked to the repository; link them first');
}

export async function createPipeline(
  enterpriseId: string,
  userId: string,
  body: PipelineCreateBody,
): Promise<PipelineDetail> {
  await namingField('repositoryId', requireRepository(enterpriseId, body.repositoryId));
  await assertProjectOfRepository(enterpriseId, body.projectId, body.repositoryId);
  const yaml = body.yaml ?? (await templateYaml(enterpriseId, body.templateId ?? ''));
  const definition = await checkYaml(enterpriseId, yaml);
  const at = nowIso();
  const record: db.PipelineRecord = {
    enterpriseId,
    pipelineId: newId(),
    repositoryId: body.repositoryId,
    projectId: body.projectId,
    enabled: true,
    ...definitionFields(definition, yaml),
    revision: 1,
    creatorId: userId,
    ...firstVersion(at),
  };
  await db.createPipeline(record, {
    pipelineId: record.pipelineId,
    revision: 1,
    yaml,
    message: 'Created',
    authorId: userId,
    createdAt: at,
  });
  return detailView(record);
}

async function templateYaml(enterpriseId: string, templateId: string): Promise<string> {
  return (await namingField('templateId', requireTemplate(enterpriseId, templateId))).yaml;
}

/** A body's id that names nothing is the caller's mistake in that field: 400, not 404. */
async function namingField<T>(field: string, lookup: Promise<T>): Promise<T> {
  try {
    return await lookup;
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw badRequest(field, error.message);
    throw error;
  }
}

export async function listPipelinePage(
  enterpriseId: string,
  query: PipelineListQuery,
): Promise<Page<Pipeline>> {
  const keyword = query.keyword?.toLowerCase();
  const found = (await db.listPipelines(enterpriseId))
    .filter((p) => !query.repositoryId || p.repositoryId === query.repositoryId)
    .filter((p) => !query.projectId || p.projectId === query.projectId)
    .filter((p) => !keyword || p.name.toLowerCase().includes(keyword))
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.pipelineId.localeCompare(b.pipelineId));
  return pageOf(found, query, (rows) => views(enterpriseId, rows));
}

export async function getPipelineView(enterpriseId: string, pipelineId: string): Promise<PipelineDetail> {
  return detailView(await requirePipeline(enterpriseId, pipelineId));
}

export async function updatePipeline(
  enterpriseId: string,
  pipelineId: string,
  body: PipelineUpdateBody,
): Promise<PipelineDetail> {
  const record = await requirePipeline(enterpriseId, pipelineId);
  await assertProjectOfRepository(enterpriseId, body.projectId, record.repositoryId);
  const updated = await onConditionFailed(
    db.updatePipeline(record, body.version, { projectId: body.projectId, updatedAt: nowIso() }),
    { stale: () => staleVersion('The pipeline'), missing: () => pipelineNotFound(pipelineId) },
  );
  return detailView(updated);
}

export async function setPipelineEnabled(
  enterpriseId: string,
  pipelineId: string,
  enabled: boolean,
): Promise<PipelineDetail> {
  await requirePipeline(enterpriseId, pipelineId);
  await onConditionFailed(db.setEnabled(enterpriseId, pipelineId, enabled, nowIso()), {
    pipeline: () => pipelineNotFound(pipelineId),
  });
  return getPipelineView(enterpriseId, pipelineId);
}

/** Deletes the pipeline with its history, runs and logs; 409 while a run of it is under way. */
export async function deletePipeline(enterpriseId: string, pipelineId: string): Promise<void> {
  const record = await requirePipeline(enterpriseId, pipelineId);
  const going = (await runsDb.listRuns(enterpriseId, pipelineId)).find((r) => !isFinished(r.status));
  if (going) throw conflict(`Run ${going.number} of this pipeline is ${going.status}; stop it first`);
  await onConditionFailed(db.deletePipeline(record), { pipeline: () => pipelineNotFound(pipelineId) });
  await runsDb.deleteRunsOf(enterpriseId, pipelineId);
}

/** `save_yaml`: a checked definition becomes the pipeline's, and the next revision of its history. */
export async function saveYaml(
  enterpriseId: string,
  userId: string,
  pipelineId: string,
  body: SaveYamlBody,
): Promise<PipelineDetail> {
  const record = await requirePipeline(enterpriseId, pipelineId);
  const definition = await checkYaml(enterpriseId, body.yaml);
  if (body.version !== record.version) throw staleVersion('The pipeline');
  const at = nowIso();
  const revision = record.revision + 1;
  try {
    await db.saveDefinition(
      record,
      body.version,
      { ...definitionFields(definition, body.yaml), revision, updatedAt: at },
      { pipelineId, revision, yaml: body.yaml, message: body.message ?? '', authorId: userId, createdAt: at },
    );
  } catch (error) {
    if (error instanceof ConditionFailedError) throw staleVersion('The pipeline');
    throw error;
  }
  return getPipelineView(enterpriseId, pipelineId);
}

export async function listRevisionPage(
  enterpriseId: string,
  pipelineId: string,
  query: PageQuery,
): Promise<Page<PipelineRevision>> {
  await requirePipeline(enterpriseId, pipelineId);
  const newestFirst = (await db.listRevisions(enterpriseId, pipelineId)).reverse();
  return pageOf(newestFirst, query, async (rows) => {
    const people = await userSummaries(rows.map((r) => r.authorId));
    return rows.map((r) => ({
      revision: r.revision,
      yaml: r.yaml,
      message: r.message,
      author: people.has(r.authorId) ? summaryOf(people, r.authorId) : null,
      createdAt: r.createdAt,
    }));
  });
}

// ---- views -----------------------------------------------------------------------------------

async function views(enterpriseId: string, records: readonly db.PipelineRecord[]): Promise<Pipeline[]> {
  const [repositories, people, lastRuns] = await Promise.all([
    getRepositories(enterpriseId, [...new Set(records.map((r) => r.repositoryId))]),
    userSummaries(records.map((r) => r.creatorId)),
    Promise.all(records.map((r) => runsDb.latestRun(enterpriseId, r.pipelineId))),
  ]);
  const names = new Map(repositories.map((r) => [r.repositoryId, r.name]));
  return records.map((r, i) => ({
    id: r.pipelineId,
    name: r.name,
    description: r.description,
    repositoryId: r.repositoryId,
    repositoryName: names.get(r.repositoryId) ?? '',
    projectId: r.projectId,
    enabled: r.enabled,
    trigger: r.trigger,
    stageCount: r.stageCount,
    jobCount: r.jobCount,
    revision: r.revision,
    lastRun: lastRunView(lastRuns[i] ?? null),
    creator: people.has(r.creatorId) ? summaryOf(people, r.creatorId) : null,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    version: r.version,
  }));
}

/** The card's summary of the newest run: one query per pipeline of the page, newest key first. */
function lastRunView(run: runsDb.RunRecord | null): PipelineLastRun | null {
  if (!run) return null;
  const { number, status, trigger, branch, queuedAt, startedAt, finishedAt } = run;
  const durationMs = startedAt && finishedAt ? Date.parse(finishedAt) - Date.parse(startedAt) : null;
  return { number, status, trigger, branch, queuedAt, startedAt, finishedAt, durationMs };
}

async function detailView(record: db.PipelineRecord): Promise<PipelineDetail> {
  const [view] = await views(record.enterpriseId, [record]);
  if (!view) throw pipelineNotFound(record.pipelineId);
  return { ...view, yaml: record.yaml };
}
