/**
 * Specs in projects (`pmsProductRequirement`, `productRequirementSpecs/{id}/projectList`) and
 * comments on product items (`pmsJournals`), docs/api-conventions.md "User requirements and
 * requirement specs": pushing a spec creates a demand in the project with the spec's content,
 * linking and unlinking demands, what deleting a demand, a spec or a project does to the links,
 * and comments with their author-only edits.
 */
import { issueStatusName } from '@shared/domain/work-item-workflow';
import type { Enterprise } from '@shared/schemas/enterprise';
import type { IssueDetail, IssuePage } from '@shared/schemas/issues';
import type { Plan, Product } from '@shared/schemas/products';
import type { Project } from '@shared/schemas/projects';
import type {
  ProductJournal,
  SpecDemand,
  SpecDetail,
  UserRequirementDetail,
} from '@shared/schemas/requirements';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createEnterprise,
  expectStatus,
  type Res,
  signUpMany,
  type TestUser,
  unique,
} from './helpers';
import { createProduct, pmsOf } from './product-fixtures';

// biome-ignore lint/suspicious/noExplicitAny: request bodies vary per test
type Body = Record<string, any>;

const errorOf = (res: Res) => res.body.errorMessage as string;

interface Crew {
  owner: TestUser;
  /** A plain enterprise member (the built-in member role), in the project. */
  member: TestUser;
  /** A plain enterprise member outside the project. */
  outsider: TestUser;
  enterprise: Enterprise;
  pms: (rest: string) => string;
  product: Product;
  project: Project;
}

async function crew(): Promise<Crew> {
  const [owner, member, outsider] = (await signUpMany(3)) as [TestUser, TestUser, TestUser];
  const enterprise = await createEnterprise(owner);
  await addMember(owner, enterprise, member);
  await addMember(owner, enterprise, outsider);
  const pms = pmsOf(enterprise.enterpriseIdentifier);
  const product = await createProduct(owner.client, enterprise.enterpriseIdentifier);
  const project = await newProject({ owner, pms });
  expectStatus(
    await owner.client.post(pms(`pmsProject/${project.id}/members`), { userIds: [member.userId] }),
    201,
  );
  return { owner, member, outsider, enterprise, pms, product, project };
}

async function newProject(c: Pick<Crew, 'owner' | 'pms'>): Promise<Project> {
  return expectStatus(
    await c.owner.client.post<Project>(c.pms('pmsProject'), { name: unique('Project ') }),
    201,
  ).data;
}

async function spec(c: Crew, body: Body = {}, review = true): Promise<SpecDetail> {
  const created = expectStatus(
    await c.owner.client.post<SpecDetail>(c.pms('productRequirementSpecs'), {
      productId: c.product.id,
      title: unique('Spec '),
      ...body,
    }),
    201,
  ).data;
  if (!review) return created;
  const res = await c.owner.client.put<SpecDetail>(c.pms('productRequirementSpecs/review'), {
    id: created.id,
    version: created.version,
    result: 'pass',
  });
  return expectStatus(res, 200).data;
}

const push = (c: Crew, body: Body, actor = c.owner) =>
  actor.client.post<SpecDemand>(c.pms('pmsProductRequirement'), { pmsProjectId: c.project.id, ...body });

const link = (c: Crew, issueId: string, specId: string | null, projectId = c.project.id) =>
  c.owner.client.put<SpecDemand | null>(c.pms('pmsProductRequirement'), {
    pmsProjectId: projectId,
    issueId,
    specId,
  });

async function projectList(c: Crew, specId: string): Promise<SpecDemand[]> {
  return expectStatus(
    await c.owner.client.get<SpecDemand[]>(c.pms(`productRequirementSpecs/${specId}/projectList`)),
    200,
  ).data;
}

const demandCount = async (c: Crew, specId: string) =>
  expectStatus(await c.owner.client.get<SpecDetail>(c.pms(`productRequirementSpecs/${specId}`)), 200).data
    .demandCount;

async function newDemand(c: Crew, pmIssueType = 1): Promise<IssueDetail> {
  const res = await c.owner.client.post<IssueDetail>(c.pms('pmsProjectIssues/add'), {
    pmsProjectId: c.project.id,
    pmIssueType,
    title: unique('Item '),
  });
  return expectStatus(res, 201).data;
}

