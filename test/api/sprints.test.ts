/**
 * The Iterations calls (docs/api-conventions.md, "Iterations") apart from completing with items
 * (sprint-completion.test.ts): create, read, list order and filters, edit, start and reopen,
 * permissions, planning items in and out (from both sides), the backlog filter, delete.
 */
import { sprintRefusal } from '@shared/domain/sprint-workflow';
import type { IssueDetail, Journal } from '@shared/schemas/issues';
import type { SprintDetail } from '@shared/schemas/sprints';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../functions/src/core/clock';
import { addMember, createRole, expectStatus, setRoles, signUp, type TestUser } from './helpers';
import { createIssue, createProject, createTeam, editIssue, getIssue, type Team } from './issue-fixtures';

const errorOf = (res: { body: { errorMessage: string } }) => res.body.errorMessage;
const realNow = clock.now;

const sprintsBase = (team: Pick<Team, 'enterprise'>) =>
  `/api/pms/${team.enterprise.enterpriseIdentifier}/pmsProjectSprint`;

async function createSprint(
  actor: TestUser,
  team: Pick<Team, 'enterprise' | 'project'>,
  body: Record<string, unknown> = {},
): Promise<SprintDetail> {
  const res = await actor.client.post<SprintDetail>(sprintsBase(team), {
    pmsProjectId: team.project.id,
    name: 'Sprint',
    startDate: '2026-03-02',
    endDate: '2026-03-15',
    ...body,
  });
  return expectStatus(res, 201).data;
}

async function getSprint(actor: TestUser, team: Team, id: string): Promise<SprintDetail> {
  return expectStatus(await actor.client.get<SprintDetail>(`${sprintsBase(team)}/${id}`), 200).data;
}

const putSprint = (actor: TestUser, team: Team, sprint: Pick<SprintDetail, 'id' | 'version'>, body: object) =>
  actor.client.put<SprintDetail>(`${sprintsBase(team)}/${sprint.id}`, { version: sprint.version, ...body });

const planItems = (
  actor: TestUser,
  team: Team,
  sprintId: string,
  body: { add?: string[]; remove?: string[] },
) => actor.client.put(`${sprintsBase(team)}/${sprintId}/issues`, body);

async function historyOf(team: Team, id: string): Promise<Journal[]> {
  const res = await team.owner.client.get(`${team.base}/journals/${id}?pageSize=100&kind=history`);
  return expectStatus(res, 200).data.rows;
}

const sprintDetailOf = (journals: Journal[]) =>
  journals.flatMap((j) => j.details).filter((d) => d.field === 'sprintId');

afterEach(() => {
  clock.now = realNow;
});

