/**
 * What follows a run's start and end, whichever engine ran it: the run's state is written beside
 * its commit (the repositories module's `recordCommitRun`, which a work item's commits show), and
 * a failed run tells the author of its commit and the person who started it
 * (`pipelines.activity`, delivered by the notifications group) with the link to the run.
 */
import { nowIso } from '@core/clock';
import { getMembership } from '@core/identity/store/memberships';
import { findUserByEmail } from '@core/identity/store/users';
import { publish } from '@core/jobs/jobs';
import type { ActivityEvent } from '@shared/schemas/notifications';
import { recordCommitRun } from '../repositories';
import * as pipelineDb from './store/pipelines';
import type { RunRecord } from './store/runs';

/** The run's state beside its commit (once the commit is known). */
export async function recordRunOfCommit(run: RunRecord): Promise<void> {
  if (!run.commit) return;
  const pipeline = await pipelineDb.getPipeline(run.enterpriseId, run.pipelineId);
  if (!pipeline) return;
  await recordCommitRun(run.enterpriseId, run.repositoryId, run.commit, {
    pipelineId: run.pipelineId,
    pipelineName: pipeline.name,
    number: run.number,
    status: run.status,
    finishedAt: run.finishedAt,
  });
}

/** After a run has ended: its commit's record, and the notice of a failure. Never throws. */
export async function runEnded(run: RunRecord): Promise<void> {
  const steps = [recordRunOfCommit(run), run.status === 'failed' ? notifyFailure(run) : Promise.resolve()];
  for (const outcome of await Promise.allSettled(steps)) {
    if (outcome.status === 'rejected')
      console.error(`Run ${run.pipelineId}/${run.number}: what follows its end failed`, outcome.reason);
  }
}

/** The member of the enterprise with the commit author's address, if any. */
async function memberByEmail(enterpriseId: string, email: string | undefined): Promise<string | null> {
  if (!email) return null;
  const user = await findUserByEmail(email.toLowerCase());
  if (!user) return null;
  return (await getMembership(enterpriseId, user.userId)) ? user.userId : null;
}

export async function notifyFailure(run: RunRecord): Promise<void> {
  const pipeline = await pipelineDb.getPipeline(run.enterpriseId, run.pipelineId);
  if (!pipeline) return;
  const author = await memberByEmail(run.enterpriseId, run.commitAuthorEmail);
  const userIds = [...new Set([author, run.creatorId].filter((id): id is string => Boolean(id)))];
  if (userIds.length === 0) return;
  await publish('pipelines', 'pipelines.activity', failureActivity(run, pipeline, userIds));
}

/** The event: nobody did it (the system), so the person who started the run is told too. */
export function failureActivity(
  run: RunRecord,
  pipeline: Pick<pipelineDb.PipelineRecord, 'name' | 'projectId'>,
  userIds: string[],
): ActivityEvent {
  const why = run.message ? ` (${run.message})` : '';
  return {
    enterpriseId: run.enterpriseId,
    actorId: null,
    at: run.finishedAt ?? nowIso(),
    subject: {
      type: 'pipelineRun',
      id: `${run.repositoryId}.${run.pipelineId}.${run.number}`,
      projectId: pipeline.projectId,
      title: `${pipeline.name}, run ${run.number}${why}`,
      number: null,
      itemKind: null,
    },
    direct: [{ kind: 'pipelineFailed', userIds }],
  };
}
