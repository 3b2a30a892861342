/**
 * Writers in separate processes (docs/architecture.md, "Writers do not collide"). A second
 * process is the app's modules loaded afresh (`vi.resetModules`): its own index, caches, clock and
 * write hooks, sharing only DynamoDB Local and s3rver with this one, as two Lambda instances do.
 * Races are made deterministic with the write loop's test hook: the other process's writer is held
 * after it took its change number (having planned against its copy) while this process writes,
 * then let go. The rules that look at other items must still hold, and every copy must converge on
 * the exact state.
 */
import type { IssueDetail, IssueRow } from '@shared/schemas/issues';
import type { SprintDetail } from '@shared/schemas/sprints';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { clock } from '../../functions/src/core/clock';
import { drainJobs } from '../../functions/src/core/jobs/jobs';
import { readObject } from '../../functions/src/core/storage/files';
import {
  cachedRowCount,
  forgetIssueIndexes,
  indexStats,
  peekIndex,
  setIndexRowBudget,
} from '../../functions/src/modules/issues/project-index';
import { settleProject, settleStats } from '../../functions/src/modules/issues/settle';
import { snapshotKey, takeSnapshot } from '../../functions/src/modules/issues/snapshots';
import {
  allocateChange,
  claimSettling,
  GAP_DEADLINE_MS,
  getCounters,
  listChanges,
} from '../../functions/src/modules/issues/store/counters';
import { writeStats } from '../../functions/src/modules/issues/write-loop';
import { expectStatus, type Res } from './helpers';
import { createIssue, createTeam, editIssue, getIssue, type Team } from './issue-fixtures';

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
type Body = any;

/** The other process: the app and the modules the tests reach into, loaded afresh. */
interface Process {
  request(method: string, path: string, body?: unknown): Promise<Res<Body>>;
  /** Holds this process's next writer after it took its number until `release()`. */
  holdNextWriter(): { reached: Promise<void>; release(): void };
}

