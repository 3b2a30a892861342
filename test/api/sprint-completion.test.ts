/**
 * `PUT pmsProjectSprint/{id}/complete`: the three choices for unfinished items, each item's
 * resulting sprint and status read back through `GET pmsProjectIssues/{id}`, the completion
 * record and burn-down snapshot, atomicity (a refused completion moves nothing) and the cap on
 * unfinished items per completion.
 */
import type { IssueDetail } from '@shared/schemas/issues';
import type { SprintDetail } from '@shared/schemas/sprints';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../functions/src/core/clock';
import { expectStatus, type TestUser } from './helpers';
import { createIssue, createProject, createTeam, editIssue, getIssue, type Team } from './issue-fixtures';

const errorOf = (res: { body: { errorMessage: string } }) => res.body.errorMessage;
const realNow = clock.now;

afterEach(() => {
  clock.now = realNow;
});

const sprintsBase = (team: Pick<Team, 'enterprise'>) =>
  `/api/pms/${team.enterprise.enterpriseIdentifier}/pmsProjectSprint`;

async function createSprint(
  actor: TestUser,
  team: Pick<Team, 'enterprise' | 'project'>,
  name: string,
): Promise<SprintDetail> {
  const res = await actor.client.post<SprintDetail>(sprintsBase(team), {
    pmsProjectId: team.project.id,
    name,
    startDate: '2026-03-02',
    endDate: '2026-03-15',
  });
  return expectStatus(res, 201).data;
}

async function getSprint(team: Team, id: string): Promise<SprintDetail> {
  return expectStatus(await team.owner.client.get<SprintDetail>(`${sprintsBase(team)}/${id}`), 200).data;
}

/** A sprint in progress (version 2). */
async function startedSprint(team: Team, name: string): Promise<SprintDetail> {
  const sprint = await createSprint(team.owner, team, name);
  const res = await team.owner.client.put<SprintDetail>(`${sprintsBase(team)}/${sprint.id}`, {
    version: sprint.version,
    status: 1,
    // The team's other sprints may be running: start it anyway.
    confirmStart: true,
  });
  return expectStatus(res, 200).data;
}

const complete = (team: Team, sprint: Pick<SprintDetail, 'id' | 'version'>, body: object) =>
  team.owner.client.put<SprintDetail>(`${sprintsBase(team)}/${sprint.id}/complete`, {
    version: sprint.version,
    ...body,
  });

/** Two unfinished items (status 1 and 2, with estimates) and two finished ones (3 and 5). */
async function fourItems(team: Team, sprint: SprintDetail): Promise<IssueDetail[]> {
  const items: IssueDetail[] = [];
  for (const [title, status, estimatedHours] of [
    ['Open one', 1, 2],
    ['Doing one', 2, 3],
    ['Done one', 3, 1],
    ['Closed one', 5, null],
  ] as const) {
    items.push(await createIssue(team.owner, team, { title, status, estimatedHours, sprintId: sprint.id }));
  }
  return items;
}

const stateOf = async (team: Team, ids: readonly string[]) =>
  Promise.all(
    ids.map(async (id) => {
      const item = await getIssue(team.owner, team, id);
      return { title: item.title, status: item.status, sprintId: item.sprintId };
    }),
  );

const ref = (item: IssueDetail, status = item.status, statusName = item.statusName) => ({
  id: item.id,
  issueNumber: item.issueNumber,
  pmIssueType: item.pmIssueType,
  title: item.title,
  status,
  statusName,
});

