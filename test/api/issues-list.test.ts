/**
 * `GET pmsProjectIssues/list`: every filter and sort against an oracle computed here from the
 * items the test created; and the per-process index staying exact when other processes write
 * (simulated by swapping this process's cached copies in and out).
 */
import type { IssueDetail, IssueRow, IssueTag } from '@shared/schemas/issues';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { keys } from '../../functions/src/core/db/keys';
import { deleteItem } from '../../functions/src/core/db/operations';
import {
  forgetIssueIndexes,
  indexStats,
  restoreIssueIndexes,
  snapshotIssueIndexes,
} from '../../functions/src/modules/issues/project-index';
import { CATCH_UP_WINDOW_MS, getCounters } from '../../functions/src/modules/issues/store/counters';
import { writeStats } from '../../functions/src/modules/issues/write-loop';
import { expectStatus, type TestUser } from './helpers';
import { createIssue, createTag, createTeam, editIssue, getIssue, type Team } from './issue-fixtures';

const pad = (n: number) => String(n).padStart(2, '0');

interface Query {
  pmIssueType?: number[];
  status?: number[];
  statusGroup?: 'all' | 'opened' | 'closed';
  open?: 0 | 1 | 2;
  priority?: number[];
  assigneeId?: string[];
  tagId?: string[];
  parentId?: string;
  keyword?: string;
  orderBy?: 'updatedAt' | 'createdAt' | 'priority' | 'startDate' | 'endDate' | 'assigneeInitials';
  sort?: 'asc' | 'desc';
}

function queryString(q: Query, page: { pageNum?: number; pageSize?: number } = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...q, ...page })) {
    if (value === undefined) continue;
    params.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  return params.toString();
}

const GROUPS = { all: [1, 2, 3, 5, 6], opened: [1, 2, 3, 6], closed: [5] };

/** What the list should answer, computed from the items as the test knows them. */
function oracle(items: readonly IssueDetail[], q: Query) {
  const words = q.keyword && !/^#\d+$/.test(q.keyword) ? q.keyword.toLowerCase().split(/\s+/) : [];
  const base = items.filter((i) => {
    if (q.pmIssueType && !q.pmIssueType.includes(i.pmIssueType)) return false;
    if (q.priority && !q.priority.includes(i.priority)) return false;
    if (
      q.assigneeId &&
      !(i.assignee ? q.assigneeId.includes(i.assignee.userId) : q.assigneeId.includes('none'))
    )
      return false;
    if (q.tagId && !i.tags.some((t) => q.tagId!.includes(t.id))) return false;
    if (q.parentId && i.parentId !== q.parentId) return false;
    if (q.keyword && /^#\d+$/.test(q.keyword)) return i.issueNumber === Number(q.keyword.slice(1));
    return words.every((w) => i.title.toLowerCase().includes(w));
  });
  const allowed = GROUPS.all.filter(
    (s) =>
      (!q.status || q.status.includes(s)) &&
      (!q.statusGroup || GROUPS[q.statusGroup].includes(s)) &&
      (q.open !== 1 || GROUPS.opened.includes(s)) &&
      (q.open !== 2 || GROUPS.closed.includes(s)),
  );
  const matched = base.filter((i) => allowed.includes(i.status));
  const value = (i: IssueDetail): string | number | null => {
    switch (q.orderBy ?? 'updatedAt') {
      case 'updatedAt':
        return i.updatedAt;
      case 'createdAt':
        return i.createdAt;
      case 'priority':
        return -i.priority; // 1 (urgent) is the most urgent: first when descending
      case 'startDate':
        return i.startDate;
      case 'endDate':
        return i.endDate;
      case 'assigneeInitials':
        return i.assignee ? i.assignee.nickname.toLowerCase() : null;
    }
  };
  const direction = q.sort === 'asc' ? 1 : -1;
  const sorted = [...matched].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va !== vb) {
      if (va === null) return 1;
      if (vb === null) return -1;
      return (va < vb ? -1 : 1) * direction;
    }
    return b.issueNumber - a.issueNumber;
  });
  const closed = base.filter((i) => i.status === 5).length;
  return {
    ids: sorted.map((i) => i.id),
    counts: { all: base.length, opened: base.length - closed, closed },
  };
}