async function otherProcess(team: Team): Promise<Process> {
  vi.resetModules();
  const { app } = await import('../../functions/src/app');
  const loop = await import('../../functions/src/modules/issues/write-loop');
  return {
    async request(method, path, body) {
      const res = await app.request(path, {
        method,
        headers: {
          Cookie: team.owner.client.cookieHeader(),
          'X-Requested-With': 'XMLHttpRequest',
          Origin: team.owner.client.origin,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json(), headers: res.headers } as Res<Body>;
    },
    holdNextWriter() {
      let release!: () => void;
      let reached!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const atGate = new Promise<void>((resolve) => {
        reached = resolve;
      });
      loop.writeHooks.afterAllocate = async () => {
        loop.writeHooks.afterAllocate = undefined;
        reached();
        await gate;
      };
      return { reached: atGate, release };
    },
  };
}

/**
 * Starts `held` in the other process, waits until its writer took its number, runs `meanwhile`
 * here, then lets the held writer go on; answers what `held` answered.
 */
async function interleave<T>(
  other: Process,
  held: () => Promise<T>,
  meanwhile: () => Promise<unknown>,
): Promise<T> {
  const hold = other.holdNextWriter();
  const result = held();
  await hold.reached;
  await meanwhile();
  hold.release();
  return result;
}

const listRows = async (team: Team) => {
  const res = await team.owner.client.get(`${team.base}/list?pmsProjectId=${team.project.id}&pageSize=100`);
  return (expectStatus(res, 200).data.rows as IssueRow[]).map((r) => [
    r.issueNumber,
    r.title,
    r.version,
    r.parentId,
  ]);
};

const projectCounts = async (team: Team) => {
  const res = await team.owner.client.get(
    `/api/pms/${team.enterprise.enterpriseIdentifier}/pmsProject/${team.project.id}`,
  );
  const { issueCount, openIssueCount } = expectStatus(res, 200).data;
  return { issueCount, openIssueCount };
};

/** What a fresh process lists: the table's current state, read afresh. */
async function freshTruth(team: Team) {
  forgetIssueIndexes();
  return listRows(team);
}

describe('rules that look at other items hold across processes', () => {
  let team: Team;
  let other: Process;

  beforeAll(async () => {
    team = await createTeam(0);
    other = await otherProcess(team);
  });

  it('refuses the second of two moves that would close a cycle', async () => {
    const a = await createIssue(team.owner, team, { title: 'A' });
    const b = await createIssue(team.owner, team, { title: 'B' });
    // Both processes know both items, neither with a parent.
    await listRows(team);
    expectStatus(await other.request('GET', `${team.base}/list?pmsProjectId=${team.project.id}`), 200);

    const aUnderB = await interleave(
      other,
      () => other.request('PUT', `${team.base}/edit/${a.id}`, { version: a.version, parentId: b.id }),
      async () => expectStatus(await editIssue(team.owner, team, b, { parentId: a.id }), 200),
    );
    expect(aUnderB.status).toBe(400);
    expect(aUnderB.body.errorMessage).toMatch(/descendant/);
    expect((await getIssue(team.owner, team, a.id)).parentId).toBeNull();
    expect((await getIssue(team.owner, team, b.id)).parentId).toBe(a.id);
  });

  it('refuses to delete an item that gained a child after the deleter looked', async () => {
    const parent = await createIssue(team.owner, team, { title: 'Parent' });
    expectStatus(await other.request('GET', `${team.base}/${parent.id}`), 200);
    let child: IssueDetail | undefined;
    const deleted = await interleave(
      other,
      () => other.request('DELETE', `${team.base}/${parent.id}`),
      async () => {
        child = await createIssue(team.owner, team, { title: 'Child', parentId: parent.id });
      },
    );
    expect(deleted.status).toBe(409);
    expect(deleted.body.errorMessage).toMatch(/has 1 child item/);
    expect((await getIssue(team.owner, team, child!.id)).parentId).toBe(parent.id);
    // The child's creation stepped only the parent's revision, not the version people edit at.
    expect((await getIssue(team.owner, team, parent.id)).version).toBe(parent.version);
  });

  it('keeps the link limit when two processes link the same item at once', async () => {
    const hub = await createIssue(team.owner, team, { title: 'Hub' });
    const spokes: IssueDetail[] = [];
    for (let i = 0; i < 41; i += 1) spokes.push(await createIssue(team.owner, team, { title: `Spoke ${i}` }));
    for (const spoke of spokes.slice(0, 39)) {
      expectStatus(
        await team.owner.client.post(`${team.base}/link`, { issueId: hub.id, linkedIssueId: spoke.id }),
        201,
      );
    }
    expectStatus(await other.request('GET', `${team.base}/${hub.id}`), 200);
    const fortieth = await interleave(
      other,
      () => other.request('POST', `${team.base}/link`, { issueId: hub.id, linkedIssueId: spokes[39]!.id }),
      async () =>
        expectStatus(
          await team.owner.client.post(`${team.base}/link`, {
            issueId: hub.id,
            linkedIssueId: spokes[40]!.id,
          }),
          201,
        ),
    );
    expect(fortieth.status).toBe(409);
    expect(fortieth.body.errorMessage).toMatch(/already has 40 links/);
    expect((await getIssue(team.owner, team, hub.id)).links).toHaveLength(40);
  });

  it('completes a sprint with the item that joined it while the completion was being planned', async () => {
    const sprints = `/api/pms/${team.enterprise.enterpriseIdentifier}/pmsProjectSprint`;
    const made = expectStatus(
      await team.owner.client.post<SprintDetail>(sprints, {
        pmsProjectId: team.project.id,
        name: 'Race',
        startDate: '2026-03-02',
        endDate: '2026-03-15',
      }),
      201,
    ).data;
    const sprint = expectStatus(
      await team.owner.client.put<SprintDetail>(`${sprints}/${made.id}`, {
        version: made.version,
        status: 1,
        confirmStart: true,
      }),
      200,
    ).data;
    const early = await createIssue(team.owner, team, { title: 'In from the start', sprintId: sprint.id });
    const late = await createIssue(team.owner, team, { title: 'Joins during completion' });
    const completed = await interleave(
      other,
      () => other.request('PUT', `${sprints}/${sprint.id}/complete`, { version: sprint.version, choice: 2 }),
      async () => expectStatus(await editIssue(team.owner, team, late, { sprintId: sprint.id }), 200),
    );
    expect(completed.status).toBe(200);
    // Both unfinished items left the closed sprint: the one that joined late was not forgotten.
    expect((await getIssue(team.owner, team, early.id)).sprintId).toBeNull();
    expect((await getIssue(team.owner, team, late.id)).sprintId).toBeNull();
    expect(completed.body.data.status).toBe(2);
  });

  it('numbers creates from both processes without gaps or repeats, and counts them exactly', async () => {
    const fresh = await createTeam(0);
    const there = await otherProcess(fresh);
    const retriesBefore = writeStats.retries;
    const [here, away] = await Promise.all([
      Promise.all(
        Array.from({ length: 10 }, (_, i) => createIssue(fresh.owner, fresh, { title: `Here ${i}` })),
      ),
      Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          there.request('POST', `${fresh.base}/add`, {
            pmsProjectId: fresh.project.id,
            pmIssueType: 2,
            title: `There ${i}`,
          }),
        ),
      ),
    ]);
    for (const res of away) expect(res.status).toBe(201);
    const numbers = [
      ...here.map((i) => i.issueNumber),
      ...away.map((r) => r.body.data.issueNumber as number),
    ];
    expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(writeStats.retries).toBe(retriesBefore);
    expect(await projectCounts(fresh)).toEqual({ issueCount: 20, openIssueCount: 20 });
    // Settled, the counts are folded into the counters item and still the same. The writes'
    // own settle jobs finish first: a run started by hand beside one of them would stand aside.
    await drainJobs();
    await settleProject(fresh.enterprise.id, fresh.project.id);
    const counters = await getCounters(fresh.enterprise.id, fresh.project.id);
    expect(counters.countedSeq).toBe(counters.changeSeq);
    expect([counters.issueCount, counters.openIssueCount, counters.journalCount]).toEqual([20, 20, 20]);
  });

  it('settles a project in one run at a time, and takes over a claim whose run died', async () => {
    const team = await createTeam(0);
    const { id: enterpriseId } = team.enterprise;
    const projectId = team.project.id;
    await Promise.all(
      Array.from({ length: 5 }, (_, i) => createIssue(team.owner, team, { title: `Run ${i}` })),
    );
    await drainJobs();
    // Two jobs at once (two instances asked): the second stands aside while the first holds the
    // claim, or runs after it released it and finds the counts settled; which of the two happens
    // is up to timing (the held claim is tested below). Either way the counts come out right.
    const before = { ...settleStats };
    await Promise.all([settleProject(enterpriseId, projectId), settleProject(enterpriseId, projectId)]);
    expect(settleStats.runs - before.runs).toBeGreaterThanOrEqual(1);
    const settled = await getCounters(enterpriseId, projectId);
    expect(settled.countedSeq).toBe(settled.changeSeq);
    expect(settled.issueCount).toBe(5);

    // A run that claimed the project and died: the claim holds until it is a minute old.
    await createIssue(team.owner, team, { title: 'After the claim' });
    await drainJobs();
    expect(await claimSettling(enterpriseId, projectId, clock.now(), 60_000)).not.toBeNull();
    const skipped = settleStats.skipped;
    await settleProject(enterpriseId, projectId);
    expect(settleStats.skipped).toBe(skipped + 1);
    const runs = settleStats.runs;
    const realNow = clock.now;
    clock.now = () => realNow() + 61_000;
    try {
      await settleProject(enterpriseId, projectId);
    } finally {
      clock.now = realNow;
    }
    expect(settleStats.runs).toBe(runs + 1);
    const counters = await getCounters(enterpriseId, projectId);
    expect(counters.countedSeq).toBe(counters.changeSeq);
    expect(counters.issueCount).toBe(6);
  });
});