describe('the three choices', () => {
  let team: Team;

  beforeAll(async () => {
    team = await createTeam(0);
  });

  it('1: finishes the unfinished items in the sprint, with history', async () => {
    const sprint = await startedSprint(team, 'Finish');
    const items = await fourItems(team, sprint);
    const at = Math.floor((Date.now() - 30_000) / 1000) * 1000;
    clock.now = () => at;
    const done = expectStatus(await complete(team, sprint, { choice: 1 }), 200).data;
    clock.now = realNow;
    expect(
      await stateOf(
        team,
        items.map((i) => i.id),
      ),
    ).toEqual([
      { title: 'Open one', status: 3, sprintId: sprint.id },
      { title: 'Doing one', status: 3, sprintId: sprint.id },
      { title: 'Done one', status: 3, sprintId: sprint.id },
      { title: 'Closed one', status: 5, sprintId: sprint.id },
    ]);
    const iso = new Date(at).toISOString();
    expect(done).toMatchObject({
      status: 2,
      statusName: 'Closed',
      completedAt: iso,
      updatedAt: iso,
      version: 3,
    });
    expect(done).toMatchObject({ issueCount: 4, finishedCount: 4, estimatedHours: 6 });
    const [open, doing, finished, closed] = items as [IssueDetail, IssueDetail, IssueDetail, IssueDetail];
    const completed = (await getIssue(team.owner, team, open.id)).statusName;
    expect(done.completion).toMatchObject({
      completedAt: iso,
      completedBy: { userId: team.owner.userId, nickname: team.owner.nickname },
      choice: 1,
      carriedOver: [],
    });
    expect(done.completion!.finished).toEqual([
      ref(open, 3, completed),
      ref(doing, 3, completed),
      ref(finished),
      ref(closed),
    ]);
    expect(done.completion!.statistics).toMatchObject({
      total: 4,
      finished: 4,
      unfinished: 0,
      completionRate: 1,
    });
    expect(done.completion!.burnDown.snapshot).toBe(true);
    expect(await getSprint(team, sprint.id)).toEqual(done);

    const history = await team.owner.client.get(
      `${team.base}/journals/${doing.id}?pageSize=100&kind=history`,
    );
    const details = expectStatus(history, 200).data.rows.flatMap((j: { details: object[] }) => j.details);
    expect(details).toContainEqual({
      field: 'status',
      label: 'Status',
      oldValue: doing.statusName,
      newValue: completed,
    });
  });

  it('2: takes the unfinished items out of the sprint, keeping their status', async () => {
    const sprint = await startedSprint(team, 'Unlink');
    const items = await fourItems(team, sprint);
    const done = expectStatus(await complete(team, sprint, { choice: 2 }), 200).data;
    expect(
      await stateOf(
        team,
        items.map((i) => i.id),
      ),
    ).toEqual([
      { title: 'Open one', status: 1, sprintId: null },
      { title: 'Doing one', status: 2, sprintId: null },
      { title: 'Done one', status: 3, sprintId: sprint.id },
      { title: 'Closed one', status: 5, sprintId: sprint.id },
    ]);
    const [open, doing, finished, closed] = items as [IssueDetail, IssueDetail, IssueDetail, IssueDetail];
    // A closed sprint counts what it held when completed, not the two left after carry-over.
    expect(done).toMatchObject({ status: 2, issueCount: 4, finishedCount: 2 });
    expect(done.completion).toMatchObject({
      choice: 2,
      finished: [ref(finished), ref(closed)],
      carriedOver: [
        { issue: ref(open), toSprintId: null, toSprintName: null },
        { issue: ref(doing), toSprintId: null, toSprintName: null },
      ],
    });
    expect(done.completion!.statistics).toMatchObject({ total: 4, finished: 2, carryOverRate: 0.5 });
  });

  it('3: moves the unfinished items to another sprint of the project', async () => {
    const sprint = await startedSprint(team, 'Move');
    const target = await createSprint(team.owner, team, 'Next');
    const items = await fourItems(team, sprint);
    const done = expectStatus(
      await complete(team, sprint, { choice: 3, targetSprintId: target.id }),
      200,
    ).data;
    expect(
      await stateOf(
        team,
        items.map((i) => i.id),
      ),
    ).toEqual([
      { title: 'Open one', status: 1, sprintId: target.id },
      { title: 'Doing one', status: 2, sprintId: target.id },
      { title: 'Done one', status: 3, sprintId: sprint.id },
      { title: 'Closed one', status: 5, sprintId: sprint.id },
    ]);
    const [open, doing] = items as [IssueDetail, IssueDetail];
    expect(done.completion!.carriedOver).toEqual([
      { issue: ref(open), toSprintId: target.id, toSprintName: 'Next' },
      { issue: ref(doing), toSprintId: target.id, toSprintName: 'Next' },
    ]);
    expect(await getSprint(team, target.id)).toMatchObject({
      issueCount: 2,
      finishedCount: 0,
      estimatedHours: 5,
    });
  });
});

