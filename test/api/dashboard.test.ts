/**
 * The work desk's calls (spec section 7, "Dashboard"; docs/work-desk.md) against data this file
 * makes through the API: an enterprise with three projects, items assigned to, created by and
 * mentioning one member (Ana), a sprint, a test sheet, a product with requirements, specs and
 * plans, a repository whose pushed commit names an item, and Ana's own todos.
 */
import { addDays } from '@shared/domain/weekly';
import type { Page } from '@shared/schemas/common';
import type {
  DeskStatistics,
  DeskTodo,
  MilestoneStat,
  MyIssuesPage,
  MyProduct,
  MyProjectsStatistics,
  MyRepositoriesStatistics,
  MySprints,
  RequirementStat,
  Todo,
} from '@shared/schemas/dashboard';
import type { IssueDetail } from '@shared/schemas/issues';
import type { Plan } from '@shared/schemas/products';
import type { Project } from '@shared/schemas/projects';
import type { Sprint } from '@shared/schemas/sprints';
import type { Sheet } from '@shared/schemas/testruns';
import { beforeAll, describe, expect, it } from 'vitest';
import { drainJobs } from '../../functions/src/core/jobs/jobs';
import {
  addMember,
  createEnterprise,
  expectStatus,
  signUp,
  signUpMany,
  type TestUser,
  unique,
} from './helpers';
import { addProjectMembers, createProject, issuesBase, projectsBase } from './issue-fixtures';
import { createProduct, createRequirement, createSpec } from './product-fixtures';
import { connect, WorkingCopy } from './repository-fixtures';

const today = new Date().toISOString().slice(0, 10);

let owner: TestUser;
let ana: TestUser;
let bo: TestUser;
let enterprise: Awaited<ReturnType<typeof createEnterprise>>;
let alpha: Project;
let beta: Project;
let closing: Project;
const items: Record<string, IssueDetail> = {};

const pms = (rest: string) => `/api/pms/${enterprise.enterpriseIdentifier}/${rest}`;

async function get<T>(who: TestUser, rest: string): Promise<T> {
  return expectStatus(await who.client.get<T>(pms(rest)), 200).data;
}

async function item(
  who: TestUser,
  project: Project,
  name: string,
  body: Record<string, unknown> = {},
): Promise<IssueDetail> {
  const res = await who.client.post<IssueDetail>(`${issuesBase(enterprise)}/add`, {
    pmsProjectId: project.id,
    pmIssueType: 2,
    title: `${name} ${unique('')}`,
    ...body,
  });
  items[name] = expectStatus(res, 201).data;
  return items[name];
}

const titlesOf = (page: MyIssuesPage) => page.rows.map((row) => row.title.split(' ')[0]);

beforeAll(async () => {
  [owner, bo] = (await signUpMany(2)) as [TestUser, TestUser];
  ana = await signUp({ nickname: 'Ana' });
  enterprise = await createEnterprise(owner, 'Desk Ltd');
  await addMember(owner, enterprise, ana);
  await addMember(owner, enterprise, bo);
  alpha = await createProject(owner, enterprise, unique('Alpha '));
  beta = await createProject(owner, enterprise, unique('Beta '));
  closing = await createProject(owner, enterprise, unique('Closing '));
  await addProjectMembers(owner, enterprise, alpha, [ana, bo]);
  await addProjectMembers(owner, enterprise, beta, [ana]);
  await addProjectMembers(owner, enterprise, closing, [ana]);

  const a = ana.userId;
  await item(owner, alpha, 'overdue', { assigneeId: a, endDate: addDays(today, -1) });
  await item(owner, alpha, 'soon', { assigneeId: a, status: 2, endDate: addDays(today, 1) });
  await item(owner, alpha, 'later', { assigneeId: a, priority: 1, endDate: addDays(today, 10) });
  await item(owner, alpha, 'undated', { assigneeId: a, priority: 4 });
  await item(owner, alpha, 'done', { assigneeId: a, status: 3, endDate: addDays(today, -5) });
  await item(ana, alpha, 'authored', { assigneeId: bo.userId });
  await item(owner, alpha, 'described', {
    assigneeId: bo.userId,
    description: `Needs a second pair of eyes: @${ana.login.toUpperCase()}, could you?`,
  });
  const commented = await item(owner, alpha, 'commented', { assigneeId: bo.userId });
  await item(owner, alpha, 'emailed', {
    assigneeId: bo.userId,
    description: `Write to ${ana.login}@example.test, or see \`@${ana.login}\` in code`,
  });
  await item(owner, beta, 'elsewhere', { assigneeId: a, endDate: addDays(today, -2) });
  await item(owner, closing, 'shelved', { assigneeId: a });
  expectStatus(
    await owner.client.post(`${issuesBase(enterprise)}/journals/${commented.id}`, {
      notes: `@${ana.login} this one is yours to review`,
    }),
    201,
  );
  const project = expectStatus(
    await owner.client.get<Project>(`${projectsBase(enterprise)}/${closing.id}`),
    200,
  ).data;
  expectStatus(
    await owner.client.put(`${projectsBase(enterprise)}/${closing.id}`, {
      version: project.version,
      status: 0,
    }),
    200,
  );
});