describe('POST pmsProductRequirement (push a spec into a project)', () => {
  let c: Crew;
  beforeAll(async () => {
    c = await crew();
  });

  it("creates a demand with the spec's content, listed in the project and in the spec's projectList", async () => {
    const s = await spec(c, {
      title: 'Split payments',
      description: 'Pay with two cards.',
      acceptance: '- both cards charged',
      priority: 2,
      estimatedHours: 5,
    });
    const res = await push(c, { specId: s.id, assigneeId: c.member.userId }, c.member);
    const demand = expectStatus(res, 201).data;
    expect(demand).toEqual({
      pmsProjectId: c.project.id,
      projectName: c.project.name,
      issueId: demand.issueId,
      issueNumber: 1,
      title: 'Split payments',
      status: 1,
      statusName: issueStatusName(1, 1),
      assignee: { userId: c.member.userId, login: c.member.login, nickname: c.member.nickname },
    });
    const issue = expectStatus(
      await c.owner.client.get<IssueDetail>(c.pms(`pmsProjectIssues/${demand.issueId}`)),
      200,
    ).data;
    expect(issue).toMatchObject({
      pmIssueType: 1,
      title: 'Split payments',
      description: 'Pay with two cards.\n\n## Acceptance criteria\n\n- both cards charged',
      priority: 2,
      estimatedHours: 5,
      author: { userId: c.member.userId },
    });
    const page = expectStatus(
      await c.owner.client.get<IssuePage>(
        c.pms(`pmsProjectIssues/list?pmsProjectId=${c.project.id}&pmIssueType=1`),
      ),
      200,
    ).data;
    expect(page.rows.map((r) => r.id)).toContain(demand.issueId);
    expect(await projectList(c, s.id)).toEqual([demand]);
    expect(await demandCount(c, s.id)).toBe(1);
  });

  it('needs a reviewed or planning spec', async () => {
    const pending = await spec(c, {}, false);
    expect(errorOf(expectStatus(await push(c, { specId: pending.id }), 409))).toBe(
      `Spec SR-${pending.number} is Pending review; only a reviewed or planning spec can go to a project`,
    );
    const planned = await spec(c);
    const plan = expectStatus(
      await c.owner.client.post<Plan>(c.pms('pmsProductPlan'), { productId: c.product.id, title: 'Q3' }),
      201,
    ).data;
    expectStatus(
      await c.owner.client.put(c.pms('productRequirementSpecs/activePlan'), {
        ids: [planned.id],
        planId: plan.id,
      }),
      200,
    );
    expectStatus(await push(c, { specId: planned.id }), 201);
    const done = await spec(c);
    expectStatus(
      await c.owner.client.put(c.pms('productRequirementSpecs/batch'), {
        ids: [done.id],
        changes: { status: 3 },
      }),
      200,
    );
    expect(errorOf(expectStatus(await push(c, { specId: done.id }), 409))).toBe(
      `Spec SR-${done.number} is Completed; only a reviewed or planning spec can go to a project`,
    );
  });

  it('refuses unknown projects and specs (404) and assignees outside the project (400)', async () => {
    const s = await spec(c);
    expect(errorOf(expectStatus(await push(c, { specId: s.id, pmsProjectId: 'nope' }), 404))).toBe(
      'Project nope does not exist',
    );
    expectStatus(await push(c, { specId: `${c.product.id}.nope` }), 404);
    expect(errorOf(expectStatus(await push(c, { specId: s.id, assigneeId: c.outsider.userId }), 400))).toBe(
      `assigneeId: User ${c.outsider.userId} is not a member of this project`,
    );
    expect(await projectList(c, s.id)).toEqual([]);
    expect(await demandCount(c, s.id)).toBe(0);
    expect(errorOf(expectStatus(await push(c, {}), 400))).toBe('specId: Please enter specId');
  });

  it('keeps the spec while a demand carries it; deleting the demand removes the link', async () => {
    const s = await spec(c);
    const demand = expectStatus(await push(c, { specId: s.id }), 201).data;
    const refused = await c.owner.client.delete(c.pms(`productRequirementSpecs/${s.id}`));
    expect(errorOf(expectStatus(refused, 409))).toBe(
      `Spec SR-${s.number} is carried by 1 project demand; unlink or delete it first`,
    );
    expectStatus(await c.owner.client.delete(c.pms(`pmsProjectIssues/${demand.issueId}`)), 200);
    expect(await projectList(c, s.id)).toEqual([]);
    expect(await demandCount(c, s.id)).toBe(0);
    expectStatus(await c.owner.client.delete(c.pms(`productRequirementSpecs/${s.id}`)), 200);
  });

  it('forgets the demands of a deleted project, and the spec stops counting them', async () => {
    const s = await spec(c);
    const project = await newProject(c);
    expectStatus(await push(c, { specId: s.id, pmsProjectId: project.id }), 201);
    const carried = expectStatus(
      await c.owner.client.get(c.pms(`productRequirementSpecs/${s.id}`)),
      200,
    ).data;
    expect(carried.demandCount).toBe(1);
    expectStatus(await c.owner.client.delete(c.pms(`pmsProject/${project.id}`)), 200);
    expect(await projectList(c, s.id)).toEqual([]);
    const after = expectStatus(await c.owner.client.get(c.pms(`productRequirementSpecs/${s.id}`)), 200).data;
    expect(after.demandCount).toBe(0);
    expectStatus(await c.owner.client.delete(c.pms(`productRequirementSpecs/${s.id}`)), 200);
  });
});

