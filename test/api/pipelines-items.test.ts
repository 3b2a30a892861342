/**
 * A run's work items (docs/pipelines.md "Work items"): the items its commit mentions are listed
 * on the run, those items' commits show the run's state, and a failed run tells its commit's
 * author (a member, matched by e-mail address) with the link to the run. Through the whole stack:
 * a real push to the test git server, the repository's sync, the local executor.
 */
import type { Page } from '@shared/schemas/common';
import type { IssueDetail } from '@shared/schemas/issues';
import type { Notification } from '@shared/schemas/notifications';
import type { PipelineDetail } from '@shared/schemas/pipelines';
import type { RunResults } from '@shared/schemas/pipelines-runs';
import type { ItemCommit, Repository } from '@shared/schemas/repositories';
import { beforeAll, describe, expect, it } from 'vitest';
import { drainJobs } from '../../functions/src/core/jobs/jobs';
import { pause } from '../../functions/src/core/pause';
import { expectStatus, type TestUser } from './helpers';
import { createIssue, createTeam, type Team } from './issue-fixtures';
import { connect, WorkingCopy } from './repository-fixtures';

let team: Team;
let author: TestUser;
let repository: Repository;
let issue: IssueDetail;
let other: IssueDetail;
let pipeline: PipelineDetail;
let sha: string;
let pms: (rest: string) => string;
const owner = () => team.owner.client;

beforeAll(async () => {
  team = await createTeam(1);
  author = team.members[0]!;
  pms = (rest) => `/api/pms/${team.enterprise.enterpriseIdentifier}/${rest}`;
  [issue, other] = await Promise.all([createIssue(team.owner, team), createIssue(team.owner, team)]);
  const copy = await WorkingCopy.create();
  await copy.commit('Start');
  await copy.push('main');
  repository = await connect(team.owner, team.enterprise, copy);
  expectStatus(
    await owner().post(pms('pmsProjectRepository'), {
      pmsProjectId: team.project.id,
      repositoryIds: [repository.id],
    }),
    201,
  );
  pipeline = expectStatus(
    await owner().post<PipelineDetail>(pms('pipelines'), {
      repositoryId: repository.id,
      projectId: team.project.id,
      yaml: `name: Checks
trigger:
  push:
    branches: [main]
stages:
  - id: check
    jobs:
      - id: test
        steps:
          - { id: fail, uses: shell-script, with: { script: 'echo broken; exit 1' } }
`,
    }),
    201,
  ).data;
  // The member writes the commit that mentions the item, and pushes it.
  await copy.git(
    '-c',
    `user.email=${author.email}`,
    'commit',
    '--quiet',
    '--allow-empty',
    '-m',
    `Fix the login, #${issue.issueNumber}`,
  );
  sha = await copy.git('rev-parse', 'HEAD');
  await copy.push('main');
  expectStatus(await owner().post(pms(`pmsRepository/${repository.id}/sync`)), 200);
  await drainJobs();
}, 60_000);

async function endedRun(): Promise<RunResults> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await owner().get<RunResults>(pms(`pipelines/${pipeline.id}/run_results/1`));
    if (res.status === 200 && ['succeeded', 'failed', 'stopped'].includes(res.data.status)) return res.data;
    if (Date.now() > deadline) throw new Error(`Run 1 never ended: ${JSON.stringify(res.body)}`);
    await pause(50);
  }
}

describe('a run and the work items its commit mentions', () => {
  it('lists the items on the run, and the items show the run’s state beside the commit', async () => {
    const run = await endedRun();
    expect(run).toMatchObject({ status: 'failed', trigger: 'push', commit: sha });
    expect(run.workItems).toEqual([
      expect.objectContaining({ id: issue.id, issueNumber: issue.issueNumber, projectId: team.project.id }),
    ]);

    // The commit's record follows the run's end (written after it).
    const deadline = Date.now() + 10_000;
    let commits: ItemCommit[];
    for (;;) {
      commits = expectStatus(
        await owner().get<ItemCommit[]>(pms(`pmsProjectIssues/repoCommits?issueId=${issue.id}`)),
        200,
      ).data;
      const state = commits.find((c) => c.sha === sha)?.pipelineRuns[0]?.status;
      if (state === 'failed' || Date.now() > deadline) break;
      await pause(50);
    }
    expect(commits.find((c) => c.sha === sha)?.pipelineRuns).toEqual([
      {
        pipelineId: pipeline.id,
        pipelineName: 'Checks',
        number: 1,
        status: 'failed',
        finishedAt: run.finishedAt,
      },
    ]);
    // An item the commit does not mention shows no commit, and so no run.
    const none = expectStatus(
      await owner().get<ItemCommit[]>(pms(`pmsProjectIssues/repoCommits?issueId=${other.id}`)),
      200,
    ).data;
    expect(none).toEqual([]);
  });

  it('tells the commit’s author that the run failed, with the link to the run', async () => {
    await endedRun();
    await drainJobs();
    const inbox = expectStatus(
      await author.client.get<Page<Notification>>(pms('notifications?pageNum=1&pageSize=20')),
      200,
    ).data;
    expect(inbox.rows).toContainEqual(
      expect.objectContaining({
        kind: 'pipelineFailed',
        actor: null,
        subject: expect.objectContaining({
          type: 'pipelineRun',
          id: `${repository.id}.${pipeline.id}.1`,
          title: 'Checks, run 1 (Job test failed)',
          projectId: team.project.id,
        }),
      }),
    );
    // Nobody started it by hand: the owner, who wrote nothing of it, hears nothing.
    const owners = expectStatus(
      await owner().get<Page<Notification>>(pms('notifications?pageNum=1&pageSize=20')),
      200,
    ).data;
    expect(owners.rows.filter((n) => n.kind === 'pipelineFailed')).toEqual([]);
  });
});