describe('POST and GET {id}', () => {
  let team: Team;

  beforeAll(async () => {
    team = await createTeam(1);
  });

  it('creates a sprint that has not started, and reads it back', async () => {
    const at = Math.floor((Date.now() - 60_000) / 1000) * 1000;
    clock.now = () => at;
    const sprint = await createSprint(team.owner, team, {
      name: '  Sprint 1  ',
      goal: 'Ship sign-in',
      startDate: '2026-03-02',
      endDate: '2026-05-30',
    });
    clock.now = realNow;
    expect(sprint.id.startsWith(`${team.project.id}.`)).toBe(true);
    expect(sprint).toEqual({
      id: sprint.id,
      pmsProjectId: team.project.id,
      name: 'Sprint 1',
      goal: 'Ship sign-in',
      status: 0,
      statusName: 'Not started',
      startDate: '2026-03-02',
      endDate: '2026-05-30',
      startedAt: null,
      completedAt: null,
      issueCount: 0,
      finishedCount: 0,
      estimatedHours: 0,
      creator: { userId: team.owner.userId, login: team.owner.login, nickname: team.owner.nickname },
      createdAt: new Date(at).toISOString(),
      updatedAt: new Date(at).toISOString(),
      version: 1,
      completion: null,
    });
    expect(await getSprint(team.owner, team, sprint.id)).toEqual(sprint);
  });

  it('refuses bad bodies naming the field', async () => {
    const post = (body: object) =>
      team.owner.client.post(sprintsBase(team), {
        pmsProjectId: team.project.id,
        name: 'S',
        startDate: '2026-03-02',
        endDate: '2026-03-15',
        ...body,
      });
    const before = await post({ endDate: '2026-03-01' });
    expect(before.status).toBe(400);
    expect(errorOf(before)).toBe('endDate: EndDate must be on or after startDate, at most 90 days on');
    // 2026-03-02 .. 2026-05-30 is 90 days; one more is too long.
    expect(errorOf(expectStatus(await post({ endDate: '2026-05-31' }), 400))).toMatch(/^endDate: /);
    expect(errorOf(expectStatus(await post({ startDate: '2026-02-30' }), 400))).toBe(
      'startDate: StartDate is not a real date',
    );
    expect(errorOf(expectStatus(await post({ name: '' }), 400))).toMatch(/^name: /);
  });

  it('is 404 for an unknown project, unknown sprints, and other enterprises', async () => {
    const res = await team.owner.client.post(sprintsBase(team), {
      pmsProjectId: 'nope',
      name: 'S',
      startDate: '2026-03-02',
      endDate: '2026-03-15',
    });
    expect(res.status).toBe(404);
    expect(errorOf(res)).toBe('Project nope does not exist');
    for (const id of ['nope', `${team.project.id}.nope`, 'a.b.c']) {
      const missing = await team.owner.client.get(`${sprintsBase(team)}/${id}`);
      expect(missing.status).toBe(404);
      expect(errorOf(missing)).toBe(`Sprint ${id} does not exist`);
    }
    // Another enterprise's sprint, asked for through the caller's own enterprise.
    const other = await createTeam(0);
    const theirs = await createSprint(other.owner, other);
    const foreign = await team.owner.client.get(`${sprintsBase(team)}/${theirs.id}`);
    expect(foreign.status).toBe(404);
    expect(errorOf(foreign)).toBe(`Sprint ${theirs.id} does not exist`);
    expect((await putSprint(team.owner, team, theirs, { name: 'x' })).status).toBe(404);
    expect((await team.owner.client.delete(`${sprintsBase(team)}/${theirs.id}`)).status).toBe(404);
    expect((await team.owner.client.get(`${sprintsBase(team)}/${theirs.id}/issues`)).status).toBe(404);
    expect((await team.owner.client.get(`${sprintsBase(team)}/${theirs.id}/burnDownChart`)).status).toBe(404);
    expect((await team.owner.client.get(`${sprintsBase(team)}/${theirs.id}/statistics`)).status).toBe(404);
    expect((await planItems(team.owner, team, theirs.id, { add: ['x'] })).status).toBe(404);
    const complete = await team.owner.client.put(`${sprintsBase(team)}/${theirs.id}/complete`, {
      version: 1,
      choice: 2,
    });
    expect(complete.status).toBe(404);
  });
});

