/**
 * Cron triggers (docs/pipelines.md "Cron"): the pipelines group's minute tick starts the enabled
 * pipelines whose `trigger.cron` names the minute (in UTC), on the default branch's newest
 * commit, once per minute however often the tick comes. The clock is fixed (core clock), the
 * tick is run directly (`runSchedule`), and nothing waits for a real minute.
 */

import type { Page } from '@shared/schemas/common';
import type { PipelineDetail } from '@shared/schemas/pipelines';
import type { PipelineRun } from '@shared/schemas/pipelines-runs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../functions/src/core/clock';
import { runSchedule } from '../../functions/src/core/jobs/jobs';
import { pause } from '../../functions/src/core/pause';
import { cronMatches } from '../../functions/src/modules/pipelines/cron';
import { expectStatus } from './helpers';
import { createTeam, type Team } from './issue-fixtures';
import { connect, WorkingCopy } from './repository-fixtures';

let team: Team;
let pms: (rest: string) => string;
let every5: PipelineDetail;
let disabled: PipelineDetail;
let headSha: string;
const realNow = clock.now;
const owner = () => team.owner.client;

/** The next minute after now that is a multiple of five, in epoch ms (UTC). */
const nextFifth = () => Math.ceil((Date.now() + 60_000) / 300_000) * 300_000;

beforeAll(async () => {
  team = await createTeam(1);
  pms = (rest) => `/api/pms/${team.enterprise.enterpriseIdentifier}/${rest}`;
  const copy = await WorkingCopy.create();
  headSha = await copy.commit('Nightly');
  await copy.push('main');
  const repository = await connect(team.owner, team.enterprise, copy);
  expectStatus(
    await owner().post(pms('pmsProjectRepository'), {
      pmsProjectId: team.project.id,
      repositoryIds: [repository.id],
    }),
    201,
  );
  const create = async (name: string) =>
    expectStatus(
      await owner().post<PipelineDetail>(pms('pipelines'), {
        repositoryId: repository.id,
        projectId: team.project.id,
        yaml: `name: ${name}
trigger:
  manual: false
  cron: '*/5 * * * *'
stages:
  - id: tick
    jobs:
      - id: say
        steps:
          - { id: echo, uses: shell-script, with: { script: echo tick } }
`,
      }),
      201,
    ).data;
  every5 = await create('Every five minutes');
  disabled = await create('Switched off');
  expectStatus(await owner().post(pms(`pipelines/${disabled.id}/disable`), {}), 200);
}, 60_000);

afterAll(() => {
  clock.now = realNow;
});

const runsOf = async (pipeline: PipelineDetail) =>
  expectStatus(
    await owner().get<Page<PipelineRun>>(pms(`pipelines/${pipeline.id}/runs?pageNum=1&pageSize=20`)),
    200,
  ).data.rows;

async function tickAt(ms: number): Promise<void> {
  clock.now = () => ms;
  await runSchedule('pipelines', 'cron');
}

describe('the cron expression', () => {
  it('is read in UTC, five fields, day of month or weekday as cron has it', () => {
    expect(cronMatches('0 2 * * 1-5', new Date('2026-11-27T02:00:30Z'))).toBe(true); // a Friday
    expect(cronMatches('0 2 * * 1-5', new Date('2026-11-28T02:00:00Z'))).toBe(false); // a Saturday
    expect(cronMatches('0 2 * * 1-5', new Date('2026-11-27T03:00:00Z'))).toBe(false);
    expect(cronMatches('30 9 1 * 0', new Date('2026-11-29T09:30:00Z'))).toBe(true); // a Sunday, not the 1st
  });
});

describe('the minute tick', () => {
  it('starts a matching pipeline once per minute, on the default branch, and leaves a disabled one alone', async () => {
    const minute = nextFifth();
    await tickAt(minute + 5_000);
    // Twice in the same minute (a second delivery, a second timer): nothing more.
    await tickAt(minute + 40_000);
    let runs = await runsOf(every5);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ number: 1, trigger: 'cron', branch: 'main', creator: null });
    expect(await runsOf(disabled)).toEqual([]);

    // A minute the expression does not name starts nothing.
    await tickAt(minute + 60_000);
    expect(await runsOf(every5)).toHaveLength(1);

    // The run is a real one: it builds the newest commit of the default branch.
    clock.now = realNow;
    const deadline = Date.now() + 20_000;
    for (;;) {
      runs = await runsOf(every5);
      if (['succeeded', 'failed'].includes(runs[0]!.status)) break;
      if (Date.now() > deadline) throw new Error(`The cron run never ended: ${JSON.stringify(runs[0])}`);
      await pause(50);
    }
    expect(runs[0]).toMatchObject({ status: 'succeeded', commit: headSha });

    // The next minute it names starts the next run.
    await tickAt(minute + 300_000);
    expect((await runsOf(every5)).map((r) => r.trigger)).toEqual(['cron', 'cron']);
  });

  it('starts nothing once the cron trigger is taken out of the definition', async () => {
    const detail = expectStatus(
      await owner().get<PipelineDetail & { version: number }>(pms(`pipelines/${every5.id}`)),
      200,
    ).data;
    expectStatus(
      await owner().post(pms(`pipelines/${every5.id}/save_yaml`), {
        version: detail.version,
        yaml: detail.yaml.replace("  cron: '*/5 * * * *'\n", ''),
      }),
      200,
    );
    const before = (await runsOf(every5)).length;
    await tickAt(nextFifth() + 600_000);
    expect(await runsOf(every5)).toHaveLength(before);
  });
});
