/**
 * A sprint's burn-down and statistics with known numbers, and the completion snapshot that
 * later changes never rewrite. The history is scripted on fixed days of March 2026 by setting
 * the server's clock (functions/src/core/clock); those days lie before the real time, so the
 * sessions stay valid.
 *
 * Sprint S runs 2026-03-02..06. Before its start A (task, 3 h, Ann), B (bug, 5 h, Bob),
 * C (demand, 8 h, Ann) and D (task, no estimate) are planned; day 1 A is closed; day 2 E (task,
 * 2 h, unassigned) is added and A reopened; day 3 B and C are finished; day 4 D is taken out;
 * day 5 A's estimate becomes 6 h, then the sprint completes, moving A and E to sprint T.
 */
import type { IssueDetail } from '@shared/schemas/issues';
import type { BurnDown, Sprint, SprintDetail, SprintStatistics } from '@shared/schemas/sprints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../functions/src/core/clock';
import { expectStatus, type TestUser } from './helpers';
import { createIssue, createTeam, editIssue, type Team } from './issue-fixtures';

const realNow = clock.now;

/** Runs `work` with the server's clock stopped at `iso`. */
async function at<T>(iso: string, work: () => Promise<T>): Promise<T> {
  clock.now = () => Date.parse(iso);
  try {
    return await work();
  } finally {
    clock.now = realNow;
  }
}

const DATES = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06'];
// From the scope committed when the sprint started (A, B, C and D: 4 items, 16 h) down to 0.
const IDEAL = [4, 3, 2, 1, 0];
const IDEAL_ESTIMATE = [16, 12, 8, 4, 0];

/** The series as columns, so that expected values read as literal arrays. */
function columns(burnDown: BurnDown) {
  const of = <K extends keyof BurnDown['days'][number]>(key: K) => burnDown.days.map((day) => day[key]);
  return {
    date: of('date'),
    remaining: of('remaining'),
    remainingEstimate: of('remainingEstimate'),
    ideal: of('ideal'),
    idealEstimate: of('idealEstimate'),
    added: of('added'),
    removed: of('removed'),
    finished: of('finished'),
  };
}