describe('GET list: filters and sorts', () => {
  let team: Team;
  let tags: IssueTag[];
  /** As the test knows them (updated with every edit's answer). */
  const items: IssueDetail[] = [];

  beforeAll(async () => {
    team = await createTeam(0, ['carol', 'Alice', 'bob']);
    tags = [await createTag(team.owner, team.enterprise), await createTag(team.owner, team.enterprise)];
    const people = [...team.members, null];
    const verbs = ['Fix', 'Add', 'Remove'];
    const nouns = ['login', 'report', 'export', 'sync'];
    for (let i = 0; i < 36; i += 1) {
      const tagSets = [[], [tags[0]!.id], [tags[1]!.id], [tags[0]!.id, tags[1]!.id]];
      items.push(
        await createIssue(team.owner, team, {
          pmIssueType: (i % 3) + 1,
          title: `${verbs[i % 3]} ${nouns[i % 4]} item${i}`,
          status: [1, 2, 3, 5, 6][i % 5],
          priority: 1 + ((i * 7) % 4),
          assigneeId: people[i % 4]?.userId ?? null,
          tagIds: tagSets[i % 4],
          startDate: i % 5 === 0 ? null : `2026-01-${pad(1 + ((i * 13) % 28))}`,
          endDate: i % 6 === 0 ? null : `2026-02-${pad(1 + ((i * 11) % 28))}`,
          parentId: i >= 30 ? items[i - 30]!.id : null,
        }),
      );
    }
    // Edits, so that the order of updates differs from the order of creation.
    for (const i of [3, 17, 8, 29, 0]) {
      const edited = expectStatus(
        await editIssue(team.owner, team, items[i]!, { title: `${items[i]!.title} again` }),
        200,
      );
      items[i] = edited.data;
    }
    // Children counts changed: read everything back as the list shows it.
    for (let i = 0; i < items.length; i += 1) items[i] = await getIssue(team.owner, team, items[i]!.id);
  });

  async function list(q: Query, page: { pageNum?: number; pageSize?: number } = { pageSize: 100 }) {
    const res = await team.owner.client.get(
      `${team.base}/list?pmsProjectId=${team.project.id}&${queryString(q, page)}`,
    );
    return expectStatus(res, 200).data as {
      rows: IssueRow[];
      total: number;
      counts: unknown;
      pageNum: number;
    };
  }

  async function check(q: Query) {
    const expected = oracle(items, q);
    const page = await list(q);
    expect(
      page.rows.map((r) => r.id),
      JSON.stringify(q),
    ).toEqual(expected.ids);
    expect(page.total).toBe(expected.ids.length);
    expect(page.counts).toEqual(expected.counts);
  }

  it('answers rows as the item pages show them, by last update by default, a page of 10', async () => {
    const page = await list({}, {});
    expect(page).toMatchObject({ total: 36, pageNum: 1, pageSize: 10 });
    const expected = oracle(items, {});
    expect(page.rows.map((r) => r.id)).toEqual(expected.ids.slice(0, 10));
    const {
      description: _d,
      parent: _p,
      children: _c,
      links: _l,
      nextStatuses: _n,
      ...row
    } = items.find((i) => i.id === page.rows[0]!.id)!;
    expect(page.rows[0]).toEqual(row);
    expect(items[0]!.childCount).toBe(1);
  });

  for (const orderBy of [
    'updatedAt',
    'createdAt',
    'priority',
    'startDate',
    'endDate',
    'assigneeInitials',
  ] as const) {
    for (const sort of ['asc', 'desc'] as const) {
      it(`sorts by ${orderBy} ${sort} (missing values last, ties newest first) and pages`, async () => {
        await check({ orderBy, sort });
        const expected = oracle(items, { orderBy, sort }).ids;
        const second = await list({ orderBy, sort }, { pageNum: 2, pageSize: 7 });
        expect(second.rows.map((r) => r.id)).toEqual(expected.slice(7, 14));
      });
    }
  }

  it('puts the most urgent first when sorting by priority descending', async () => {
    const page = await list({ orderBy: 'priority', sort: 'desc' });
    expect(page.rows[0]!.priority).toBe(1);
    expect(page.rows.at(-1)!.priority).toBe(4);
  });

  it('filters by kind, priority, assignee (and unassigned), tag, parent and keyword', async () => {
    const [carol, alice] = team.members as [TestUser, TestUser];
    await check({ pmIssueType: [1, 3] });
    await check({ priority: [1] });
    await check({ priority: [2, 4], orderBy: 'endDate', sort: 'asc' });
    await check({ assigneeId: [alice.userId] });
    await check({ assigneeId: [carol.userId, 'none'] });
    await check({ tagId: [tags[1]!.id] });
    await check({ tagId: [tags[0]!.id, tags[1]!.id], pmIssueType: [2] });
    await check({ parentId: items[2]!.id });
    await check({ keyword: 'fix LOGIN' });
    await check({ keyword: 'item1' });
    await check({ keyword: 'again' });
    await check({ keyword: `#${items[7]!.issueNumber}` });
    await check({ keyword: 'nothing matches this' });
  });

  it('combines the status filters (their intersection) and counts the groups without them', async () => {
    await check({ status: [2, 3] });
    await check({ statusGroup: 'opened' });
    await check({ statusGroup: 'closed' });
    await check({ statusGroup: 'all', status: [5, 6] });
    await check({ open: 1 });
    await check({ open: 2, pmIssueType: [1] });
    await check({ statusGroup: 'closed', status: [1] });
    await check({ open: 1, status: [2, 5], assigneeId: ['none'] });
    const page = await list({ statusGroup: 'closed', status: [1] });
    expect(page.total).toBe(0);
    expect(page.counts).toEqual(oracle(items, {}).counts);
  });

  it('refuses bad queries with a 400 naming the parameter, and unknown projects with 404', async () => {
    const get = (query: string) => team.owner.client.get(`${team.base}/list?${query}`);
    const pid = `pmsProjectId=${team.project.id}`;
    expect(expectStatus(await get(`${pid}&status=4`), 400).body.errorMessage).toBe(
      'status.0: Status must be one of 1, 2, 3, 5, 6',
    );
    expect(expectStatus(await get(`${pid}&orderBy=title`), 400).body.errorMessage).toMatch(/^orderBy: /);
    expect(expectStatus(await get(`${pid}&pageSize=101`), 400).body.errorMessage).toMatch(/^pageSize: /);
    expect(expectStatus(await get('status=1'), 400).body.errorMessage).toMatch(/^pmsProjectId: /);
    expect(expectStatus(await get('pmsProjectId=nosuchproject'), 404).body.errorMessage).toBe(
      'Project nosuchproject does not exist',
    );
  });
});