describe('GET list', () => {
  let team: Team;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    team = await createTeam(1);
    const make = async (name: string, startDate: string) => {
      ids[name] = (
        await createSprint(team.owner, team, { name, startDate, endDate: startDate.replace(/01$/, '20') })
      ).id;
    };
    await make('later', '2026-06-01');
    await make('sooner', '2026-05-01');
    await make('running', '2026-04-01');
    await make('closedFirst', '2026-01-01');
    await make('closedLast', '2026-02-01');
    // Started one after another while `running` runs: confirmed, as the web does after asking.
    const start = async (name: string) =>
      expectStatus(
        await putSprint(team.owner, team, { id: ids[name]!, version: 1 }, { status: 1, confirmStart: true }),
        200,
      );
    const complete = async (name: string) =>
      expectStatus(
        await team.owner.client.put(`${sprintsBase(team)}/${ids[name]}/complete`, { version: 2, choice: 2 }),
        200,
      );
    for (const name of ['running', 'closedFirst', 'closedLast']) await start(name);
    await complete('closedFirst');
    await complete('closedLast');
    // Counts: two items in "running", one finished, with estimates.
    const a = await createIssue(team.owner, team, { sprintId: ids.running, estimatedHours: 1.1 });
    await createIssue(team.owner, team, { sprintId: ids.running, estimatedHours: 2.2, status: 3 });
    await createIssue(team.owner, team, { estimatedHours: 5 });
    expect(a.sprintId).toBe(ids.running);
  });

  const list = async (query: string) => {
    const res = await team.owner.client.get(
      `${sprintsBase(team)}/list?pmsProjectId=${team.project.id}${query}`,
    );
    return expectStatus(res, 200).data;
  };

  it('orders in progress, then not started by start date, then closed latest first', async () => {
    const page = await list('');
    expect(page.rows.map((r: SprintDetail) => r.name)).toEqual([
      'running',
      'sooner',
      'later',
      'closedLast',
      'closedFirst',
    ]);
    expect(page.total).toBe(5);
    expect(page.rows[0]).toMatchObject({ issueCount: 2, finishedCount: 1, estimatedHours: 3.3, status: 1 });
    expect(page.rows[1]).toMatchObject({ issueCount: 0, finishedCount: 0, estimatedHours: 0, status: 0 });
    expect(page.rows[0].completion).toBeUndefined();
  });

  it('filters by status and pages', async () => {
    expect((await list('&status=0')).rows.map((r: SprintDetail) => r.name)).toEqual(['sooner', 'later']);
    expect((await list('&status=2')).rows.map((r: SprintDetail) => r.name)).toEqual([
      'closedLast',
      'closedFirst',
    ]);
    const second = await list('&pageSize=2&pageNum=2');
    expect(second).toMatchObject({ total: 5, pageNum: 2, pageSize: 2 });
    expect(second.rows.map((r: SprintDetail) => r.name)).toEqual(['later', 'closedLast']);
    expect(errorOf(expectStatus(await team.owner.client.get(`${sprintsBase(team)}/list`), 400))).toMatch(
      /^pmsProjectId: /,
    );
    const unknown = await team.owner.client.get(`${sprintsBase(team)}/list?pmsProjectId=nope`);
    expect(errorOf(expectStatus(unknown, 404))).toBe('Project nope does not exist');
  });
});

