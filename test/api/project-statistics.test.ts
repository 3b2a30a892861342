/**
 * `pmsProject/{id}/statistics/...`: pie-barChart, lineChart and dynamics with known numbers. The
 * items are created and closed on chosen days by moving the server's clock (functions/src/core/clock)
 * into the past; it never goes past the real time, so the sessions stay valid.
 */
import type { IssueDetail, Journal } from '@shared/schemas/issues';
import type { LineChart, PieBarChart, Project } from '@shared/schemas/projects';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../functions/src/core/clock';
import { expectStatus } from './helpers';
import {
  createIssue,
  createTeam,
  editIssue,
  getStatistics,
  journalsOfProject,
  projectsBase,
  type Team,
} from './issue-fixtures';

const DAY = 86_400_000;
const realNow = clock.now;

describe('project statistics', () => {
  let team: Team;
  let now: number;
  /** Journal entries in the order they were written: [kind, item title]. */
  const written: [Journal['kind'], string][] = [];

  let step = 0;

  /**
   * Runs `work` with the clock on the day `daysAgo` days before today (UTC), a minute after the
   * previous step (today: at the real time the test started, steps ordered by their journal ids).
   */
  async function on<T>(daysAgo: number, work: () => Promise<T>): Promise<T> {
    const today = Math.floor(now / DAY);
    step += 1;
    const at = daysAgo === 0 ? now : (today - daysAgo) * DAY + step * 60_000;
    clock.now = () => at;
    try {
      return await work();
    } finally {
      clock.now = realNow;
    }
  }

  const create = (daysAgo: number, title: string, pmIssueType: number) =>
    on(daysAgo, async () => {
      const item = await createIssue(team.owner, team, { title, pmIssueType });
      written.push(['created', title]);
      return item;
    });
  const move = (daysAgo: number, item: IssueDetail, status: number) =>
    on(daysAgo, async () => {
      const res = expectStatus(await editIssue(team.owner, team, item, { status }), 200);
      written.push(['updated', item.title]);
      return res.data;
    });

  beforeAll(async () => {
    team = await createTeam(0);
    now = Date.now();
    await create(10, 'H open since long ago', 2);
    const g = await create(10, 'G closed long ago', 2);
    await move(8, g, 5);
    let a = await create(6, 'A closed then reopened', 2);
    const b = await create(6, 'B bug closed', 3);
    a = await move(5, a, 5);
    const c = await create(5, 'C demand closed', 1);
    await move(3, a, 1);
    await move(3, b, 5);
    const d = await create(3, 'D task open', 2);
    const i = await create(2, 'I deleted', 1);
    await on(2, async () => {
      expectStatus(await team.owner.client.delete(`${team.base}/${i.id}`), 200);
      written.push(['deleted', 'I deleted']);
    });
    await move(1, c, 5);
    await create(0, 'E bug open', 3);
    const f = await create(0, 'F bug closed today', 3);
    await move(0, f, 5);
    await on(0, async () => {
      expectStatus(
        await team.owner.client.post(`${team.base}/journals/${d.id}`, { notes: 'Looks fine' }),
        201,
      );
      written.push(['comment', 'D task open']);
    });
  });

  afterAll(() => {
    clock.now = realNow;
  });

  it('pie-barChart counts items by kind and by status within each kind', async () => {
    const chart = expectStatus(await getStatistics<PieBarChart>(team.owner, team, 'pie-barChart'), 200).data;
    const statuses = (counts: Record<number, number>, names: string[]) =>
      [1, 2, 3, 5, 6].map((status, i) => ({ status, name: names[i], count: counts[status] ?? 0 }));
    expect(chart).toEqual({
      kinds: [
        {
          pmIssueType: 1,
          name: 'Demands',
          total: 1,
          statuses: statuses({ 5: 1 }, ['Pending review', 'In progress', 'Completed', 'Closed', 'Rejected']),
        },
        {
          pmIssueType: 2,
          name: 'Tasks',
          total: 4,
          statuses: statuses({ 1: 3, 5: 1 }, ['Pending', 'In progress', 'Completed', 'Closed', 'Rejected']),
        },
        {
          pmIssueType: 3,
          name: 'Bugs',
          total: 3,
          statuses: statuses({ 1: 1, 5: 2 }, ['To fix', 'Fixing', 'Fixed', 'Closed', 'Rejected']),
        },
      ],
    });
    const project = await team.owner.client.get<Project>(
      `${projectsBase(team.enterprise)}/${team.project.id}`,
    );
    expect(expectStatus(project, 200).data).toMatchObject({ issueCount: 8, openIssueCount: 4 });
  });

  it('lineChart counts per day created, closed (by closedAt) and open at the end of the day', async () => {
    const chart = await on(0, async () =>
      expectStatus(await getStatistics<LineChart>(team.owner, team, 'lineChart?days=7'), 200),
    );
    const today = Math.floor(now / DAY);
    expect(chart.data).toEqual({
      days: Array.from({ length: 7 }, (_, i) => new Date((today - 6 + i) * DAY).toISOString().slice(0, 10)),
      created: [2, 1, 0, 1, 0, 0, 2],
      closed: [0, 0, 0, 1, 0, 1, 1],
      open: [3, 4, 4, 4, 4, 3, 4],
    });
  });

  it('lineChart covers 14 days by default and 7 to 90 on request', async () => {
    const chart = await on(0, async () =>
      expectStatus(await getStatistics<LineChart>(team.owner, team, 'lineChart'), 200),
    );
    expect(chart.data.days).toHaveLength(14);
    expect(chart.data.days.at(-1)).toBe(new Date(now).toISOString().slice(0, 10));
    expect(chart.data.open.at(-1)).toBe(4);
    expect(chart.data.created.reduce((n: number, x: number) => n + x, 0)).toBe(8);
    expectStatus(await getStatistics(team.owner, team, 'lineChart?days=6'), 400);
    expectStatus(await getStatistics(team.owner, team, 'lineChart?days=91'), 400);
  });

  it('dynamics pages through every journal entry of the project, newest first', async () => {
    const expected = [...written].reverse();
    const feed = await journalsOfProject(team);
    expect(feed.map((j) => [j.kind, j.issueTitle])).toEqual(expected);
    expect(feed[0]).toMatchObject({
      kind: 'comment',
      notes: 'Looks fine',
      user: { userId: team.owner.userId },
    });
    const page = expectStatus(
      await getStatistics(team.owner, team, 'dynamics?pageNum=2&pageSize=5'),
      200,
    ).data;
    expect(page).toMatchObject({ total: 17, pageNum: 2, pageSize: 5 });
    expect(page.rows.map((j: Journal) => [j.kind, j.issueTitle])).toEqual(expected.slice(5, 10));
    expect(page.rows.map((j: Journal) => j.id)).toEqual(feed.slice(5, 10).map((j) => j.id));
  });

  it('dynamics counts a deleted comment out of the total', async () => {
    const [comment] = await journalsOfProject(team);
    expect(comment!.kind).toBe('comment');
    expectStatus(
      await team.owner.client.delete(`${team.base}/journals/${comment!.issueId}/${comment!.id}`),
      200,
    );
    const page = expectStatus(await getStatistics(team.owner, team, 'dynamics?pageSize=3'), 200).data;
    expect(page.total).toBe(16);
    expect(page.rows.map((j: Journal) => j.kind)).toEqual(['updated', 'created', 'created']);
  });

  it('answers 404 for an unknown project', async () => {
    const other = { ...team, project: { ...team.project, id: 'nosuchproject' } };
    for (const what of ['pie-barChart', 'lineChart', 'dynamics']) {
      const res = expectStatus(await getStatistics(team.owner, other, what), 404);
      expect(res.body.errorMessage).toBe('Project nosuchproject does not exist');
    }
  });
});