describe('numbers whose writer died or came late', () => {
  let team: Team;

  beforeAll(async () => {
    team = await createTeam(0);
  });

  it('converges on the exact state after a writer died between taking its number and writing', async () => {
    await createIssue(team.owner, team, { title: 'Before' });
    // A writer takes number N and dies before its transaction: N never gets an entry.
    const dead = await allocateChange(team.enterprise.id, team.project.id, 1, clock.now());
    const after = [
      await createIssue(team.owner, team, { title: 'After one' }),
      await createIssue(team.owner, team, { title: 'After two' }),
    ];
    const truthNow = await listRows(team);
    expect(truthNow.map((row) => row[1])).toEqual(['After two', 'After one', 'Before']);
    // Readers already show every committed write, and the counts are exact, though the log has a gap.
    expect(await projectCounts(team)).toEqual({ issueCount: 3, openIssueCount: 3 });
    expect(peekIndex(team.enterprise.id, team.project.id)!.seq).toBe(dead.seq - 1);

    // Settle jobs the writes queued run first, on the real clock: one running after the jump
    // below would fill the number before the reader does (it may, in life; here the reader is
    // what is tested).
    await drainJobs();
    // Once the writer's deadline has surely passed, the next reader fills the number and moves on.
    const realNow = clock.now;
    clock.now = () => realNow() + GAP_DEADLINE_MS + 1000;
    try {
      const before = indexStats.tombstones;
      expect(await listRows(team)).toEqual(truthNow);
      expect(indexStats.tombstones).toBe(before + 1);
      const { changeSeq } = await getCounters(team.enterprise.id, team.project.id);
      expect(peekIndex(team.enterprise.id, team.project.id)!.seq).toBe(changeSeq);
      const [entry] = await listChanges(team.enterprise.id, team.project.id, dead.seq, dead.seq);
      expect(entry).toMatchObject({ seq: dead.seq, tomb: true, ids: [] });
      await settleProject(team.enterprise.id, team.project.id);
    } finally {
      clock.now = realNow;
    }
    const counters = await getCounters(team.enterprise.id, team.project.id);
    expect(counters.countedSeq).toBe(counters.changeSeq);
    expect(counters.issueCount).toBe(3);
    expect(await freshTruth(team)).toEqual(truthNow);
    // The dead writer's work-item number is never given out: numbers are never reused.
    expect(after.map((i) => i.issueNumber)).toEqual([dead.firstNumber + 1, dead.firstNumber + 2]);
  });

  it('makes a writer whose number was filled meanwhile write again under a new number', async () => {
    const other = await otherProcess(team);
    const late = await interleave(
      other,
      () =>
        other.request('POST', `${team.base}/add`, {
          pmsProjectId: team.project.id,
          pmIssueType: 2,
          title: 'Late',
        }),
      async () => {
        await createIssue(team.owner, team, { title: 'Overtook' });
        // A reader here, well past the late writer's deadline, fills its number.
        const realNow = clock.now;
        clock.now = () => realNow() + GAP_DEADLINE_MS + 1000;
        try {
          const before = indexStats.tombstones;
          await listRows(team);
          expect(indexStats.tombstones).toBe(before + 1);
        } finally {
          clock.now = realNow;
        }
      },
    );
    // Its transaction found the tombstone, so nothing of the first attempt landed; it retried.
    expect(late.status).toBe(201);
    const rows = await listRows(team);
    expect(rows.filter((row) => row[1] === 'Late')).toHaveLength(1);
    expect(await freshTruth(team)).toEqual(rows);
    expect(await projectCounts(team)).toEqual({ issueCount: rows.length, openIssueCount: rows.length });
  });
});