describe('PUT pmsProductRequirement (link and unlink a demand)', () => {
  let c: Crew;
  beforeAll(async () => {
    c = await crew();
  });

  it('links a demand to a spec, moves it to another spec, and unlinks it', async () => {
    const [first, second] = [await spec(c), await spec(c)];
    const demand = await newDemand(c);
    const linked = expectStatus(await link(c, demand.id, first.id), 200).data!;
    expect(linked).toMatchObject({
      issueId: demand.id,
      issueNumber: demand.issueNumber,
      title: demand.title,
      assignee: null,
    });
    expect(await projectList(c, first.id)).toEqual([linked]);
    expect(expectStatus(await link(c, demand.id, first.id), 200).data).toEqual(linked);
    expect(await demandCount(c, first.id)).toBe(1);

    expectStatus(await link(c, demand.id, second.id), 200);
    expect(await projectList(c, first.id)).toEqual([]);
    expect(await projectList(c, second.id)).toEqual([linked]);
    expect([await demandCount(c, first.id), await demandCount(c, second.id)]).toEqual([0, 1]);

    expect(expectStatus(await link(c, demand.id, null), 200).data).toBeNull();
    expect(await projectList(c, second.id)).toEqual([]);
    expect(await demandCount(c, second.id)).toBe(0);
    expect(expectStatus(await link(c, demand.id, null), 200).data).toBeNull();
  });

  it('links only demands, to reviewed or planning specs; unknown ids are 404', async () => {
    const s = await spec(c);
    const task = await newDemand(c, 2);
    expect(errorOf(expectStatus(await link(c, task.id, s.id), 400))).toBe(
      `issueId: Work item #${task.issueNumber} is not a demand; only demands carry specs`,
    );
    const demand = await newDemand(c);
    const pending = await spec(c, {}, false);
    expect(errorOf(expectStatus(await link(c, demand.id, pending.id), 409))).toBe(
      `Spec SR-${pending.number} is Pending review; only a reviewed or planning spec can go to a project`,
    );
    expectStatus(await link(c, 'nope', s.id), 404);
    expectStatus(await link(c, demand.id, s.id, 'nope'), 404);
    expectStatus(await link(c, demand.id, `${c.product.id}.nope`), 404);
    const other = await newProject(c);
    expectStatus(await link(c, demand.id, s.id, other.id), 404);
  });

  it("is 404 for another enterprise's spec, project and demand", async () => {
    const theirs = await crew();
    const theirSpec = await spec(theirs);
    const theirDemand = await newDemand(theirs);
    const demand = await newDemand(c);
    expectStatus(await link(c, demand.id, theirSpec.id), 404);
    expectStatus(await link(c, theirDemand.id, null, theirs.project.id), 404);
    expectStatus(await push(c, { specId: theirSpec.id }), 404);
    expectStatus(await push(c, { specId: (await spec(c)).id, pmsProjectId: theirs.project.id }), 404);
    expectStatus(await c.owner.client.get(c.pms(`productRequirementSpecs/${theirSpec.id}/projectList`)), 404);
  });
});