describe('myProjectIssues', () => {
  it("lists a member's unfinished items across open projects, overdue and due soon first, with the tab counts", async () => {
    const page = await get<MyIssuesPage>(ana, 'myProjectIssues?pageSize=20');
    expect(page.today).toBe(today);
    expect(page.counts).toEqual({ all: 8, assigned: 5, created: 1, mentioned: 2, overdue: 2, dueSoon: 1 });
    expect(page.total).toBe(8);
    expect(titlesOf(page)).toEqual([
      'elsewhere',
      'overdue',
      'soon',
      'later',
      'commented',
      'described',
      'authored',
      'undated',
    ]);
    const [first, second, third] = page.rows;
    expect(first).toMatchObject({
      pmsProjectId: beta.id,
      projectName: beta.name,
      due: 'overdue',
      relations: ['assigned'],
      assignee: { userId: ana.userId, nickname: 'Ana' },
    });
    expect(second).toMatchObject({ due: 'overdue', endDate: addDays(today, -1), status: 1 });
    expect(third).toMatchObject({ due: 'dueSoon', status: 2, statusName: 'In progress' });
    const relations = Object.fromEntries(page.rows.map((row) => [row.title.split(' ')[0], row.relations]));
    expect(relations).toMatchObject({
      authored: ['created'],
      described: ['mentioned'],
      commented: ['mentioned'],
      later: ['assigned'],
    });
  });

  it('filters by relation and by project, and pages', async () => {
    const mentioned = await get<MyIssuesPage>(ana, 'myProjectIssues?relation=mentioned');
    expect(titlesOf(mentioned).sort()).toEqual(['commented', 'described']);
    expect(mentioned.total).toBe(2);
    const inBeta = await get<MyIssuesPage>(ana, `myProjectIssues?pmsProjectId=${beta.id}`);
    expect(titlesOf(inBeta)).toEqual(['elsewhere']);
    expect(inBeta.counts).toEqual({ all: 1, assigned: 1, created: 0, mentioned: 0, overdue: 1, dueSoon: 0 });
    const second = await get<MyIssuesPage>(ana, 'myProjectIssues?pageNum=2&pageSize=3');
    expect(titlesOf(second)).toEqual(['later', 'commented', 'described']);
    expect(second).toMatchObject({ total: 8, pageNum: 2, pageSize: 3 });
  });

  it('picks up a mention written after the desk was read', async () => {
    const emailed = items.emailed!;
    expectStatus(
      await owner.client.put(`${issuesBase(enterprise)}/edit/${emailed.id}`, {
        version: emailed.version,
        description: `Over to you, @${ana.login}.`,
      }),
      200,
    );
    const page = await get<MyIssuesPage>(ana, 'myProjectIssues?relation=mentioned');
    expect(titlesOf(page).sort()).toEqual(['commented', 'described', 'emailed']);
    expect(page.counts.mentioned).toBe(3);
  });

  it('shows another member only their own items', async () => {
    const page = await get<MyIssuesPage>(bo, 'myProjectIssues');
    expect(page.counts).toEqual({ all: 4, assigned: 4, created: 0, mentioned: 0, overdue: 0, dueSoon: 0 });
  });

  it('refuses a bad relation and an unknown project, naming them', async () => {
    const bad = await ana.client.get(pms('myProjectIssues?relation=watching'));
    expect(bad.status).toBe(400);
    expect(bad.body.errorMessage).toMatch(/^relation: Relation must be all, assigned, created or mentioned/);
    const unknown = await ana.client.get(pms('myProjectIssues?pmsProjectId=nosuchproject'));
    expect(unknown.status).toBe(404);
    expect(unknown.body.errorMessage).toBe('Project nosuchproject does not exist');
  });
});

