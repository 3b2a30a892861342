/**
 * The Work items calls (docs/api-conventions.md, "Work items"): items, the workflow, history,
 * parents, links, batch edits, deletes, journals, tags and the pickers. Lists (filters, sorts) and
 * the in-memory index are in issues-list.test.ts.
 */
import { PRIORITIES } from '@shared/domain/priorities';
import {
  ISSUE_KINDS,
  type IssueKind,
  type IssueStatusId,
  issueStatusName,
  nextStatuses,
  transitionRefusal,
} from '@shared/domain/work-item-workflow';
import {
  type IssueDetail,
  type IssueRef,
  type IssueTag,
  type Journal,
  MAX_LINKS_PER_ISSUE,
} from '@shared/schemas/issues';
import type { Project } from '@shared/schemas/projects';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEnterprise, expectStatus, signUp, type TestUser, unique } from './helpers';
import {
  createIssue,
  createProject,
  createTag,
  createTeam,
  editIssue,
  getIssue,
  journalsOfProject,
  projectsBase,
  type Team,
} from './issue-fixtures';

const errorOf = (res: { body: { errorMessage: string } }) => res.body.errorMessage;

async function journals(actor: TestUser, team: Team, id: string, query = ''): Promise<Journal[]> {
  const res = await actor.client.get(`${team.base}/journals/${id}?pageSize=100${query}`);
  return expectStatus(res, 200).data.rows;
}

async function projectCounts(team: Team): Promise<Pick<Project, 'issueCount' | 'openIssueCount'>> {
  const res = await team.owner.client.get<Project>(`${projectsBase(team.enterprise)}/${team.project.id}`);
  const { issueCount, openIssueCount } = expectStatus(res, 200).data;
  return { issueCount, openIssueCount };
}

