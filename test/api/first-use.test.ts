/**
 * Rules a new user meets on the server (issue "first use"): starting a sprint refuses what
 * makes no sense and asks for an explicit flag where it does more than it seems
 * (docs/architecture.md "Starting a sprint on the server"), and messages from services, not
 * only from validation, start with a capital letter.
 */
import { ITERATION_STATE } from '@shared/domain/sprint-workflow';
import type { SprintDetail } from '@shared/schemas/sprints';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectStatus, type Res } from './helpers';
import { createTeam, type Team } from './issue-fixtures';

const errorOf = (res: Res) => res.body.errorMessage as string;
/** A day counted from today (UTC), as the server counts. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

let team: Team;
const sprints = () => `/api/pms/${team.enterprise.enterpriseIdentifier}/pmsProjectSprint`;

async function createSprint(name: string, startDate: string, endDate: string): Promise<SprintDetail> {
  return expectStatus(
    await team.owner.client.post<SprintDetail>(sprints(), {
      pmsProjectId: team.project.id,
      name,
      startDate,
      endDate,
    }),
    201,
  ).data;
}

const start = (sprint: Pick<SprintDetail, 'id' | 'version'>, extra: object = {}) =>
  team.owner.client.put<SprintDetail>(`${sprints()}/${sprint.id}`, {
    version: sprint.version,
    status: 1,
    ...extra,
  });

beforeAll(async () => {
  team = await createTeam(1);
});

describe('starting a sprint', () => {
  let first: SprintDetail;
  let second: SprintDetail;

  it('starts on its start date, or a day early (time zones), without asking', async () => {
    first = await createSprint('Sprint A', inDays(1), inDays(14));
    first = expectStatus(await start(first), 200).data;
    expect(first.status).toBe(ITERATION_STATE.inProgress);
  });

  it('refuses to start a running sprint again', async () => {
    expect(errorOf(expectStatus(await start(first), 409))).toMatch(
      /^A sprint that is in progress cannot start/,
    );
  });

  it('asks for confirmStart while another sprint runs, and for a start two days or more early', async () => {
    second = await createSprint('Sprint B', inDays(10), inDays(23));
    const refused = expectStatus(await start(second), 409);
    const reasons = [
      'Sprint A is in progress and would stay running beside it',
      `it is planned to start on ${inDays(10)}, 10 days from now`,
    ];
    expect(errorOf(refused)).toBe(
      `Sprint Sprint B was not started: ${reasons.join('; ')}. Send confirmStart: true to start it anyway`,
    );
    expect(refused.body.data).toEqual({ reasons });
    // Nothing changed.
    const unchanged = expectStatus(
      await team.owner.client.get<SprintDetail>(`${sprints()}/${second.id}`),
      200,
    );
    expect(unchanged.data).toMatchObject({ status: ITERATION_STATE.notStarted, version: second.version });
  });

  it('starts with confirmStart: true, and a bad flag is a 400 naming it', async () => {
    const bad = await start(second, { confirmStart: 'yes' });
    expect(errorOf(expectStatus(bad, 400))).toBe('confirmStart: ConfirmStart must be true or false');
    const started = expectStatus(await start(second, { confirmStart: true }), 200);
    expect(started.data).toMatchObject({ status: ITERATION_STATE.inProgress, startDate: inDays(10) });
  });
});

describe('messages from services', () => {
  it('start with a capital letter, after the field they name', async () => {
    const base = `/api/pms/${team.enterprise.enterpriseIdentifier}`;
    // A sprint of no project: the service's 404, not validation.
    const missing = await team.owner.client.get(`${base}/pmsProjectSprint/${team.project.id}.nosuch`);
    // An item in a sprint that does not exist: a service's 400 naming the field.
    const badSprint = await team.owner.client.post(`${base}/pmsProjectIssues/add`, {
      pmsProjectId: team.project.id,
      pmIssueType: 2,
      title: 'Task',
      sprintId: `${team.project.id}.nosuch`,
    });
    // Dates the service checks against each other.
    const badDates = await team.owner.client.post(`${base}/pmsProjectIssues/add`, {
      pmsProjectId: team.project.id,
      pmIssueType: 2,
      title: 'Task',
      startDate: '2030-05-10',
      endDate: '2030-05-01',
    });
    for (const [res, status] of [
      [missing, 404],
      [badSprint, 400],
      [badDates, 400],
    ] as const) {
      const message = errorOf(expectStatus(res, status));
      const problem = message.replace(/^[A-Za-z][\w.]*: /, '');
      expect(problem, message).toMatch(/^[A-Z0-9#]/);
    }
  });
});