describe('myProjects and myProjects/statistics', () => {
  it("lists the member's open projects with their load (closed ones left out)", async () => {
    const page = await get<
      Page<{ id: string; role: string; unfinished: number; mine: number; overdue: number }>
    >(ana, 'myProjects');
    expect(page.total).toBe(2);
    const byId = new Map(page.rows.map((row) => [row.id, row]));
    // Alpha: overdue, soon, later, undated, authored, described, commented, emailed (done is finished).
    expect(byId.get(alpha.id)).toMatchObject({ role: 'member', unfinished: 8, mine: 4, overdue: 1 });
    expect(byId.get(beta.id)).toMatchObject({ role: 'member', unfinished: 1, mine: 1, overdue: 1 });
  });

  it('counts the unfinished work of each project by kind', async () => {
    const stats = await get<MyProjectsStatistics>(ana, 'myProjects/statistics');
    const of = (id: string) => stats.projects.find((p) => p.project.id === id)!;
    expect(stats.days).toBe(14);
    expect(of(alpha.id)).toMatchObject({
      byKind: [
        { pmIssueType: 1, unfinished: 0 },
        { pmIssueType: 2, unfinished: 8 },
        { pmIssueType: 3, unfinished: 0 },
      ],
      mine: 4,
      overdue: 1,
      finishedRecently: 1,
    });
    expect(stats.projects).toHaveLength(2);
  });
});

describe('myProjectSprints', () => {
  it('shows running sprints with the progress of all items and of mine', async () => {
    const sprint = expectStatus(
      await owner.client.post<Sprint>(pms('pmsProjectSprint'), {
        pmsProjectId: alpha.id,
        name: unique('Sprint '),
        startDate: addDays(today, -3),
        endDate: addDays(today, 4),
      }),
      201,
    ).data;
    expectStatus(
      await owner.client.put(pms(`pmsProjectSprint/${sprint.id}/issues`), {
        add: [items.overdue!.id, items.done!.id, items.authored!.id],
      }),
      200,
    );
    // A sprint that has not started is not on the desk.
    expect((await get<MySprints>(ana, 'myProjectSprints')).rows).toEqual([]);
    expectStatus(
      await owner.client.put(pms(`pmsProjectSprint/${sprint.id}`), {
        version: sprint.version,
        status: 1,
        confirmStart: true,
      }),
      200,
    );

    const sprints = await get<MySprints>(ana, 'myProjectSprints');
    expect(sprints.rows).toEqual([
      expect.objectContaining({
        id: sprint.id,
        project: { id: alpha.id, name: alpha.name },
        daysLeft: 5,
        total: 3,
        finished: 1,
        progress: 0.3333,
        mine: { total: 2, finished: 1 },
      }),
    ]);
    expect((await get<MySprints>(bo, 'myProjectSprints')).rows[0]).toMatchObject({
      mine: { total: 1, finished: 0 },
    });
  });
});

