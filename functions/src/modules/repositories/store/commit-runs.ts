/**
 * The latest run of each pipeline that built a commit, so a work item's commits show how their
 * builds went (docs/pipelines.md "Work items"). The pipelines module writes it through this
 * module's entry (`recordCommitRun`) when a run starts and ends; one item per repository, commit
 * and pipeline, in the enterprise partition:
 * `REPOCOMMITRUN#{repositoryId}#{sha}#{pipelineId}`. An older run never replaces a newer one.
 */
import { enterprisePartition, type Key, projectPartition, SK } from '@core/db/keys';
import { ConditionFailedError, type Item, queryAll, queryPartition, updateItem } from '@core/db/operations';
import type { CommitRun } from '@shared/schemas/repositories';
import { listRepositoryLinks } from './repositories';

const PREFIX = 'REPOCOMMITRUN#';

const commitRunKey = (enterpriseId: string, repositoryId: string, sha: string, pipelineId: string): Key => ({
  pk: enterprisePartition(enterpriseId),
  sk: `${PREFIX}${repositoryId}#${sha}#${pipelineId}`,
});

/** Writes a pipeline's run of the commit unless a newer run of the pipeline is there already. */
export async function recordCommitRun(
  enterpriseId: string,
  repositoryId: string,
  sha: string,
  run: CommitRun,
): Promise<void> {
  try {
    await updateItem(
      commitRunKey(enterpriseId, repositoryId, sha, run.pipelineId),
      { set: { entity: 'CommitRun', ...run } },
      {
        expression: 'attribute_not_exists(pk) OR #number <= :number',
        names: { '#number': 'number' },
        values: { ':number': run.number },
      },
    );
  } catch (error) {
    if (!(error instanceof ConditionFailedError)) throw error;
  }
}

// Access pattern: the pipelines' latest runs of one commit (begins_with(sk, REPOCOMMITRUN#{repo}#{sha}#)).
export async function listCommitRuns(
  enterpriseId: string,
  repositoryId: string,
  sha: string,
): Promise<CommitRun[]> {
  const items = await queryPartition(enterprisePartition(enterpriseId), `${PREFIX}${repositoryId}#${sha}#`);
  return items.map((item: Item) => ({
    pipelineId: String(item.pipelineId),
    pipelineName: String(item.pipelineName),
    number: Number(item.number),
    status: item.status,
    finishedAt: item.finishedAt ?? null,
  }));
}

/** A work item a commit mentions: where the mention record is (store/mentions.ts). */
export interface CommitMention {
  projectId: string;
  issueId: string;
  sha: string;
}

/**
 * The work items that commits of the repository mention, in the projects the repository is
 * linked to: the mention records of each project, filtered to the commits (a project's mention
 * records are one query; the filter keeps the answer to the commits asked for).
 */
export async function mentionsOfCommits(
  enterpriseId: string,
  repositoryId: string,
  shas: readonly string[],
): Promise<CommitMention[]> {
  if (shas.length === 0) return [];
  const links = await listRepositoryLinks(enterpriseId, repositoryId);
  const wanted = [...new Set(shas)].slice(0, 100);
  const found = await Promise.all(
    links.map((link) =>
      queryAll({
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        FilterExpression: `repositoryId = :repo AND sha IN (${wanted.map((_, i) => `:sha${i}`).join(', ')})`,
        ExpressionAttributeValues: {
          ':pk': projectPartition(enterpriseId, link.projectId),
          ':prefix': SK.issueCommitPrefix,
          ':repo': repositoryId,
          ...Object.fromEntries(wanted.map((sha, i) => [`:sha${i}`, sha])),
        },
      }),
    ),
  );
  return found.flat().map((item) => ({
    projectId: String(item.projectId),
    issueId: String(item.issueId),
    sha: String(item.sha),
  }));
}