describe('POST add and GET {id}', () => {
  let team: Team;
  let tags: IssueTag[];

  beforeAll(async () => {
    team = await createTeam(2);
    tags = [await createTag(team.owner, team.enterprise), await createTag(team.owner, team.enterprise)];
  });

  it('creates an item numbered in its project, with every field, and reads it back', async () => {
    const [alice] = team.members;
    const res = await alice!.client.post<IssueDetail>(`${team.base}/add`, {
      pmsProjectId: team.project.id,
      pmIssueType: 3,
      title: '  Crash on start  ',
      description: '## Steps\n\n1. open',
      priority: 1,
      assigneeId: team.members[1]!.userId,
      tagIds: [tags[1]!.id, tags[0]!.id, tags[1]!.id],
      startDate: '2026-01-10',
      endDate: '2026-01-12',
      estimatedHours: 4.5,
    });
    const item = expectStatus(res, 201).data;
    expect(item).toMatchObject({
      issueId: item.id,
      pmsProjectId: team.project.id,
      pmIssueType: 3,
      title: 'Crash on start',
      description: '## Steps\n\n1. open',
      status: 1,
      statusName: 'To fix',
      priority: 1,
      assignee: { userId: team.members[1]!.userId, login: team.members[1]!.login },
      author: { userId: alice!.userId, login: alice!.login, nickname: alice!.nickname },
      tags: [
        { id: tags[1]!.id, name: tags[1]!.name },
        { id: tags[0]!.id, name: tags[0]!.name },
      ],
      startDate: '2026-01-10',
      endDate: '2026-01-12',
      estimatedHours: 4.5,
      parentId: null,
      parent: null,
      children: [],
      links: [],
      childCount: 0,
      sprintId: null,
      closedAt: null,
      version: 1,
      nextStatuses: [2, 3, 5, 6],
    });
    expect(item.createdAt).toBe(item.updatedAt);
    expect(await getIssue(team.owner, team, item.id)).toEqual(item);
  });

  it('numbers items #1, #2, ... and defaults the optional fields', async () => {
    const fresh = await createTeam(0);
    const first = await createIssue(fresh.owner, fresh, { pmIssueType: 1 });
    const second = await createIssue(fresh.owner, fresh);
    expect([first.issueNumber, second.issueNumber]).toEqual([1, 2]);
    expect(first).toMatchObject({
      status: 1,
      statusName: 'Pending review',
      priority: 3,
      assignee: null,
      tags: [],
      description: '',
      startDate: null,
      endDate: null,
      estimatedHours: null,
    });
    expect(await projectCounts(fresh)).toEqual({ issueCount: 2, openIssueCount: 2 });
  });

  it('numbers concurrent creates without gaps or repeats', async () => {
    const fresh = await createTeam(0);
    const made = await Promise.all(Array.from({ length: 12 }, () => createIssue(fresh.owner, fresh)));
    expect(made.map((i) => i.issueNumber).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
    expect(await projectCounts(fresh)).toEqual({ issueCount: 12, openIssueCount: 12 });
  });

  it('may start in any status the workflow allows from the first one', async () => {
    const closed = await createIssue(team.owner, team, { status: 5 });
    expect(closed).toMatchObject({ status: 5, statusName: 'Closed' });
    expect(closed.closedAt).toBe(closed.createdAt);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const refuse = async (body: Record<string, unknown>) =>
      errorOf(
        expectStatus(
          await team.owner.client.post(`${team.base}/add`, {
            pmsProjectId: team.project.id,
            pmIssueType: 2,
            title: 'ok',
            ...body,
          }),
          400,
        ),
      );
    expect(await refuse({ title: '  ' })).toBe('title: Please enter title');
    expect(await refuse({ pmIssueType: 4 })).toMatch(/^pmIssueType: /);
    expect(await refuse({ status: 4 })).toMatch(/^status: /);
    expect(await refuse({ priority: 0 })).toMatch(/^priority: /);
    expect(await refuse({ startDate: '2026-02-30' })).toMatch(/^startDate: /);
    expect(await refuse({ startDate: '2026-02-10', endDate: '2026-02-01' })).toBe(
      'endDate: EndDate must not be before startDate',
    );
    expect(await refuse({ assigneeId: team.outsider.userId })).toBe(
      `assigneeId: User ${team.outsider.userId} is not a member of this project`,
    );
    expect(await refuse({ tagIds: [tags[0]!.id, 'nosuchtag'] })).toBe(
      'tagIds: Tag nosuchtag does not exist in this enterprise',
    );
    expect(await refuse({ parentId: 'nosuchitem' })).toBe(
      'parentId: Work item nosuchitem is not a work item of this project',
    );
    const otherProject = await createProject(team.owner, team.enterprise);
    const elsewhere = await createIssue(team.owner, { base: team.base, project: otherProject });
    expect(await refuse({ parentId: elsewhere.id })).toMatch(/^parentId: /);
  });

  it('answers 404 for an unknown project or item, and for another enterprise ids', async () => {
    const res = await team.owner.client.post(`${team.base}/add`, {
      pmsProjectId: 'nosuchproject',
      pmIssueType: 2,
      title: 'x',
    });
    expect(errorOf(expectStatus(res, 404))).toBe('Project nosuchproject does not exist');
    expect(errorOf(expectStatus(await team.owner.client.get(`${team.base}/nosuchitem`), 404))).toBe(
      'Work item nosuchitem does not exist',
    );
    const item = await createIssue(team.owner, team);
    // Someone else's enterprise, asked with an id from this one: never found.
    const stranger = await signUp();
    const theirs = await createEnterprise(stranger);
    const theirBase = `/api/pms/${theirs.enterpriseIdentifier}/pmsProjectIssues`;
    expect(errorOf(expectStatus(await stranger.client.get(`${theirBase}/${item.id}`), 404))).toBe(
      `Work item ${item.id} does not exist`,
    );
    expectStatus(await stranger.client.put(`${theirBase}/edit/${item.id}`, { version: 1, title: 'x' }), 404);
    expectStatus(await stranger.client.delete(`${theirBase}/${item.id}`), 404);
    const list = await stranger.client.get(`${theirBase}/list?pmsProjectId=${team.project.id}`);
    expect(errorOf(expectStatus(list, 404))).toBe(`Project ${team.project.id} does not exist`);
    // And the stranger cannot reach this enterprise at all.
    expectStatus(await stranger.client.get(`${team.base}/${item.id}`), 404);
  });
});

describe('the workflow', () => {
  let team: Team;

  beforeAll(async () => {
    team = await createTeam(0);
  });

  // 1 → 2 → 3 → 5 → 2 → 1 → 6 → 5 → 1: every status, and back, along allowed steps only.
  const WALK: IssueStatusId[] = [2, 3, 5, 2, 1, 6, 5, 1];

  for (const kind of ISSUE_KINDS) {
    it(`moves a kind ${kind} item through every status and names them for the kind`, async () => {
      let item = await createIssue(team.owner, team, { pmIssueType: kind });
      for (const status of WALK) {
        item = expectStatus(await editIssue(team.owner, team, item, { status }), 200).data;
        expect(item.status).toBe(status);
        expect(item.statusName).toBe(issueStatusName(kind, status));
        expect(item.nextStatuses).toEqual([...nextStatuses(status)]);
        if (status === 5) expect(item.closedAt).toBe(item.updatedAt);
        else expect(item.closedAt).toBeNull();
      }
    });

    it(`refuses a kind ${kind} transition the workflow does not allow, naming it`, async () => {
      let item = await createIssue(team.owner, team, { pmIssueType: kind });
      item = expectStatus(await editIssue(team.owner, team, item, { status: 3 }), 200).data;
      const refused = expectStatus(await editIssue(team.owner, team, item, { status: 1 }), 409);
      expect(errorOf(refused)).toBe(transitionRefusal(kind as IssueKind, 3, 1));
      expect((await getIssue(team.owner, team, item.id)).status).toBe(3);
      const rejected = expectStatus(await editIssue(team.owner, team, item, { status: 5 }), 200).data;
      expect(errorOf(expectStatus(await editIssue(team.owner, team, rejected, { status: 6 }), 409))).toBe(
        transitionRefusal(kind as IssueKind, 5, 6),
      );
    });
  }

  it('lists the statuses of a kind with the workflow, and the priorities', async () => {
    const res = expectStatus(await team.owner.client.get(`${team.base}/issueStatus?pmIssueType=3`), 200);
    expect(res.data).toEqual([
      { id: 1, name: 'To fix', next: [2, 3, 5, 6] },
      { id: 2, name: 'Fixing', next: [1, 3, 5, 6] },
      { id: 3, name: 'Fixed', next: [2, 5] },
      { id: 5, name: 'Closed', next: [1, 2] },
      { id: 6, name: 'Rejected', next: [1, 5] },
    ]);
    expectStatus(await team.owner.client.get(`${team.base}/issueStatus?pmIssueType=9`), 400);
    const priorities = expectStatus(await team.owner.client.get(`${team.base}/issuePriorities`), 200);
    expect(priorities.data).toEqual(PRIORITIES.map((p) => ({ ...p })));
  });

  it('keeps the open count of the project as items close and reopen', async () => {
    const fresh = await createTeam(0);
    const a = await createIssue(fresh.owner, fresh);
    await createIssue(fresh.owner, fresh);
    const closed = expectStatus(await editIssue(fresh.owner, fresh, a, { status: 5 }), 200).data;
    expect(await projectCounts(fresh)).toEqual({ issueCount: 2, openIssueCount: 1 });
    expectStatus(await editIssue(fresh.owner, fresh, closed, { status: 1 }), 200);
    expect(await projectCounts(fresh)).toEqual({ issueCount: 2, openIssueCount: 2 });
  });
});

describe('PUT edit/{id} and the history', () => {
  let team: Team;
  let tags: IssueTag[];

  beforeAll(async () => {
    team = await createTeam(2);
    tags = [await createTag(team.owner, team.enterprise), await createTag(team.owner, team.enterprise)];
  });

  it('writes one history entry listing every changed field with readable old and new values', async () => {
    const [alice, bob] = team.members as [TestUser, TestUser];
    const parent = await createIssue(team.owner, team, { title: 'The parent' });
    const item = await createIssue(team.owner, team, {
      title: 'Old title',
      description: 'old words',
      assigneeId: alice.userId,
      tagIds: [tags[0]!.id],
      priority: 3,
      startDate: '2026-03-01',
      estimatedHours: 2,
    });
    const long = 'x'.repeat(250);
    const edited = expectStatus(
      await editIssue(bob, team, item, {
        title: 'New title',
        description: long,
        status: 2,
        priority: 1,
        assigneeId: bob.userId,
        tagIds: [tags[0]!.id, tags[1]!.id],
        startDate: null,
        endDate: '2026-03-09',
        estimatedHours: 6,
        parentId: parent.id,
      }),
      200,
    ).data;
    expect(edited).toMatchObject({
      title: 'New title',
      description: long,
      status: 2,
      priority: 1,
      assignee: { userId: bob.userId },
      startDate: null,
      endDate: '2026-03-09',
      estimatedHours: 6,
      parentId: parent.id,
      parent: { id: parent.id, issueNumber: parent.issueNumber, title: 'The parent' },
      version: 2,
    });
    const history = await journals(team.owner, team, item.id, '&kind=history');
    expect(history.map((j) => j.kind)).toEqual(['created', 'updated']);
    const update = history[1]!;
    expect(update).toMatchObject({
      user: { userId: bob.userId },
      notes: '',
      issueTitle: 'New title',
      version: 1,
    });
    expect(update.details).toEqual([
      { field: 'title', label: 'Title', oldValue: 'Old title', newValue: 'New title' },
      { field: 'status', label: 'Status', oldValue: 'Pending', newValue: 'In progress' },
      { field: 'priority', label: 'Priority', oldValue: 'Normal', newValue: 'Urgent' },
      { field: 'assigneeId', label: 'Assignee', oldValue: alice.nickname, newValue: bob.nickname },
      {
        field: 'tagIds',
        label: 'Tags',
        oldValue: tags[0]!.name,
        newValue: `${tags[0]!.name}, ${tags[1]!.name}`,
      },
      { field: 'startDate', label: 'Start date', oldValue: '2026-03-01', newValue: null },
      { field: 'endDate', label: 'End date', oldValue: null, newValue: '2026-03-09' },
      { field: 'estimatedHours', label: 'Estimated hours', oldValue: '2', newValue: '6' },
      { field: 'parentId', label: 'Parent', oldValue: null, newValue: `#${parent.issueNumber} The parent` },
      { field: 'description', label: 'Description', oldValue: 'old words', newValue: `${'x'.repeat(200)}…` },
    ]);
    // One field at a time gives one detail each.
    const again = expectStatus(
      await editIssue(alice, team, edited, { assigneeId: null, parentId: null }),
      200,
    );
    const last = (await journals(team.owner, team, item.id)).at(-1)!;
    expect(last.details).toEqual([
      { field: 'assigneeId', label: 'Assignee', oldValue: bob.nickname, newValue: null },
      { field: 'parentId', label: 'Parent', oldValue: `#${parent.issueNumber} The parent`, newValue: null },
    ]);
    expect(again.data).toMatchObject({ assignee: null, parent: null, version: 3 });
  });

  it('writes nothing when nothing changes', async () => {
    const item = await createIssue(team.owner, team, { tagIds: [tags[0]!.id, tags[1]!.id], priority: 2 });
    const same = expectStatus(
      await editIssue(team.owner, team, item, {
        title: item.title,
        priority: 2,
        tagIds: [tags[1]!.id, tags[0]!.id],
        description: '',
      }),
      200,
    ).data;
    expect(same.version).toBe(1);
    expect(same.updatedAt).toBe(item.updatedAt);
    expect((await journals(team.owner, team, item.id)).map((j) => j.kind)).toEqual(['created']);
  });

  it('answers 409 to a stale version and changes nothing', async () => {
    const item = await createIssue(team.owner, team, { title: 'First' });
    expectStatus(await editIssue(team.owner, team, item, { title: 'Second' }), 200);
    const stale = expectStatus(await editIssue(team.owner, team, item, { title: 'Third' }), 409);
    expect(errorOf(stale)).toBe(
      `Work item #${item.issueNumber} was changed by someone else; reload and try again`,
    );
    expect((await getIssue(team.owner, team, item.id)).title).toBe('Second');
  });

  it('refuses bad changes with a 400 naming the field', async () => {
    const item = await createIssue(team.owner, team, { startDate: '2026-05-10' });
    const refuse = async (changes: Record<string, unknown>) =>
      errorOf(expectStatus(await editIssue(team.owner, team, item, changes), 400));
    expect(await refuse({ endDate: '2026-05-01' })).toBe('endDate: EndDate must not be before startDate');
    expect(await refuse({ assigneeId: team.outsider.userId })).toMatch(/^assigneeId: /);
    expect(await refuse({ tagIds: ['nosuchtag'] })).toMatch(/^tagIds: /);
    expect(await refuse({ parentId: item.id })).toBe('parentId: A work item cannot be its own parent');
    expect(await refuse({ title: '' })).toBe('title: Please enter title');
    expect(await refuse({ estimatedHours: -1 })).toBe('estimatedHours: EstimatedHours must not be negative');
    const noVersion = await team.owner.client.put(`${team.base}/edit/${item.id}`, { title: 'x' });
    expect(errorOf(expectStatus(noVersion, 400))).toBe('version: Please enter version');
    expectStatus(
      await team.owner.client.put(`${team.base}/edit/nosuchitem`, { version: 1, title: 'x' }),
      404,
    );
  });
});

describe('parents', () => {
  let team: Team;
  let a: IssueDetail;
  let b: IssueDetail;
  let c: IssueDetail;
  let other: IssueDetail;

  beforeAll(async () => {
    team = await createTeam(0);
    a = await createIssue(team.owner, team, { title: 'Alpha root' });
    b = await createIssue(team.owner, team, { title: 'Beta middle', parentId: a.id });
    c = await createIssue(team.owner, team, { title: 'Gamma leaf', parentId: b.id });
    other = await createIssue(team.owner, team, { title: 'Delta apart' });
  });

  it('shows parent, children and child counts', async () => {
    const root = await getIssue(team.owner, team, a.id);
    expect(root.childCount).toBe(1);
    expect(root.children.map((r) => r.id)).toEqual([b.id]);
    const middle = await getIssue(team.owner, team, b.id);
    expect(middle.parent?.id).toBe(a.id);
    expect(middle.children.map((r) => r.id)).toEqual([c.id]);
  });

  it('refuses a parent that would close a cycle (A → B → C, then A under C)', async () => {
    const fresh = await getIssue(team.owner, team, a.id);
    const res = expectStatus(await editIssue(team.owner, team, fresh, { parentId: c.id }), 400);
    expect(errorOf(res)).toBe(
      `parentId: #${c.issueNumber} is a descendant of #${a.issueNumber}, so it cannot be its parent`,
    );
    expectStatus(await editIssue(team.owner, team, fresh, { parentId: b.id }), 400);
    // The batch edit checks the same.
    const batch = await team.owner.client.put(`${team.base}/edit/batch`, {
      ids: [a.id],
      changes: { parentId: c.id },
    });
    expect(errorOf(expectStatus(batch, 400))).toMatch(/^parentId: /);
  });

  it('offers as parents everything but the item and its descendants, with a keyword filter', async () => {
    const options = async (id: string, query = '') =>
      expectStatus(
        await team.owner.client.get<IssueRef[]>(`${team.base}/optionalParentIssue/${id}${query}`),
        200,
      ).data;
    expect((await options(a.id)).map((r) => r.id)).toEqual([other.id]);
    expect((await options(b.id)).map((r) => r.id)).toEqual([other.id, a.id]);
    expect((await options(c.id)).map((r) => r.id)).toEqual([other.id, b.id, a.id]);
    expect((await options(c.id, '?keyword=ALPHA')).map((r) => r.id)).toEqual([a.id]);
    expect((await options(c.id, `?keyword=%23${b.issueNumber}`)).map((r) => r.id)).toEqual([b.id]);
    expect((await options(c.id))[0]).toEqual({
      id: other.id,
      issueNumber: other.issueNumber,
      pmIssueType: 2,
      title: 'Delta apart',
      status: 1,
      statusName: 'Pending',
    });
    expectStatus(await team.owner.client.get(`${team.base}/optionalParentIssue/nosuchitem`), 404);
  });

  it('offers at most 50', async () => {
    const many = await createTeam(0);
    const items = [];
    for (let i = 0; i < 52; i += 1) items.push(await createIssue(many.owner, many));
    const res = await many.owner.client.get<IssueRef[]>(`${many.base}/optionalParentIssue/${items[0]!.id}`);
    expect(expectStatus(res, 200).data).toHaveLength(50);
  });
});

describe('links', () => {
  let team: Team;
  let a: IssueDetail;
  let b: IssueDetail;

  beforeAll(async () => {
    team = await createTeam(0);
    a = await createIssue(team.owner, team);
    b = await createIssue(team.owner, team, { pmIssueType: 3 });
  });

  const link = (path: 'link' | 'unlink', issueId: string, linkedIssueId: string) =>
    team.owner.client.post(`${team.base}/${path}`, { issueId, linkedIssueId });

  it('links two items both ways, once', async () => {
    const res = expectStatus(await link('link', a.id, b.id), 201);
    expect(res.data).toBeNull();
    expect((await getIssue(team.owner, team, a.id)).links).toEqual([
      {
        id: b.id,
        issueNumber: b.issueNumber,
        pmIssueType: 3,
        title: b.title,
        status: 1,
        statusName: 'To fix',
      },
    ]);
    expect((await getIssue(team.owner, team, b.id)).links.map((l) => l.id)).toEqual([a.id]);
    expect(errorOf(expectStatus(await link('link', a.id, b.id), 409))).toBe(
      `Work items #${a.issueNumber} and #${b.issueNumber} are already linked`,
    );
    expectStatus(await link('link', b.id, a.id), 409);
  });

  it('unlinks, and answers 404 when not linked', async () => {
    const c = await createIssue(team.owner, team);
    expectStatus(await link('link', a.id, c.id), 201);
    expectStatus(await link('unlink', c.id, a.id), 200);
    expect((await getIssue(team.owner, team, a.id)).links.map((l) => l.id)).toEqual([b.id]);
    expect((await getIssue(team.owner, team, c.id)).links).toEqual([]);
    expect(errorOf(expectStatus(await link('unlink', a.id, c.id), 404))).toBe(
      `Work items #${a.issueNumber} and #${c.issueNumber} are not linked`,
    );
  });

  it("answers an edit with the item's links and the linked items as they are now", async () => {
    const c = await createIssue(team.owner, team, { title: 'Partner before' });
    const d = await createIssue(team.owner, team);
    expectStatus(await link('link', d.id, c.id), 201);
    // The answer of a write is built from the copy it wrote to: it must still hold d's link and
    // c's new title, and an unlink through the same copy must show at once.
    const renamed = expectStatus(await editIssue(team.owner, team, c, { title: 'Partner after' }), 200).data;
    expect(renamed.links.map((l) => l.id)).toEqual([d.id]);
    const edited = expectStatus(await editIssue(team.owner, team, d, { title: 'Edited' }), 200).data;
    expect(edited.links.map((l) => [l.id, l.title])).toEqual([[c.id, 'Partner after']]);
    expectStatus(await link('unlink', d.id, c.id), 200);
    const again = expectStatus(
      await editIssue(team.owner, team, edited, { title: 'Edited again' }),
      200,
    ).data;
    expect(again.links).toEqual([]);
  });

  it(`allows at most ${MAX_LINKS_PER_ISSUE} links per item`, async () => {
    const fresh = await createTeam(0);
    const hub = await createIssue(fresh.owner, fresh);
    const others = await Promise.all(
      Array.from({ length: MAX_LINKS_PER_ISSUE + 1 }, () => createIssue(fresh.owner, fresh)),
    );
    for (const other of others.slice(0, MAX_LINKS_PER_ISSUE)) {
      const res = await fresh.owner.client.post(`${fresh.base}/link`, {
        issueId: other.id,
        linkedIssueId: hub.id,
      });
      expectStatus(res, 201);
    }
    const last = others.at(-1)!;
    const refused = await fresh.owner.client.post(`${fresh.base}/link`, {
      issueId: last.id,
      linkedIssueId: hub.id,
    });
    expect(errorOf(expectStatus(refused, 409))).toBe(
      `Work item #${hub.issueNumber} already has ${MAX_LINKS_PER_ISSUE} links, the most it may have`,
    );
    expect((await getIssue(fresh.owner, fresh, hub.id)).links).toHaveLength(MAX_LINKS_PER_ISSUE);
    // Deleting the hub removes both ends of all 40 links in its one transaction.
    expectStatus(await fresh.owner.client.delete(`${fresh.base}/${hub.id}`), 200);
    expect((await getIssue(fresh.owner, fresh, others[0]!.id)).links).toEqual([]);
  });

  it('refuses itself, other projects and unknown items', async () => {
    expect(errorOf(expectStatus(await link('link', a.id, a.id), 400))).toBe(
      'linkedIssueId: A work item cannot be linked to itself',
    );
    const otherProject = await createProject(team.owner, team.enterprise);
    const elsewhere = await createIssue(team.owner, { base: team.base, project: otherProject });
    expect(errorOf(expectStatus(await link('link', a.id, elsewhere.id), 400))).toBe(
      'linkedIssueId: Linked work items must belong to the same project',
    );
    expect(errorOf(expectStatus(await link('link', a.id, 'nosuchitem'), 404))).toBe(
      'Work item nosuchitem does not exist',
    );
    expect(errorOf(expectStatus(await link('link', 'nosuchitem', a.id), 404))).toBe(
      'Work item nosuchitem does not exist',
    );
    expect(
      errorOf(expectStatus(await team.owner.client.post(`${team.base}/link`, { issueId: a.id }), 400)),
    ).toBe('linkedIssueId: Please enter linkedIssueId');
  });
});

describe('DELETE {id}', () => {
  it('refuses while the item has children, then deletes it with its links; numbers are never reused', async () => {
    const team = await createTeam(0);
    const parent = await createIssue(team.owner, team);
    const child = await createIssue(team.owner, team, { parentId: parent.id });
    const linked = await createIssue(team.owner, team);
    expectStatus(
      await team.owner.client.post(`${team.base}/link`, { issueId: parent.id, linkedIssueId: linked.id }),
      201,
    );

    const refused = expectStatus(await team.owner.client.delete(`${team.base}/${parent.id}`), 409);
    expect(errorOf(refused)).toBe(
      `Work item #${parent.issueNumber} has 1 child item; delete them or give them another parent first`,
    );
    expectStatus(await team.owner.client.delete(`${team.base}/${child.id}`), 200);
    expect((await getIssue(team.owner, team, parent.id)).childCount).toBe(0);
    expectStatus(await team.owner.client.delete(`${team.base}/${parent.id}`), 200);

    expect(errorOf(expectStatus(await team.owner.client.get(`${team.base}/${parent.id}`), 404))).toBe(
      `Work item ${parent.id} does not exist`,
    );
    expectStatus(await team.owner.client.delete(`${team.base}/${parent.id}`), 404);
    expect((await getIssue(team.owner, team, linked.id)).links).toEqual([]);
    expect(await projectCounts(team)).toEqual({ issueCount: 1, openIssueCount: 1 });

    const next = await createIssue(team.owner, team);
    expect(next.issueNumber).toBe(4);
    const list = expectStatus(
      await team.owner.client.get(`${team.base}/list?pmsProjectId=${team.project.id}`),
      200,
    );
    expect(list.data.rows.map((r: IssueDetail) => r.issueNumber)).toEqual([4, 3]);
  });

  it('keeps a deleted item out of sight but its history in the project feed', async () => {
    const team = await createTeam(0);
    const item = await createIssue(team.owner, team, { title: 'Doomed' });
    expectStatus(await team.owner.client.delete(`${team.base}/${item.id}`), 200);
    expectStatus(await team.owner.client.get(`${team.base}/journals/${item.id}`), 404);
    const feed = await journalsOfProject(team);
    expect(feed.map((j) => [j.kind, j.issueTitle])).toEqual([
      ['deleted', 'Doomed'],
      ['created', 'Doomed'],
    ]);
  });
});

describe('PUT edit/batch', () => {
  let team: Team;
  let items: IssueDetail[];

  beforeAll(async () => {
    team = await createTeam(1);
    items = [];
    for (let i = 0; i < 3; i += 1) items.push(await createIssue(team.owner, team));
  });

  const batch = (body: unknown) => team.owner.client.put(`${team.base}/edit/batch`, body);

  it('changes every item in one go, with one history entry each', async () => {
    const [alice] = team.members;
    const res = expectStatus(
      await batch({
        ids: items.map((i) => i.id),
        changes: { priority: 1, assigneeId: alice!.userId, status: 2 },
      }),
      200,
    );
    expect(res.data).toEqual({ updated: 3 });
    for (const item of items) {
      const now = await getIssue(team.owner, team, item.id);
      expect(now).toMatchObject({ priority: 1, assignee: { userId: alice!.userId }, status: 2, version: 2 });
      const history = await journals(team.owner, team, item.id);
      expect(history.map((j) => j.kind)).toEqual(['created', 'updated']);
      expect(history[1]!.details.map((d) => d.field)).toEqual(['status', 'priority', 'assigneeId']);
    }
    // Items that already have the values are left alone.
    expect(
      expectStatus(await batch({ ids: items.map((i) => i.id), changes: { priority: 1 } }), 200).data,
    ).toEqual({
      updated: 0,
    });
  });

  it('is all or nothing: an unknown id, a refused transition or a bad value changes nothing', async () => {
    const ids = items.map((i) => i.id);
    const before = await Promise.all(ids.map((id) => getIssue(team.owner, team, id)));
    const unknown = expectStatus(
      await batch({ ids: [...ids, 'nosuchitem'], changes: { title: 'Same' } }),
      404,
    );
    expect(errorOf(unknown)).toBe('Work item nosuchitem does not exist');
    // Put one of them in Completed: Completed may not go back to Pending, the others may.
    const done = expectStatus(await editIssue(team.owner, team, before[1]!, { status: 3 }), 200).data;
    const refused = expectStatus(await batch({ ids, changes: { status: 1, title: 'Same' } }), 409);
    expect(errorOf(refused)).toBe(`Work item #${done.issueNumber}: ${transitionRefusal(2, 3, 1)}`);
    expectStatus(await batch({ ids, changes: { assigneeId: team.outsider.userId } }), 400);
    const after = await Promise.all(ids.map((id) => getIssue(team.owner, team, id)));
    expect(after.map((i) => [i.title, i.status, i.version])).toEqual(
      [before[0]!, done, before[2]!].map((i) => [i.title, i.status, i.version]),
    );
  });

  it('refuses bad requests with a 400 naming the field', async () => {
    expect(errorOf(expectStatus(await batch({ ids: [], changes: { priority: 2 } }), 400))).toBe(
      'ids: Please enter ids',
    );
    const tooMany = Array.from({ length: 41 }, (_, i) => `id${i}`);
    expect(errorOf(expectStatus(await batch({ ids: tooMany, changes: { priority: 2 } }), 400))).toBe(
      'ids: Ids may hold at most 40 work items',
    );
    expect(errorOf(expectStatus(await batch({ ids: [items[0]!.id], changes: {} }), 400))).toBe(
      'changes: Changes: name at least one field to change',
    );
    const otherProject = await createProject(team.owner, team.enterprise);
    const elsewhere = await createIssue(team.owner, { base: team.base, project: otherProject });
    expect(
      errorOf(
        expectStatus(await batch({ ids: [items[0]!.id, elsewhere.id], changes: { priority: 4 } }), 400),
      ),
    ).toBe('ids: The work items must all belong to one project');
  });
});

describe('journals', () => {
  let team: Team;
  let item: IssueDetail;

  beforeAll(async () => {
    team = await createTeam(2);
    item = await createIssue(team.owner, team);
  });

  const path = (journalId?: string) => `${team.base}/journals/${item.id}${journalId ? `/${journalId}` : ''}`;

  it('adds, lists, edits and deletes comments; only their authors may change them', async () => {
    const [alice, bob] = team.members as [TestUser, TestUser];
    const comment = expectStatus(
      await alice.client.post<Journal>(path(), { notes: ' Looks **good** ' }),
      201,
    ).data;
    expect(comment).toMatchObject({
      issueId: item.id,
      issueNumber: item.issueNumber,
      kind: 'comment',
      notes: 'Looks **good**',
      details: [],
      user: { userId: alice.userId, nickname: alice.nickname },
      version: 1,
    });
    await bob.client.post(path(), { notes: 'Second' });

    expect((await journals(team.owner, team, item.id)).map((j) => j.kind)).toEqual([
      'created',
      'comment',
      'comment',
    ]);
    expect((await journals(team.owner, team, item.id, '&kind=comment')).map((j) => j.notes)).toEqual([
      'Looks **good**',
      'Second',
    ]);
    expect((await journals(team.owner, team, item.id, '&kind=history')).map((j) => j.kind)).toEqual([
      'created',
    ]);
    const paged = expectStatus(await team.owner.client.get(`${path()}?pageNum=2&pageSize=2`), 200).data;
    expect(paged).toMatchObject({ total: 3, pageNum: 2, pageSize: 2 });
    expect(paged.rows.map((j: Journal) => j.notes)).toEqual(['Second']);

    expect(
      errorOf(expectStatus(await bob.client.put(path(comment.id), { notes: 'Mine now', version: 1 }), 403)),
    ).toBe('Only the author of a comment can edit it');
    const edited = expectStatus(
      await alice.client.put<Journal>(path(comment.id), { notes: 'Edited', version: 1 }),
      200,
    );
    expect(edited.data).toMatchObject({ notes: 'Edited', version: 2 });
    expect(
      errorOf(expectStatus(await alice.client.put(path(comment.id), { notes: 'Again', version: 1 }), 409)),
    ).toBe('The comment was changed by someone else; reload and try again');
    expectStatus(await bob.client.delete(path(comment.id)), 403);
    expectStatus(await alice.client.delete(path(comment.id)), 200);
    expectStatus(await alice.client.delete(path(comment.id)), 404);
    expect((await journals(team.owner, team, item.id, '&kind=comment')).map((j) => j.notes)).toEqual([
      'Second',
    ]);
  });

  it('never edits or deletes history', async () => {
    const [created] = await journals(team.owner, team, item.id, '&kind=history');
    expect(
      errorOf(expectStatus(await team.owner.client.put(path(created!.id), { notes: 'x', version: 1 }), 409)),
    ).toBe('History entries cannot be edited');
    expect(errorOf(expectStatus(await team.owner.client.delete(path(created!.id)), 409))).toBe(
      'History entries cannot be deleted',
    );
  });

  it('refuses empty comments and unknown items', async () => {
    expect(errorOf(expectStatus(await team.owner.client.post(path(), { notes: '  ' }), 400))).toBe(
      'notes: Please enter comment',
    );
    expectStatus(await team.owner.client.post(`${team.base}/journals/nosuchitem`, { notes: 'x' }), 404);
    expectStatus(await team.owner.client.get(`${team.base}/journals/nosuchitem`), 404);
    expectStatus(await team.owner.client.put(path('nosuchjournal'), { notes: 'x', version: 1 }), 404);
  });
});

describe('tags', () => {
  let team: Team;

  beforeAll(async () => {
    team = await createTeam(1);
  });

  const tagsPath = (id?: string) => `${team.base}/enterpriseIssueTags${id ? `/${id}` : ''}`;

  it('creates, lists, renames and deletes tags; names are unique ignoring case', async () => {
    const name = unique('Backend');
    const tag = expectStatus(
      await team.owner.client.post<IssueTag>(tagsPath(), { name, color: 'green' }),
      201,
    ).data;
    expect(tag).toMatchObject({ name, color: 'green', version: 1 });
    expect(
      errorOf(
        expectStatus(
          await team.owner.client.post(tagsPath(), { name: name.toUpperCase(), color: 'red' }),
          409,
        ),
      ),
    ).toBe(`name: A tag named ${name.toUpperCase()} exists already`);
    const other = await createTag(team.owner, team.enterprise, unique('a-first'));
    const listed = expectStatus(await team.owner.client.get<IssueTag[]>(tagsPath()), 200).data;
    expect(listed.map((t) => t.id)).toEqual([other.id, tag.id]);
    expect(expectStatus(await team.members[0]!.client.get(`${team.base}/issueTags`), 200).data).toEqual(
      listed,
    );

    expectStatus(await team.owner.client.put(tagsPath(tag.id), { name: other.name, version: 1 }), 409);
    const renamed = expectStatus(
      await team.owner.client.put<IssueTag>(tagsPath(tag.id), {
        name: `${name}-api`,
        color: 'red',
        version: 1,
      }),
      200,
    ).data;
    expect(renamed).toMatchObject({ name: `${name}-api`, color: 'red', version: 2 });
    expect(
      errorOf(
        expectStatus(await team.owner.client.put(tagsPath(tag.id), { color: 'blue', version: 1 }), 409),
      ),
    ).toBe(`Tag ${name}-api was changed by someone else; reload and try again`);
    // The old name is free again.
    expectStatus(await team.owner.client.post(tagsPath(), { name, color: 'gray' }), 201);

    const item = await createIssue(team.owner, team, { tagIds: [tag.id, other.id] });
    expect(item.tags.map((t) => t.name)).toEqual([`${name}-api`, other.name]);
    expectStatus(await team.owner.client.delete(tagsPath(tag.id)), 200);
    expectStatus(await team.owner.client.delete(tagsPath(tag.id)), 404);
    expect((await getIssue(team.owner, team, item.id)).tags.map((t) => t.id)).toEqual([other.id]);
    const list = await team.owner.client.get(`${team.base}/list?pmsProjectId=${team.project.id}`);
    expect(expectStatus(list, 200).data.rows[0].tags.map((t: IssueTag) => t.id)).toEqual([other.id]);
  });

  it('refuses bad tags with a 400 naming the field, and plain members', async () => {
    expect(
      errorOf(expectStatus(await team.owner.client.post(tagsPath(), { name: 'x', color: 'pink' }), 400)),
    ).toMatch(/^color: /);
    expect(errorOf(expectStatus(await team.owner.client.post(tagsPath(), { color: 'red' }), 400))).toBe(
      'name: Please enter tag name',
    );
    // The built-in member role may use tags but not manage them.
    expectStatus(await team.members[0]!.client.post(tagsPath(), { name: unique('t'), color: 'red' }), 403);
  });
});