describe('todo: my own todos', () => {
  let first: Todo;

  it('adds, edits, ticks, unticks and deletes a todo', async () => {
    first = expectStatus(
      await ana.client.post<Todo>(pms('todo'), {
        title: '  Call the supplier  ',
        dueDate: addDays(today, -1),
      }),
      201,
    ).data;
    expect(first).toMatchObject({ title: 'Call the supplier', due: 'overdue', done: false, version: 1 });
    const undated = expectStatus(
      await ana.client.post<Todo>(pms('todo'), { title: 'Read the RFC' }),
      201,
    ).data;
    expect(undated).toMatchObject({ dueDate: null, due: 'none' });

    const edited = expectStatus(
      await ana.client.put<Todo>(pms(`todo/${first.id}`), { version: 1, dueDate: today }),
      200,
    ).data;
    expect(edited).toMatchObject({ dueDate: today, due: 'dueSoon', version: 2 });
    const ticked = expectStatus(
      await ana.client.put<Todo>(pms(`todo/${undated.id}`), { version: 1, done: true }),
      200,
    ).data;
    expect(ticked).toMatchObject({ done: true, due: 'none', version: 2 });
    expect(ticked.doneAt).not.toBeNull();

    const desk = await get<DeskTodo>(ana, 'todo');
    expect(desk.own.map((t) => [t.title, t.done])).toEqual([
      ['Call the supplier', false],
      ['Read the RFC', true],
    ]);
    const unticked = expectStatus(
      await ana.client.put<Todo>(pms(`todo/${undated.id}`), { version: 2, done: false }),
      200,
    ).data;
    expect(unticked).toMatchObject({ done: false, doneAt: null });
    expectStatus(await ana.client.delete(pms(`todo/${undated.id}`)), 200);
    expect((await get<DeskTodo>(ana, 'todo')).own.map((t) => t.title)).toEqual(['Call the supplier']);
    first = edited;
  });

  it('refuses bad input, a stale version, and todos of others', async () => {
    const empty = await ana.client.post(pms('todo'), { title: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.errorMessage).toBe('title: Please enter title');
    const badDate = await ana.client.post(pms('todo'), { title: 'x', dueDate: '2026-02-30' });
    expect(badDate.status).toBe(400);
    expect(badDate.body.errorMessage).toBe('dueDate: DueDate is not a real date');
    const nothing = await ana.client.put(pms(`todo/${first.id}`), { version: first.version });
    expect(nothing.status).toBe(400);
    expect(nothing.body.errorMessage).toBe('title: Please enter title, dueDate or done');
    const stale = await ana.client.put(pms(`todo/${first.id}`), { version: 1, title: 'Late' });
    expect(stale.status).toBe(409);
    // Another member (an administrator too) cannot even see that it exists.
    const theirs = await owner.client.put(pms(`todo/${first.id}`), { version: first.version, done: true });
    expect(theirs.status).toBe(404);
    expect(theirs.body.errorMessage).toBe(`Todo ${first.id} does not exist`);
    expect((await owner.client.delete(pms(`todo/${first.id}`))).status).toBe(404);
    expect((await get<DeskTodo>(owner, 'todo')).own).toEqual([]);
  });
});

describe('todo: reviews and test sheets, and the products blocks', () => {
  let productId: string;

  beforeAll(async () => {
    const product = await createProduct(owner.client, enterprise.enterpriseIdentifier, {
      memberIds: [ana.userId],
    });
    productId = product.id;
    await createRequirement(owner.client, enterprise.enterpriseIdentifier, product.id);
    await createRequirement(owner.client, enterprise.enterpriseIdentifier, product.id);
    await createSpec(owner.client, enterprise.enterpriseIdentifier, product.id);
    for (const [title, body] of [
      ['Passed plan', { endDate: addDays(today, -3) }],
      ['Running plan', { status: 2, endDate: addDays(today, 20) }],
      ['Done plan', { status: 3 }],
    ] as const) {
      expectStatus(await owner.client.post<Plan>(pms('pmsProductPlan'), { productId, title, ...body }), 201);
    }
    expectStatus(
      await owner.client.post<Sheet>(pms('pmsProjectTestsheet'), {
        pmsProjectId: alpha.id,
        name: 'Regression run',
        ownerId: ana.userId,
        endDate: addDays(today, 2),
      }),
      201,
    );
  });

  it('lists the reviews waiting for a reviewer, and none for a member who may not review', async () => {
    const desk = await get<DeskTodo>(owner, 'todo');
    expect(desk.reviews.map((r) => [r.kind, r.number, r.statusName])).toEqual([
      ['userRequirement', 'UR-1', 'Pending review'],
      ['userRequirement', 'UR-2', 'Pending review'],
      ['spec', 'SR-1', 'Pending review'],
    ]);
    // Ana is a product member with the built-in member role, which may not review.
    const anas = await get<DeskTodo>(ana, 'todo');
    expect(anas.reviews).toEqual([]);
    expect(anas.testSheets).toEqual([
      expect.objectContaining({
        name: 'Regression run',
        project: { id: alpha.id, name: alpha.name },
        due: 'dueSoon',
      }),
    ]);
  });

  it('lists my products and counts requirements, specs and plans', async () => {
    const mine = await get<MyProduct[]>(ana, 'myProduct');
    expect(mine).toEqual([
      expect.objectContaining({
        id: productId,
        role: 'member',
        userRequirementCount: 2,
        specCount: 1,
        planCount: 3,
      }),
    ]);
    const requirements = await get<RequirementStat>(ana, `userRequirementStat?productId=${productId}`);
    expect(requirements.total).toBe(2);
    expect(requirements.queued).toBe(2);
    expect(requirements.byStatus.find((s) => s.id === 1)).toMatchObject({ name: 'Pending review', count: 2 });
    expect(requirements.reviewQueue.map((r) => r.number)).toEqual(['UR-1', 'UR-2']);
    const specs = await get<RequirementStat>(ana, 'productRequirementSpecsStat');
    expect(specs).toMatchObject({ total: 1, queued: 1 });
    const plans = await get<MilestoneStat>(ana, `milestoneStatusStat?productId=${productId}`);
    expect(plans.total).toBe(3);
    expect(Object.fromEntries(plans.byStatus.map((s) => [s.name, s.count]))).toEqual({
      'Not started': 0,
      'In progress': 1,
      Completed: 1,
      Expired: 1,
      Closed: 0,
    });
    expect(plans.open.map((p) => [p.title, p.statusName])).toEqual([
      ['Passed plan', 'Expired'],
      ['Running plan', 'In progress'],
    ]);
    // Bo is in no product.
    expect(await get<MyProduct[]>(bo, 'myProduct')).toEqual([]);
    expect((await get<RequirementStat>(bo, 'userRequirementStat')).total).toBe(0);
  });

  it('refuses an unknown product', async () => {
    const res = await ana.client.get(pms('userRequirementStat?productId=nosuchproduct'));
    expect(res.status).toBe(404);
  });
});

describe('myRepositories/statistics', () => {
  it('shows the repositories of my projects with the commits recorded on their items today', async () => {
    const copy = await WorkingCopy.create();
    await copy.commit('Initial commit');
    await copy.push('main');
    const repository = await connect(owner, enterprise, copy);
    expectStatus(
      await owner.client.post(pms('pmsProjectRepository'), {
        pmsProjectId: alpha.id,
        repositoryIds: [repository.id],
      }),
      201,
    );
    await copy.commit(
      `Handle the overdue case (#${items.overdue!.issueNumber}, #${items.soon!.issueNumber})`,
    );
    await copy.commit(`Tidy up for #${items.later!.issueNumber}`);
    await copy.push('main');
    expectStatus(await owner.client.post(pms(`pmsRepository/${repository.id}/sync`)), 200);
    await drainJobs();

    const stats = await get<MyRepositoriesStatistics>(ana, 'myRepositories/statistics');
    expect(stats.days).toBe(14);
    expect(stats.rows).toHaveLength(1);
    const [row] = stats.rows;
    expect(row).toMatchObject({
      id: repository.id,
      projects: [{ id: alpha.id, name: alpha.name }],
      commits: 2,
    });
    expect(row!.commitsByDay).toHaveLength(14);
    expect(row!.commitsByDay.at(-1)).toEqual({ day: today, count: 2 });
    expect(row!.lastCommit?.title).toBe(`Tidy up for #${items.later!.issueNumber}`);
    // Bo is in Alpha too; the repository is linked to no project of a member of Beta only.
    expect((await get<MyRepositoriesStatistics>(bo, 'myRepositories/statistics')).rows).toHaveLength(1);
    const betaOnly = await signUp();
    await addMember(owner, enterprise, betaOnly);
    await addProjectMembers(owner, enterprise, beta, [betaOnly]);
    expect((await get<MyRepositoriesStatistics>(betaOnly, 'myRepositories/statistics')).rows).toEqual([]);
  });
});

describe('statistics', () => {
  it("counts the desk's headline numbers as the blocks count them", async () => {
    const stats = await get<DeskStatistics>(ana, 'statistics');
    expect(stats).toEqual({
      assigned: 5,
      overdue: 2,
      dueSoon: 1,
      mentioned: 3,
      runningSprints: 1,
      reviews: 0,
      testSheets: 1,
      todos: 1,
      projects: 2,
      products: 1,
    });
    expect((await get<DeskStatistics>(owner, 'statistics')).reviews).toBe(3);
  });
});

describe('who may use the desk', () => {
  it('needs the work-desk permission, and shows a block only with its area permission', async () => {
    const plain = await signUp();
    const role = expectStatus(
      await owner.client.post<{ roleId: string }>(`/api/system/SysDeptRole/dept/${enterprise.deptId}/role`, {
        roleName: 'Desk only',
        roleKey: unique('desk'),
        permissions: ['dashboard:workdesk:view'],
      }),
      201,
    ).data;
    await addMember(owner, enterprise, plain, [role.roleId]);
    await addProjectMembers(owner, enterprise, alpha, [plain]);
    expectStatus(
      await owner.client.post(`${issuesBase(enterprise)}/add`, {
        pmsProjectId: alpha.id,
        pmIssueType: 2,
        title: 'Not for the desk',
        assigneeId: plain.userId,
      }),
      201,
    );
    // No project:issue:list: the items block is empty, not an error.
    const page = await get<MyIssuesPage>(plain, 'myProjectIssues');
    expect(page.counts.all).toBe(0);
    const none = await signUp();
    const nothing = await createRoleWithout(owner);
    await addMember(owner, enterprise, none, [nothing]);
    const refused = await none.client.get(pms('myProjectIssues'));
    expect(refused.status).toBe(403);
    expect(refused.body.errorMessage).toBe('You need the permission dashboard:workdesk:view');
  });
});

async function createRoleWithout(actor: TestUser): Promise<string> {
  const res = await actor.client.post<{ roleId: string }>(
    `/api/system/SysDeptRole/dept/${enterprise.deptId}/role`,
    {
      roleName: 'Nothing',
      roleKey: unique('none'),
      permissions: [],
    },
  );
  return expectStatus(res, 201).data.roleId;
}