describe('PUT {id}: edit, start, reopen', () => {
  let team: Team;

  beforeAll(async () => {
    team = await createTeam(1);
  });

  it('edits at the version read; stale versions are 409', async () => {
    const sprint = await createSprint(team.owner, team, { name: 'Old' });
    const edited = expectStatus(
      await putSprint(team.owner, team, sprint, { name: 'New', goal: 'Goal', endDate: '2026-03-20' }),
      200,
    ).data;
    expect(edited).toMatchObject({
      name: 'New',
      goal: 'Goal',
      startDate: '2026-03-02',
      endDate: '2026-03-20',
    });
    expect(edited.version).toBe(2);
    const stale = await putSprint(team.owner, team, sprint, { name: 'Again' });
    expect(stale.status).toBe(409);
    expect(errorOf(stale)).toBe('Sprint New was changed by someone else; reload and try again');
    // Nothing to change: the same sprint, same version.
    expect(expectStatus(await putSprint(team.owner, team, edited, { name: 'New' }), 200).data.version).toBe(
      2,
    );
    // The new start date with the stored end date is checked too.
    const late = await putSprint(team.owner, team, edited, { startDate: '2026-04-01' });
    expect(errorOf(expectStatus(late, 400))).toBe(
      'endDate: EndDate must be on or after startDate, at most 90 days on',
    );
    const bad = await putSprint(team.owner, team, edited, { status: 2 });
    expect(errorOf(expectStatus(bad, 400))).toMatch(/^status: Status may only be 1/);
  });

  it('starts (setting startedAt), refuses to start again, reopens keeping the completion', async () => {
    const sprint = await createSprint(team.owner, team);
    const at = Math.floor((Date.now() - 120_000) / 1000) * 1000;
    clock.now = () => at;
    const started = expectStatus(await putSprint(team.owner, team, sprint, { status: 1 }), 200).data;
    clock.now = realNow;
    expect(started).toMatchObject({
      status: 1,
      statusName: 'In progress',
      startedAt: new Date(at).toISOString(),
      completedAt: null,
      version: 2,
    });

    const again = await putSprint(team.owner, team, started, { status: 1 });
    expect(again.status).toBe(409);
    expect(errorOf(again)).toBe(sprintRefusal(1, 'start'));
    expect(errorOf(again)).toBe(
      'A sprint that is in progress cannot start: only a not started one can; it may complete',
    );

    const completed = expectStatus(
      await team.owner.client.put(`${sprintsBase(team)}/${sprint.id}/complete`, { version: 2, choice: 1 }),
      200,
    ).data;
    expect(completed).toMatchObject({ status: 2, statusName: 'Closed', version: 3 });
    expect(completed.completedAt).not.toBeNull();
    expect(completed.completion).toMatchObject({ choice: 1, finished: [], carriedOver: [] });

    const reopened = expectStatus(await putSprint(team.owner, team, completed, { status: 1 }), 200).data;
    expect(reopened).toMatchObject({
      status: 1,
      completedAt: null,
      startedAt: started.startedAt,
      version: 4,
    });
    expect(reopened.completion).toEqual(completed.completion);
  });

  it('refuses complete from not started and from closed, with the workflow messages', async () => {
    const sprint = await createSprint(team.owner, team);
    const complete = (version: number) =>
      team.owner.client.put(`${sprintsBase(team)}/${sprint.id}/complete`, { version, choice: 2 });
    const early = await complete(1);
    expect(early.status).toBe(409);
    expect(errorOf(early)).toBe(sprintRefusal(0, 'complete'));
    expect(errorOf(early)).toBe(
      'A sprint that is not started cannot complete: only a in progress one can; it may start',
    );
    // Another sprint of this project runs (an earlier test started it): confirmed, as the web does.
    expectStatus(await putSprint(team.owner, team, sprint, { status: 1, confirmStart: true }), 200);
    expectStatus(await complete(2), 200);
    const twice = await complete(3);
    expect(twice.status).toBe(409);
    expect(errorOf(twice)).toBe(sprintRefusal(2, 'complete'));
    expect(errorOf(twice)).toBe(
      'A sprint that is closed cannot complete: only a in progress one can; it may reopen',
    );
    // The stale check comes first: an old version is 409 for that reason.
    expect(errorOf(expectStatus(await complete(1), 409))).toBe(
      'Sprint Sprint was changed by someone else; reload and try again',
    );
  });
});

describe('permissions', () => {
  let team: Team;
  let editor: TestUser;
  let reader: TestUser;

  beforeAll(async () => {
    team = await createTeam(0);
    [editor, reader] = [await signUp(), await signUp()];
    const editRole = await createRole(team.owner, team.enterprise, [
      'project:sprint:list',
      'project:sprint:edit',
    ]);
    const readRole = await createRole(team.owner, team.enterprise, ['project:sprint:list']);
    await addMember(team.owner, team.enterprise, editor);
    await addMember(team.owner, team.enterprise, reader);
    await setRoles(team.owner, team.enterprise, editor, [editRole.roleId]);
    await setRoles(team.owner, team.enterprise, reader, [readRole.roleId]);
  });

  it('needs sprint:complete as well as sprint:edit to start; edit alone edits', async () => {
    const sprint = await createSprint(team.owner, team);
    const renamed = expectStatus(await putSprint(editor, team, sprint, { name: 'Renamed' }), 200).data;
    const start = await putSprint(editor, team, renamed, { status: 1 });
    expect(start.status).toBe(403);
    expect(errorOf(start)).toBe('You need the permission project:sprint:complete');
    expect((await getSprint(team.owner, team, sprint.id)).status).toBe(0);
    const complete = await editor.client.put(`${sprintsBase(team)}/${sprint.id}/complete`, {
      version: 2,
      choice: 2,
    });
    expect(errorOf(expectStatus(complete, 403))).toBe('You need the permission project:sprint:complete');
  });

  it('checks each route permission', async () => {
    const sprint = await createSprint(team.owner, team);
    expectStatus(await reader.client.get(`${sprintsBase(team)}/${sprint.id}`), 200);
    const create = await reader.client.post(sprintsBase(team), {
      pmsProjectId: team.project.id,
      name: 'S',
      startDate: '2026-03-02',
      endDate: '2026-03-15',
    });
    expect(errorOf(expectStatus(create, 403))).toBe('You need the permission project:sprint:add');
    expect(errorOf(expectStatus(await putSprint(reader, team, sprint, { name: 'x' }), 403))).toBe(
      'You need the permission project:sprint:edit',
    );
    expect(errorOf(expectStatus(await reader.client.delete(`${sprintsBase(team)}/${sprint.id}`), 403))).toBe(
      'You need the permission project:sprint:remove',
    );
    expect(errorOf(expectStatus(await planItems(reader, team, sprint.id, { add: ['x'] }), 403))).toBe(
      'You need the permission project:issue:edit',
    );
    const outsider = await signUp();
    expect((await outsider.client.get(`${sprintsBase(team)}/${sprint.id}`)).status).toBe(404);
  });
});