describe('sprint burn-down, statistics and completion snapshot', () => {
  let team: Team;
  let ann: TestUser;
  let bob: TestUser;
  let sprintsBase: string;
  let sprint: Sprint;
  let target: Sprint;
  const items: Record<string, IssueDetail> = {};

  const sprintCall = <T>(method: 'get' | 'put', path: string, body?: unknown) =>
    method === 'get'
      ? team.owner.client.get<T>(`${sprintsBase}/${path}`)
      : team.owner.client.put<T>(`${sprintsBase}/${path}`, body);

  async function createSprint(name: string, startDate: string, endDate: string): Promise<Sprint> {
    const res = await team.owner.client.post<Sprint>(sprintsBase, {
      pmsProjectId: team.project.id,
      name,
      startDate,
      endDate,
    });
    return expectStatus(res, 201).data;
  }

  async function edit(key: string, changes: Record<string, unknown>): Promise<void> {
    items[key] = expectStatus(await editIssue(team.owner, team, items[key]!, changes), 200).data;
  }

  const burnDownOn = (iso: string, sprintId = sprint.id) =>
    at(
      iso,
      async () => expectStatus(await sprintCall<BurnDown>('get', `${sprintId}/burnDownChart`), 200).data,
    );

  beforeAll(async () => {
    team = await createTeam(2, ['Ann', 'Bob']);
    [ann, bob] = team.members as [TestUser, TestUser];
    sprintsBase = `/api/pms/${team.enterprise.enterpriseIdentifier}/pmsProjectSprint`;
    await at('2026-03-01T09:00:00Z', async () => {
      sprint = await createSprint('S', '2026-03-02', '2026-03-06');
      target = await createSprint('T', '2026-03-09', '2026-03-13');
      const task = { pmIssueType: 2 };
      items.A = await createIssue(team.owner, team, {
        ...task,
        title: 'A',
        estimatedHours: 3,
        assigneeId: ann.userId,
        sprintId: sprint.id,
      });
      items.B = await createIssue(team.owner, team, {
        pmIssueType: 3,
        title: 'B',
        estimatedHours: 5,
        assigneeId: bob.userId,
        sprintId: sprint.id,
      });
      items.C = await createIssue(team.owner, team, {
        pmIssueType: 1,
        title: 'C',
        estimatedHours: 8,
        assigneeId: ann.userId,
      });
      items.D = await createIssue(team.owner, team, { ...task, title: 'D' });
      // C and D are planned from the sprint's side.
      expectStatus(await sprintCall('put', `${sprint.id}/issues`, { add: [items.C.id, items.D.id] }), 200);
      items.C = await refreshed('C');
      items.D = await refreshed('D');
    });
    await at('2026-03-02T08:00:00Z', async () => {
      expectStatus(await sprintCall('put', sprint.id, { version: sprint.version, status: 1 }), 200);
    });
    await at('2026-03-02T12:00:00Z', () => edit('A', { status: 5 }));
    await at('2026-03-03T10:00:00Z', async () => {
      items.E = await createIssue(team.owner, team, {
        pmIssueType: 2,
        title: 'E',
        estimatedHours: 2,
        sprintId: sprint.id,
      });
      await edit('A', { status: 1 });
    });
    await at('2026-03-04T11:00:00Z', async () => {
      await edit('B', { status: 3 });
      await edit('C', { status: 3 });
    });
    await at('2026-03-05T09:30:00Z', async () => {
      expectStatus(await sprintCall('put', `${sprint.id}/issues`, { remove: [items.D!.id] }), 200);
    });
    await at('2026-03-06T09:00:00Z', () => edit('A', { estimatedHours: 6 }));
  });

  async function refreshed(key: string): Promise<IssueDetail> {
    return expectStatus(await team.owner.client.get<IssueDetail>(`${team.base}/${items[key]!.id}`), 200).data;
  }

  afterAll(() => {
    clock.now = realNow;
  });

  it('replays the scripted history into the exact daily series', async () => {
    const burnDown = await burnDownOn('2026-03-06T12:00:00Z');
    expect(burnDown).toMatchObject({ startDate: '2026-03-02', endDate: '2026-03-06', snapshot: false });
    expect(columns(burnDown)).toEqual({
      date: DATES,
      remaining: [3, 5, 3, 2, 2],
      remainingEstimate: [13, 18, 5, 5, 8],
      ideal: IDEAL,
      idealEstimate: IDEAL_ESTIMATE,
      added: [0, 1, 0, 0, 0],
      removed: [0, 0, 0, 1, 0],
      finished: [1, 0, 2, 0, 0],
    });
  });

  it('shows the days after today as null', async () => {
    const burnDown = await burnDownOn('2026-03-04T18:00:00Z');
    expect(columns(burnDown)).toEqual({
      date: DATES,
      remaining: [3, 5, 3, null, null],
      remainingEstimate: [13, 18, 5, null, null],
      ideal: IDEAL,
      idealEstimate: IDEAL_ESTIMATE,
      added: [0, 1, 0, 0, 0],
      removed: [0, 0, 0, 0, 0],
      finished: [1, 0, 2, 0, 0],
    });
  });

  it('counts the items in the sprint now by status, kind and assignee', async () => {
    const stats = await at(
      '2026-03-06T12:00:00Z',
      async () =>
        expectStatus(await sprintCall<SprintStatistics>('get', `${sprint.id}/statistics`), 200).data,
    );
    expect(stats).toEqual({
      total: 4,
      finished: 2,
      unfinished: 2,
      completionRate: 0.5,
      carryOverRate: 0,
      byStatus: [
        { pmIssueType: 1, id: 3, name: 'Completed', count: 1 },
        { pmIssueType: 2, id: 1, name: 'Pending', count: 2 },
        { pmIssueType: 3, id: 3, name: 'Fixed', count: 1 },
      ],
      byKind: [
        { id: 1, name: 'Demands', count: 1 },
        { id: 2, name: 'Tasks', count: 2 },
        { id: 3, name: 'Bugs', count: 1 },
      ],
      byAssignee: [
        {
          user: { userId: ann.userId, login: ann.login, nickname: 'Ann' },
          count: 2,
          unfinished: 1,
          estimatedHours: 14,
          unfinishedEstimatedHours: 6,
        },
        {
          user: { userId: bob.userId, login: bob.login, nickname: 'Bob' },
          count: 1,
          unfinished: 0,
          estimatedHours: 5,
          unfinishedEstimatedHours: 0,
        },
        { user: null, count: 1, unfinished: 1, estimatedHours: 2, unfinishedEstimatedHours: 2 },
      ],
    });
  });

  describe('after completion', () => {
    let completed: SprintDetail;
    // The sprint ends with the two items it left undone (A at its new 6 h): carried over, not finished.
    const snapshotDays = {
      date: DATES,
      remaining: [3, 5, 3, 2, 2],
      remainingEstimate: [13, 18, 5, 5, 8],
      ideal: IDEAL,
      idealEstimate: IDEAL_ESTIMATE,
      added: [0, 1, 0, 0, 0],
      removed: [0, 0, 0, 1, 0],
      finished: [1, 0, 2, 0, 0],
    };

    beforeAll(async () => {
      const current = await at(
        '2026-03-06T17:00:00Z',
        async () => expectStatus(await sprintCall<SprintDetail>('get', sprint.id), 200).data,
      );
      completed = await at('2026-03-06T17:00:00Z', async () => {
        const res = await sprintCall<SprintDetail>('put', `${sprint.id}/complete`, {
          version: current.version,
          choice: 3,
          targetSprintId: target.id,
        });
        return expectStatus(res, 200).data;
      });
    });

    it('keeps the burn-down, statistics and where each item went', () => {
      const completion = completed.completion!;
      expect(completion.completedAt).toBe('2026-03-06T17:00:00.000Z');
      expect(completion.completedBy.userId).toBe(team.owner.userId);
      expect(completion.choice).toBe(3);
      expect(completion.finished.map((ref) => [ref.title, ref.statusName])).toEqual([
        ['B', 'Fixed'],
        ['C', 'Completed'],
      ]);
      expect(completion.carriedOver.map((c) => [c.issue.title, c.toSprintId, c.toSprintName])).toEqual([
        ['A', target.id, 'T'],
        ['E', target.id, 'T'],
      ]);
      expect(completion.burnDown.snapshot).toBe(true);
      expect(columns(completion.burnDown)).toEqual(snapshotDays);
      expect(completion.statistics).toMatchObject({
        total: 4,
        finished: 2,
        unfinished: 2,
        completionRate: 0.5,
        carryOverRate: 0.5,
      });
    });

    it('answers the snapshot, which later moves and reopened items never rewrite', async () => {
      const snapshot = completed.completion!.burnDown;
      expect(await burnDownOn('2026-03-06T18:00:00Z')).toEqual(snapshot);
      await at('2026-03-09T10:00:00Z', async () => {
        await edit('B', { status: 2 });
        await edit('C', { status: 2, sprintId: target.id });
      });
      expect(await burnDownOn('2026-03-09T12:00:00Z')).toEqual(snapshot);
      const again = await at(
        '2026-03-09T12:00:00Z',
        async () => expectStatus(await sprintCall<SprintDetail>('get', sprint.id), 200).data,
      );
      expect(again.completion).toEqual(completed.completion);
    });

    it('logs the moved items into the target sprint, which starts from them', async () => {
      const burnDown = await burnDownOn('2026-03-09T12:00:00Z', target.id);
      expect(columns(burnDown)).toEqual({
        date: ['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13'],
        remaining: [3, null, null, null, null],
        remainingEstimate: [16, null, null, null, null],
        ideal: [3, 2.25, 1.5, 0.75, 0],
        idealEstimate: [16, 12, 8, 4, 0],
        added: [1, 0, 0, 0, 0],
        removed: [0, 0, 0, 0, 0],
        finished: [0, 0, 0, 0, 0],
      });
    });
  });
});