describe('the per-process index of work items', () => {
  const listIds = async (team: Team) => {
    const res = await team.owner.client.get(`${team.base}/list?pmsProjectId=${team.project.id}&pageSize=100`);
    return (expectStatus(res, 200).data.rows as IssueRow[]).map((r) => [r.issueNumber, r.title, r.version]);
  };

  it('catches up with writes another process made while this one held a stale copy', async () => {
    const team = await createTeam(0);
    const [a, b] = [await createIssue(team.owner, team), await createIssue(team.owner, team)];
    await listIds(team);
    const stale = snapshotIssueIndexes();

    // Another process: no copy of its own, writes three changes.
    forgetIssueIndexes();
    const c = await createIssue(team.owner, team, { title: 'Made elsewhere' });
    expectStatus(await editIssue(team.owner, team, a, { title: 'Renamed elsewhere' }), 200);
    expectStatus(await team.owner.client.delete(`${team.base}/${b.id}`), 200);
    const truth = await listIds(team);
    expect(truth).toEqual([
      [1, 'Renamed elsewhere', 2],
      [3, 'Made elsewhere', 1],
    ]);

    // Back to the first process, three changes behind: it reads the log, not the project.
    restoreIssueIndexes(stale);
    const before = { ...indexStats };
    expect(await listIds(team)).toEqual(truth);
    expect(indexStats.catchUps).toBe(before.catchUps + 1);
    expect(indexStats.fullLoads).toBe(before.fullLoads);
    expect((await getIssue(team.owner, team, c.id)).title).toBe('Made elsewhere');
  });

  it("plans a write on its own copy without reading others' changes first, and still lists them all", async () => {
    const team = await createTeam(0);
    const a = await createIssue(team.owner, team);
    await listIds(team);
    const behind = snapshotIssueIndexes();
    // Another process writes twice: this copy is now two changes behind.
    forgetIssueIndexes();
    const elsewhere = await createIssue(team.owner, team, { title: 'Made elsewhere' });
    const renamed = expectStatus(
      await editIssue(team.owner, team, a, { title: 'Renamed elsewhere' }),
      200,
    ).data;

    restoreIssueIndexes(behind);
    const before = { ...indexStats };
    const retries = writeStats.retries;
    const mine = await createIssue(team.owner, team, { title: 'Made here' });
    // Neither the write nor its answer read the change log: the create relied on no other item.
    expect(indexStats.catchUps).toBe(before.catchUps);
    expect(writeStats.retries).toBe(retries);
    expect(mine.issueNumber).toBe(3);

    // Its copy says `a` is at version 1; the edit names version 2 and is judged on a synced copy.
    expectStatus(await editIssue(team.owner, team, renamed, { priority: 1 }), 200);
    const rows = await listIds(team);
    expect(rows.sort((x, y) => Number(x[0]) - Number(y[0]))).toEqual([
      [1, 'Renamed elsewhere', 3],
      [2, 'Made elsewhere', 1],
      [3, 'Made here', 1],
    ]);
    expect(elsewhere.issueNumber).toBe(2);
  });

  it('reloads the project when the change log it needs has expired', async () => {
    const team = await createTeam(0);
    const a = await createIssue(team.owner, team);
    await listIds(team);
    const stale = snapshotIssueIndexes();
    forgetIssueIndexes();
    expectStatus(await editIssue(team.owner, team, a, { title: 'After expiry' }), 200);
    const { changeSeq } = await getCounters(team.enterprise.id, team.project.id);
    // What a week does: the entry is gone (its TTL), and the stale copy was last synced longer
    // ago than any entry it would need lives.
    await deleteItem(keys.projectChange(team.enterprise.id, team.project.id, changeSeq));
    for (const copy of stale.values()) copy.syncedAt -= CATCH_UP_WINDOW_MS + 60_000;

    restoreIssueIndexes(stale);
    const before = { ...indexStats };
    expect(await listIds(team)).toEqual([[1, 'After expiry', 2]]);
    expect(indexStats.fullLoads).toBe(before.fullLoads + 1);
  });

  it('shows links another process made or removed, though it keeps links in memory', async () => {
    const team = await createTeam(0);
    const [a, b] = [await createIssue(team.owner, team), await createIssue(team.owner, team)];
    expect((await getIssue(team.owner, team, a.id)).links).toEqual([]);
    const withoutLink = snapshotIssueIndexes();

    forgetIssueIndexes();
    expectStatus(
      await team.owner.client.post(`${team.base}/link`, { issueId: a.id, linkedIssueId: b.id }),
      201,
    );

    restoreIssueIndexes(withoutLink);
    expect((await getIssue(team.owner, team, a.id)).links.map((l) => l.id)).toEqual([b.id]);
    expect((await getIssue(team.owner, team, b.id)).links.map((l) => l.id)).toEqual([a.id]);
    const withLink = snapshotIssueIndexes();

    forgetIssueIndexes();
    expectStatus(
      await team.owner.client.post(`${team.base}/unlink`, { issueId: b.id, linkedIssueId: a.id }),
      200,
    );

    restoreIssueIndexes(withLink);
    expect((await getIssue(team.owner, team, a.id)).links).toEqual([]);
    expect((await getIssue(team.owner, team, b.id)).links).toEqual([]);
  });

  it('validates a write against the current state even when its own copy was stale', async () => {
    const team = await createTeam(0);
    const parent = await createIssue(team.owner, team);
    await listIds(team);
    const stale = snapshotIssueIndexes();
    forgetIssueIndexes();
    await createIssue(team.owner, team, { parentId: parent.id });
    const edited = expectStatus(await editIssue(team.owner, team, parent, { priority: 1 }), 200).data;

    restoreIssueIndexes(stale);
    // Its copy knows no child and version 1; the write syncs first and sees both.
    expectStatus(await team.owner.client.delete(`${team.base}/${parent.id}`), 409);
    expectStatus(await editIssue(team.owner, team, parent, { priority: 2 }), 409);
    expectStatus(await editIssue(team.owner, team, edited, { priority: 2 }), 200);
    const next = await createIssue(team.owner, team);
    expect(next.issueNumber).toBe(3);
  });

  it('stays exact when two processes write at once, without either waiting for the other', async () => {
    const team = await createTeam(0);
    const seedItems = await Promise.all(Array.from({ length: 4 }, () => createIssue(team.owner, team)));
    const retriesBefore = writeStats.retries;
    // A second process: the app's modules loaded afresh, so its own index, caches and write queue.
    vi.resetModules();
    const { app: otherApp } = await import('../../functions/src/app');
    const { writeStats: otherStats } = await import('../../functions/src/modules/issues/write-loop');
    const inOther = async (method: string, path: string, body: unknown) => {
      const res = await otherApp.request(path, {
        method,
        headers: {
          Cookie: team.owner.client.cookieHeader(),
          'X-Requested-With': 'XMLHttpRequest',
          Origin: team.owner.client.origin,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    };
    const add = (title: string) =>
      inOther('POST', `${team.base}/add`, { pmsProjectId: team.project.id, pmIssueType: 2, title });
    const [here, there, edits] = await Promise.all([
      Promise.all(Array.from({ length: 8 }, (_, i) => createIssue(team.owner, team, { title: `Here ${i}` }))),
      Promise.all(Array.from({ length: 8 }, (_, i) => add(`There ${i}`))),
      Promise.all(
        seedItems.map((item, i) =>
          i % 2 === 0
            ? editIssue(team.owner, team, item, { priority: 1 })
            : inOther('PUT', `${team.base}/edit/${item.id}`, { version: 1, priority: 2 }),
        ),
      ),
    ]);
    for (const res of there) expect(res.status).toBe(201);
    for (const res of edits) expect(res.status).toBe(200);
    // Independent writes never fail each other's conditions: each took its own change number.
    expect(writeStats.retries - retriesBefore + otherStats.retries).toBe(0);
    const numbers = [
      ...here.map((i) => i.issueNumber),
      ...there.map((r) => r.body.data.issueNumber as number),
    ];
    expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_, i) => i + 5));

    const warm = await listIds(team);
    const otherList = await otherApp.request(
      `${team.base}/list?pmsProjectId=${team.project.id}&pageSize=100`,
      { headers: { Cookie: team.owner.client.cookieHeader() } },
    );
    const theirs = ((await otherList.json()).data.rows as IssueRow[]).map((r) => [
      r.issueNumber,
      r.title,
      r.version,
    ]);
    forgetIssueIndexes();
    const fresh = await listIds(team);
    expect(warm).toEqual(fresh);
    expect(theirs).toEqual(fresh);
    expect(fresh).toHaveLength(20);
  });

  it('stays exact under concurrent writes in one process', async () => {
    const team = await createTeam(0);
    const items = await Promise.all(Array.from({ length: 6 }, () => createIssue(team.owner, team)));
    const [edits] = await Promise.all([
      Promise.all(
        items.map((item, i) =>
          editIssue(team.owner, team, item, { title: `Edited ${i}`, priority: 1 + (i % 4) }),
        ),
      ),
      Promise.all(Array.from({ length: 4 }, () => createIssue(team.owner, team))),
    ]);
    for (const res of edits) expectStatus(res, 200);
    const warm = await listIds(team);
    forgetIssueIndexes();
    expect(await listIds(team)).toEqual(warm);
    expect(warm.map(([n]) => n).sort((x, y) => Number(x) - Number(y))).toEqual(
      Array.from({ length: 10 }, (_, i) => i + 1),
    );
  });
});