describe('planning items: PUT {id}/issues, GET {id}/issues, and the work-item side', () => {
  let team: Team;
  let sprint: SprintDetail;
  let items: IssueDetail[];

  beforeAll(async () => {
    team = await createTeam(1);
    sprint = await createSprint(team.owner, team, { name: 'Alpha' });
    items = [];
    for (const title of ['Login page', 'Logout button', 'Signup form']) {
      items.push(await createIssue(team.owner, team, { title }));
    }
  });

  it('adds and removes items, all or nothing, with history', async () => {
    const [a, b, c] = items as [IssueDetail, IssueDetail, IssueDetail];
    const res = await planItems(team.owner, team, sprint.id, { add: [a.id, b.id] });
    expect(expectStatus(res, 200).data).toEqual({ added: 2, removed: 0 });
    expect((await getIssue(team.owner, team, a.id)).sprintId).toBe(sprint.id);
    expect(sprintDetailOf(await historyOf(team, a.id))).toEqual([
      { field: 'sprintId', label: 'Sprint', oldValue: null, newValue: 'Alpha' },
    ]);

    const page = expectStatus(
      await team.owner.client.get(`${sprintsBase(team)}/${sprint.id}/issues`),
      200,
    ).data;
    expect(page.rows.map((r: IssueDetail) => r.title).sort()).toEqual(['Login page', 'Logout button']);
    expect(page.total).toBe(2);
    const filtered = await team.owner.client.get(`${sprintsBase(team)}/${sprint.id}/issues?keyword=logout`);
    expect(expectStatus(filtered, 200).data.rows.map((r: IssueDetail) => r.id)).toEqual([b.id]);
    expect((await getSprint(team.owner, team, sprint.id)).issueCount).toBe(2);

    // Refusals name the item; nothing of the request happens.
    const twice = await planItems(team.owner, team, sprint.id, { add: [c.id, a.id] });
    expect(errorOf(expectStatus(twice, 400))).toBe(
      `add: Work item #${a.issueNumber} is already in this sprint`,
    );
    const absent = await planItems(team.owner, team, sprint.id, { remove: [c.id] });
    expect(errorOf(expectStatus(absent, 400))).toBe(
      `remove: Work item #${c.issueNumber} is not in this sprint`,
    );
    const unknown = await planItems(team.owner, team, sprint.id, { add: [c.id, 'nope'] });
    expect(errorOf(expectStatus(unknown, 404))).toBe('Work item nope does not exist');
    expect((await getIssue(team.owner, team, c.id)).sprintId).toBeNull();
    const other = await createIssue(team.owner, {
      base: team.base,
      project: await createProject(team.owner, team.enterprise),
    });
    const foreign = await planItems(team.owner, team, sprint.id, { add: [other.id] });
    expect(errorOf(expectStatus(foreign, 404))).toBe(`Work item ${other.id} does not exist`);
    expect(errorOf(expectStatus(await planItems(team.owner, team, sprint.id, {}), 400))).toBe(
      'add: Please enter add or remove',
    );

    const swap = await planItems(team.owner, team, sprint.id, { add: [c.id], remove: [a.id] });
    expect(expectStatus(swap, 200).data).toEqual({ added: 1, removed: 1 });
    expect((await getIssue(team.owner, team, a.id)).sprintId).toBeNull();
    expect(sprintDetailOf(await historyOf(team, a.id))).toContainEqual({
      field: 'sprintId',
      label: 'Sprint',
      oldValue: 'Alpha',
      newValue: null,
    });
  });

  it('plans from the work-item side: add, edit and batch, checking the sprint', async () => {
    const planned = await createIssue(team.owner, team, { sprintId: sprint.id, title: 'Planned at birth' });
    expect(planned.sprintId).toBe(sprint.id);
    const item = await createIssue(team.owner, team, { title: 'Edited in' });
    const edited = expectStatus(await editIssue(team.owner, team, item, { sprintId: sprint.id }), 200).data;
    expect(edited.sprintId).toBe(sprint.id);
    expect(sprintDetailOf(await historyOf(team, item.id))).toEqual([
      { field: 'sprintId', label: 'Sprint', oldValue: null, newValue: 'Alpha' },
    ]);

    const beta = await createSprint(team.owner, team, { name: 'Beta' });
    const moved = expectStatus(await editIssue(team.owner, team, edited, { sprintId: beta.id }), 200).data;
    expect(sprintDetailOf(await historyOf(team, item.id))).toContainEqual({
      field: 'sprintId',
      label: 'Sprint',
      oldValue: 'Alpha',
      newValue: 'Beta',
    });

    const otherTeam = await createTeam(0);
    const foreignSprint = await createSprint(otherTeam.owner, otherTeam);
    const otherProject = await createProject(team.owner, team.enterprise);
    const neighbour = await createSprint(team.owner, { enterprise: team.enterprise, project: otherProject });
    for (const id of ['nope', `${team.project.id}.nope`, neighbour.id, foreignSprint.id]) {
      const res = await editIssue(team.owner, team, moved, { sprintId: id });
      expect(errorOf(expectStatus(res, 400))).toBe(`sprintId: Sprint ${id} does not exist in this project`);
    }
    const add = await team.owner.client.post(`${team.base}/add`, {
      pmsProjectId: team.project.id,
      pmIssueType: 2,
      title: 'x',
      sprintId: neighbour.id,
    });
    expect(errorOf(expectStatus(add, 400))).toBe(
      `sprintId: Sprint ${neighbour.id} does not exist in this project`,
    );

    // A closed sprint takes no items, from any side.
    const closed = await createSprint(team.owner, team, { name: 'Closed' });
    expectStatus(await putSprint(team.owner, team, closed, { status: 1 }), 200);
    expectStatus(
      await team.owner.client.put(`${sprintsBase(team)}/${closed.id}/complete`, { version: 2, choice: 2 }),
      200,
    );
    const closedEdit = await editIssue(team.owner, team, moved, { sprintId: closed.id });
    expect(errorOf(expectStatus(closedEdit, 400))).toBe(`sprintId: Sprint ${closed.id} is closed`);
    const closedPlan = await planItems(team.owner, team, closed.id, { add: [moved.id] });
    expect(errorOf(expectStatus(closedPlan, 409))).toBe(
      'Sprint Closed is closed; reopen it before adding items',
    );

    const batchIds = [planned.id, moved.id];
    const refused = await team.owner.client.put(`${team.base}/edit/batch`, {
      ids: batchIds,
      changes: { sprintId: closed.id },
    });
    expect(errorOf(expectStatus(refused, 400))).toBe(`sprintId: Sprint ${closed.id} is closed`);
    expect((await getIssue(team.owner, team, planned.id)).sprintId).toBe(sprint.id);
    const batch = await team.owner.client.put(`${team.base}/edit/batch`, {
      ids: batchIds,
      changes: { sprintId: beta.id },
    });
    // `moved` is in Beta already: only the other one changes.
    expect(expectStatus(batch, 200).data).toEqual({ updated: 1 });
    for (const id of batchIds) expect((await getIssue(team.owner, team, id)).sprintId).toBe(beta.id);
    const out = await team.owner.client.put(`${team.base}/edit/batch`, {
      ids: batchIds,
      changes: { sprintId: null },
    });
    expect(expectStatus(out, 200).data).toEqual({ updated: 2 });
    expect((await getIssue(team.owner, team, moved.id)).sprintId).toBeNull();
  });

  it('lists the backlog with sprintId=none and one sprint with its id', async () => {
    const fresh = await createTeam(0);
    const s = await createSprint(fresh.owner, fresh);
    const inSprint = await createIssue(fresh.owner, fresh, { sprintId: s.id });
    const backlog = await createIssue(fresh.owner, fresh);
    const list = async (sprintId: string) => {
      const res = await fresh.owner.client.get(
        `${fresh.base}/list?pmsProjectId=${fresh.project.id}&sprintId=${sprintId}`,
      );
      return expectStatus(res, 200).data.rows.map((r: IssueDetail) => r.id);
    };
    expect(await list('none')).toEqual([backlog.id]);
    expect(await list(s.id)).toEqual([inSprint.id]);
  });
});