describe('cold starts and memory', () => {
  it('starts a fresh copy from the S3 snapshot and catches up with the changes after it', async () => {
    const team = await createTeam(0);
    const items: IssueDetail[] = [];
    for (let i = 0; i < 6; i += 1) items.push(await createIssue(team.owner, team, { title: `Item ${i}` }));
    expect(await takeSnapshot(team.enterprise.id, team.project.id, 0)).toBe(true);
    expect(await readObject(snapshotKey(team.enterprise.id, team.project.id))).not.toBeNull();
    // After the snapshot: an edit, a new item and a deletion.
    expectStatus(await editIssue(team.owner, team, items[0]!, { title: 'Edited after' }), 200);
    await createIssue(team.owner, team, { title: 'Made after' });
    expectStatus(await team.owner.client.delete(`${team.base}/${items[1]!.id}`), 200);

    forgetIssueIndexes();
    const before = { ...indexStats };
    const fromSnapshot = await listRows(team);
    expect(indexStats.snapshotLoads).toBe(before.snapshotLoads + 1);
    expect(fromSnapshot.map((row) => row[1])).toContain('Edited after');
    expect(fromSnapshot.map((row) => row[1])).toContain('Made after');
    expect(fromSnapshot.map((row) => row[1])).not.toContain('Item 1');
    expect(fromSnapshot).toHaveLength(6);
  });

  it('keeps copies within the row budget, dropping the least recently used', async () => {
    const [one, two] = [await createTeam(0), await createTeam(0)];
    for (const team of [one, two]) for (let i = 0; i < 3; i += 1) await createIssue(team.owner, team);
    const previous = setIndexRowBudget(5);
    try {
      forgetIssueIndexes();
      await listRows(one);
      const evictions = indexStats.evictions;
      await listRows(two);
      expect(indexStats.evictions).toBe(evictions + 1);
      expect(cachedRowCount()).toBe(3);
      expect(peekIndex(one.enterprise.id, one.project.id)).toBeNull();
      // The dropped project still lists exactly: it is loaded again.
      expect(await listRows(one)).toHaveLength(3);
    } finally {
      setIndexRowBudget(previous);
    }
  });
});
