/**
 * What the pipeline pages need of the API beyond the runs' own calls (docs/pipelines.md "Pages"):
 * the card list's `lastRun`, each pipeline's newest run, read through the whole stack with a run
 * on the local executor (a real checkout from the test git server, a real shell step).
 */
import type { Page } from '@shared/schemas/common';
import type { Pipeline, PipelineDetail } from '@shared/schemas/pipelines';
import type { RunResults } from '@shared/schemas/pipelines-runs';
import { beforeAll, describe, expect, it } from 'vitest';
import { pause } from '../../functions/src/core/pause';
import { expectStatus } from './helpers';
import { createTeam, type Team } from './issue-fixtures';
import { connect, WorkingCopy } from './repository-fixtures';

let team: Team;
let pms: (rest: string) => string;
let repositoryId: string;
const owner = () => team.owner.client;

beforeAll(async () => {
  team = await createTeam(1);
  pms = (rest) => `/api/pms/${team.enterprise.enterpriseIdentifier}/${rest}`;
  const copy = await WorkingCopy.create();
  await copy.commit('First');
  await copy.push('main');
  repositoryId = (await connect(team.owner, team.enterprise, copy)).id;
  expectStatus(
    await owner().post(pms('pmsProjectRepository'), {
      pmsProjectId: team.project.id,
      repositoryIds: [repositoryId],
    }),
    201,
  );
});

const yaml = (name: string, script: string) =>
  `name: ${name}\nstages:\n  - id: s\n    jobs:\n      - id: j\n        steps:\n          - id: one\n            uses: shell-script\n            with:\n              script: ${JSON.stringify(script)}\n`;

async function listed(name: string): Promise<Pipeline> {
  const page = expectStatus(
    await owner().get<Page<Pipeline>>(pms(`pipelines/list?keyword=${name}`)),
    200,
  ).data;
  const found = page.rows.find((p) => p.name === name);
  if (!found) throw new Error(`${name} is not listed`);
  return found;
}

async function ended(pipelineId: string, number: number): Promise<RunResults> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const run = expectStatus(
      await owner().get<RunResults>(pms(`pipelines/${pipelineId}/run_results/${number}`)),
      200,
    ).data;
    if (['succeeded', 'failed', 'stopped'].includes(run.status)) return run;
    if (Date.now() > deadline) throw new Error(`Run ${number} did not end: ${run.status}`);
    await pause(50);
  }
}

describe('the card list', () => {
  it("shows each pipeline's newest run, and none before the first", async () => {
    const created = expectStatus(
      await owner().post<PipelineDetail>(pms('pipelines'), {
        repositoryId,
        projectId: team.project.id,
        yaml: yaml('Cards', 'echo one'),
      }),
      201,
    ).data;
    expect(created.lastRun).toBeNull();
    expect((await listed('Cards')).lastRun).toBeNull();

    const first = expectStatus(
      await owner().post<RunResults>(pms(`pipelines/${created.id}/run`), {}),
      201,
    ).data;
    await ended(created.id, first.number);
    const second = expectStatus(
      await owner().post<RunResults>(pms(`pipelines/${created.id}/run`), {}),
      201,
    ).data;
    const run = await ended(created.id, second.number);

    const last = (await listed('Cards')).lastRun;
    expect(last).toMatchObject({
      number: 2,
      status: 'succeeded',
      trigger: 'manual',
      branch: 'main',
      startedAt: run.startedAt,
      finishedAt: run.finishedAt,
    });
    expect(last?.durationMs).toBe(run.durationMs);
    // The detail (the run page's heading reads it) carries the same summary.
    const detail = expectStatus(await owner().get<PipelineDetail>(pms(`pipelines/${created.id}`)), 200).data;
    expect(detail.lastRun?.number).toBe(2);
  });
});