describe('DELETE {id}', () => {
  it('sends its items back to the backlog with history, in one go', async () => {
    const team = await createTeam(0);
    const sprint = await createSprint(team.owner, team, { name: 'Doomed' });
    const a = await createIssue(team.owner, team, { sprintId: sprint.id });
    const b = await createIssue(team.owner, team, { sprintId: sprint.id });
    expectStatus(await team.owner.client.delete(`${sprintsBase(team)}/${sprint.id}`), 200);
    expect((await team.owner.client.get(`${sprintsBase(team)}/${sprint.id}`)).status).toBe(404);
    for (const item of [a, b]) {
      expect((await getIssue(team.owner, team, item.id)).sprintId).toBeNull();
      expect(sprintDetailOf(await historyOf(team, item.id))).toEqual([
        { field: 'sprintId', label: 'Sprint', oldValue: 'Doomed', newValue: null },
      ]);
    }
    const again = await team.owner.client.delete(`${sprintsBase(team)}/${sprint.id}`);
    expect(errorOf(expectStatus(again, 404))).toBe(`Sprint ${sprint.id} does not exist`);
  });

  it('is 409 when the sprint holds more items than one transaction moves', async () => {
    const team = await createTeam(0);
    const sprint = await createSprint(team.owner, team, { name: 'Big' });
    const ids: string[] = [];
    for (let i = 0; i < 41; i += 1) ids.push((await createIssue(team.owner, team)).id);
    expectStatus(await planItems(team.owner, team, sprint.id, { add: ids.slice(0, 40) }), 200);
    expectStatus(await planItems(team.owner, team, sprint.id, { add: ids.slice(40) }), 200);
    const res = await team.owner.client.delete(`${sprintsBase(team)}/${sprint.id}`);
    expect(errorOf(expectStatus(res, 409))).toBe(
      'Sprint Big holds 41 items; move some out first (at most 40 go back to the backlog with it)',
    );
    expect((await getSprint(team.owner, team, sprint.id)).issueCount).toBe(41);
  });
});

describe('burnDownChart and statistics', () => {
  it('answer for a live sprint', async () => {
    const team = await createTeam(0);
    const sprint = await createSprint(team.owner, team, { startDate: '2026-01-01', endDate: '2026-01-03' });
    await createIssue(team.owner, team, { sprintId: sprint.id, estimatedHours: 2 });
    const burnDown = expectStatus(
      await team.owner.client.get(`${sprintsBase(team)}/${sprint.id}/burnDownChart`),
      200,
    ).data;
    expect(burnDown).toMatchObject({ startDate: '2026-01-01', endDate: '2026-01-03', snapshot: false });
    expect(burnDown.days.map((d: { date: string }) => d.date)).toEqual([
      '2026-01-01',
      '2026-01-02',
      '2026-01-03',
    ]);
    const statistics = expectStatus(
      await team.owner.client.get(`${sprintsBase(team)}/${sprint.id}/statistics`),
      200,
    ).data;
    expect(statistics).toMatchObject({ total: 1, finished: 0, unfinished: 1, completionRate: 0 });
  });
});