describe('refusals move nothing', () => {
  let team: Team;
  let sprint: SprintDetail;
  let items: IssueDetail[];
  let before: Awaited<ReturnType<typeof stateOf>>;

  beforeAll(async () => {
    team = await createTeam(0);
    sprint = await startedSprint(team, 'Stays');
    items = await fourItems(team, sprint);
    before = await stateOf(
      team,
      items.map((i) => i.id),
    );
  });

  const unchanged = async () => {
    expect(
      await stateOf(
        team,
        items.map((i) => i.id),
      ),
    ).toEqual(before);
    expect(await getSprint(team, sprint.id)).toMatchObject({
      status: 1,
      version: 2,
      completedAt: null,
      completion: null,
    });
  };

  it('a closed target, the sprint itself, or no target', async () => {
    const closed = await startedSprint(team, 'Shut');
    expectStatus(await complete(team, closed, { choice: 2 }), 200);
    const toClosed = await complete(team, sprint, { choice: 3, targetSprintId: closed.id });
    expect(errorOf(expectStatus(toClosed, 400))).toBe('targetSprintId: Sprint Shut is closed');
    const toSelf = await complete(team, sprint, { choice: 3, targetSprintId: sprint.id });
    expect(errorOf(expectStatus(toSelf, 400))).toBe(
      'targetSprintId: The unfinished items cannot move to the sprint being completed',
    );
    const none = await complete(team, sprint, { choice: 3 });
    expect(errorOf(expectStatus(none, 400))).toBe('targetSprintId: Please enter targetSprintId');
    const badChoice = await complete(team, sprint, { choice: 4 });
    expect(errorOf(expectStatus(badChoice, 400))).toMatch(/^choice: /);
    await unchanged();
  });

  it('an unknown target, or one of another project or enterprise, is 404', async () => {
    const otherProject = await createProject(team.owner, team.enterprise);
    const neighbour = await createSprint(
      team.owner,
      { enterprise: team.enterprise, project: otherProject },
      'N',
    );
    const otherTeam = await createTeam(0);
    const foreign = await createSprint(otherTeam.owner, otherTeam, 'F');
    for (const id of [`${team.project.id}.nope`, neighbour.id, foreign.id]) {
      const res = await complete(team, sprint, { choice: 3, targetSprintId: id });
      expect(errorOf(expectStatus(res, 404))).toBe(`Sprint ${id} does not exist`);
    }
    await unchanged();
  });

  it('a stale version', async () => {
    const res = await complete(team, { id: sprint.id, version: 1 }, { choice: 2 });
    expect(errorOf(expectStatus(res, 409))).toBe(
      'Sprint Stays was changed by someone else; reload and try again',
    );
    await unchanged();
  });
});

describe('at most 20 unfinished items per completion', () => {
  it('refuses 21, then completes once one is finished', async () => {
    const team = await createTeam(0);
    const sprint = await startedSprint(team, 'Crowded');
    const items: IssueDetail[] = [];
    for (let i = 0; i < 21; i += 1) items.push(await createIssue(team.owner, team, { sprintId: sprint.id }));
    await createIssue(team.owner, team, { sprintId: sprint.id, status: 3 });
    const res = await complete(team, sprint, { choice: 2 });
    expect(errorOf(expectStatus(res, 409))).toBe(
      '21 unfinished items: move or finish some before completing (at most 20 at once)',
    );
    expect((await getIssue(team.owner, team, items[0]!.id)).sprintId).toBe(sprint.id);
    expectStatus(await editIssue(team.owner, team, items[0]!, { status: 3 }), 200);
    const done = expectStatus(await complete(team, sprint, { choice: 2 }), 200).data;
    expect(done).toMatchObject({ status: 2, issueCount: 22, finishedCount: 2 });
    expect(done.completion!.carriedOver).toHaveLength(20);
    expect((await getIssue(team.owner, team, items[20]!.id)).sprintId).toBeNull();
  });
});

describe('the completion record', () => {
  it('keeps the burn-down snapshot through later moves; completing again takes a new one', async () => {
    const team = await createTeam(0);
    const sprint = await startedSprint(team, 'Snap');
    const [open] = await fourItems(team, sprint);
    const done = expectStatus(await complete(team, sprint, { choice: 1 }), 200).data;
    const chart = async () =>
      expectStatus(await team.owner.client.get(`${sprintsBase(team)}/${sprint.id}/burnDownChart`), 200).data;
    expect(await chart()).toEqual(done.completion!.burnDown);
    // Reopening an item of the closed sprint does not rewrite its snapshot.
    const item = await getIssue(team.owner, team, open!.id);
    expectStatus(await editIssue(team.owner, team, item, { status: 2 }), 200);
    expect(await chart()).toEqual(done.completion!.burnDown);

    const reopened = expectStatus(
      await team.owner.client.put(`${sprintsBase(team)}/${sprint.id}`, { version: done.version, status: 1 }),
      200,
    ).data;
    expect(reopened.completion).toEqual(done.completion);
    expect((await chart()).snapshot).toBe(false);
    const again = expectStatus(await complete(team, reopened, { choice: 2 }), 200).data;
    expect(again.completion).toMatchObject({
      choice: 2,
      carriedOver: [{ issue: { id: open!.id }, toSprintId: null }],
    });
    expect((await getIssue(team.owner, team, open!.id)).sprintId).toBeNull();
  });
});