describe('pmsJournals (comments on requirements, specs and plans)', () => {
  let c: Crew;
  let requirement: UserRequirementDetail;
  let plan: Plan;
  const add = (objectId: string, notes: string, actor = c.owner) =>
    actor.client.post<ProductJournal>(c.pms('pmsJournals'), { objectId, notes });
  const list = async (objectId: string, query = '') =>
    expectStatus(await c.owner.client.get(c.pms(`pmsJournals/list?objectId=${objectId}${query}`)), 200).data;

  beforeAll(async () => {
    c = await crew();
    requirement = expectStatus(
      await c.owner.client.post<UserRequirementDetail>(c.pms('productUserRequirement'), {
        productId: c.product.id,
        title: 'r',
      }),
      201,
    ).data;
    plan = expectStatus(
      await c.owner.client.post<Plan>(c.pms('pmsProductPlan'), { productId: c.product.id, title: 'p' }),
      201,
    ).data;
  });

  it('comments on a requirement, a spec and a plan, and lists them oldest first, paged', async () => {
    const s = await spec(c, {}, false);
    for (const objectId of [requirement.id, s.id, plan.id]) {
      const journal = expectStatus(await add(objectId, '**First**', c.member), 201).data;
      expect(journal).toMatchObject({
        objectId,
        notes: '**First**',
        user: { userId: c.member.userId, nickname: c.member.nickname },
        version: 1,
      });
      expect(journal.id.startsWith(`${objectId}.`)).toBe(true);
      expect(journal.createdAt).toBe(journal.updatedAt);
    }
    await add(requirement.id, 'Second');
    await add(requirement.id, 'Third');
    const all = await list(requirement.id);
    expect(all.rows.map((j: ProductJournal) => j.notes)).toEqual(['**First**', 'Second', 'Third']);
    expect(all.total).toBe(3);
    const page = await list(requirement.id, '&pageNum=2&pageSize=2');
    expect(page).toMatchObject({ total: 3, pageNum: 2, pageSize: 2 });
    expect(page.rows.map((j: ProductJournal) => j.notes)).toEqual(['Third']);
    expect((await list(s.id)).total).toBe(1);
  });

  it('refuses unknown items (404) and empty notes (400)', async () => {
    expect(errorOf(expectStatus(await add(`${c.product.id}.nope`, 'x'), 404))).toBe(
      `No user requirement, spec or plan ${c.product.id}.nope exists`,
    );
    expectStatus(await add('nodot', 'x'), 404);
    expect(errorOf(expectStatus(await add(requirement.id, '  '), 400))).toBe('notes: Please enter comment');
    expectStatus(await c.owner.client.get(c.pms(`pmsJournals/list?objectId=${c.product.id}.nope`)), 404);
  });

  it('lets only the author edit or delete a comment', async () => {
    const journal = expectStatus(await add(requirement.id, 'Mine', c.member), 201).data;
    const edit = (actor: TestUser, body: Body) =>
      actor.client.put<ProductJournal>(c.pms('pmsJournals'), {
        id: journal.id,
        version: 1,
        notes: 'Edited',
        ...body,
      });
    expect(errorOf(expectStatus(await edit(c.owner, {}), 403))).toBe(
      'Only the author of a comment can edit it',
    );
    expect(errorOf(expectStatus(await c.owner.client.delete(c.pms(`pmsJournals/${journal.id}`)), 403))).toBe(
      'Only the author of a comment can delete it',
    );
    const edited = expectStatus(await edit(c.member, {}), 200).data;
    expect(edited).toMatchObject({ id: journal.id, notes: 'Edited', version: 2 });
    expect(errorOf(expectStatus(await edit(c.member, { notes: 'Again' }), 409))).toBe(
      'The comment was changed by someone else; reload and try again',
    );
    expectStatus(await c.member.client.delete(c.pms(`pmsJournals/${journal.id}`)), 200);
    expectStatus(await c.member.client.delete(c.pms(`pmsJournals/${journal.id}`)), 404);
    expectStatus(await edit(c.member, { version: 2 }), 404);
    expect((await list(requirement.id)).rows.map((j: ProductJournal) => j.id)).not.toContain(journal.id);
  });

  it("is 404 for another enterprise's items and comments", async () => {
    const theirs = await crew();
    const theirSpec = await spec(theirs, {}, false);
    const theirJournal = expectStatus(
      await theirs.owner.client.post<ProductJournal>(theirs.pms('pmsJournals'), {
        objectId: theirSpec.id,
        notes: 'secret',
      }),
      201,
    ).data;
    expectStatus(await c.owner.client.get(c.pms(`pmsJournals/list?objectId=${theirSpec.id}`)), 404);
    expectStatus(
      await c.owner.client.post(c.pms('pmsJournals'), { objectId: theirSpec.id, notes: 'x' }),
      404,
    );
    expectStatus(
      await c.owner.client.put(c.pms('pmsJournals'), { id: theirJournal.id, version: 1, notes: 'x' }),
      404,
    );
    expectStatus(await c.owner.client.delete(c.pms(`pmsJournals/${theirJournal.id}`)), 404);
  });
});
