/**
 * Requirement specs (docs/api-conventions.md, "User requirements and requirement specs"): create
 * and refine, read, list filters, every transition of the spec workflow and a sample of refused
 * ones, change records with readable values, plans (activePlan, all or nothing), batch edits and
 * completion, reviews and who may do them, delete, and unknown or other enterprises' ids.
 */
import { requirementRefusal } from '@shared/domain/requirement-workflow';
import type { Plan, Product } from '@shared/schemas/products';
import type { ChangeRecord, Spec, SpecDetail, UserRequirementDetail } from '@shared/schemas/requirements';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectStatus, type Res, unique } from './helpers';
import { createProduct, type ProductCrew, productCrew } from './product-fixtures';

// biome-ignore lint/suspicious/noExplicitAny: request bodies vary per test
type Body = Record<string, any>;

const errorOf = (res: Res) => res.body.errorMessage as string;
const URL = 'productRequirementSpecs';

type Crew = ProductCrew;
const crew = () => productCrew(['Checkout', 'Payments'], ['Release 1', 'Release 2']);

async function create(c: Crew, body: Body = {}, actor = c.owner): Promise<SpecDetail> {
  const res = await actor.client.post<SpecDetail>(c.pms(URL), {
    productId: c.product.id,
    title: unique('Spec '),
    ...body,
  });
  return expectStatus(res, 201).data;
}

const get = async (c: Crew, id: string) =>
  expectStatus(await c.owner.client.get<SpecDetail>(c.pms(`${URL}/${id}`)), 200).data;

const put = (c: Crew, path: string, spec: { id: string; version: number }, body: Body, actor = c.owner) =>
  actor.client.put<SpecDetail>(c.pms(path), { id: spec.id, version: spec.version, ...body });

const review = (
  c: Crew,
  spec: { id: string; version: number },
  result: 'pass' | 'reject',
  actor = c.reviewer,
  comment?: string,
) => put(c, `${URL}/review`, spec, { result, ...(comment === undefined ? {} : { comment }) }, actor);

const change = (c: Crew, spec: { id: string; version: number }, body: Body) =>
  put(c, `${URL}/change`, spec, { reason: 'Scope moved', ...body });

const activePlan = (c: Crew, ids: string[], planId: string | null) =>
  c.owner.client.put(c.pms(`${URL}/activePlan`), { ids, planId });

const batch = (c: Crew, ids: string[], changes: Body, actor = c.owner) =>
  actor.client.put(c.pms(`${URL}/batch`), { ids, changes });

async function records(c: Crew, id: string): Promise<ChangeRecord[]> {
  const res = await c.owner.client.get<ChangeRecord[]>(
    c.pms(`productRequirementTracking/${id}/reqSpecsChangeRecord`),
  );
  return expectStatus(res, 200).data;
}

async function reviewed(c: Crew, body: Body = {}) {
  return expectStatus(await review(c, await create(c, body), 'pass'), 200).data;
}

async function reviewedRequirement(c: Crew, body: Body = {}) {
  const ur = expectStatus(
    await c.owner.client.post<UserRequirementDetail>(c.pms('productUserRequirement'), {
      productId: c.product.id,
      title: unique('Requirement '),
      ...body,
    }),
    201,
  ).data;
  return expectStatus(
    await c.reviewer.client.put<UserRequirementDetail>(c.pms('productUserRequirement/review'), {
      id: ur.id,
      version: ur.version,
      result: 'pass',
    }),
    200,
  ).data;
}

const refusal = (status: number, action: Parameters<typeof requirementRefusal>[2]) =>
  requirementRefusal('spec', status, action);

describe('POST, GET {id}, statusList', () => {
  let c: Crew;
  beforeAll(async () => {
    c = await crew();
  });

  it('creates a spec pending review, numbered SR-n, with every field, and reads it back', async () => {
    const first = await create(c);
    const spec = await create(c, {
      title: '  Card payments  ',
      description: 'Pay by card.',
      acceptance: '- charged once',
      type: 2,
      priority: 2,
      moduleId: c.child.id,
      tagIds: [c.tags[0]!.id],
      ownerId: c.reviewer.userId,
      estimatedHours: 12.5,
    });
    expect(spec).toMatchObject({
      productId: c.product.id,
      number: first.number + 1,
      title: 'Card payments',
      description: 'Pay by card.',
      acceptance: '- charged once',
      type: 2,
      typeName: 'Interface',
      priority: 2,
      moduleId: c.child.id,
      moduleName: 'Payments',
      tags: [{ id: c.tags[0]!.id, name: c.tags[0]!.name }],
      owner: { userId: c.reviewer.userId, nickname: c.reviewer.nickname },
      estimatedHours: 12.5,
      status: 1,
      statusName: 'Pending review',
      planId: null,
      planTitle: null,
      userRequirementId: null,
      userRequirement: null,
      author: { userId: c.owner.userId },
      lastReview: null,
      demandCount: 0,
      version: 1,
    });
    expect(first).toMatchObject({
      number: 1,
      type: 1,
      priority: 3,
      owner: null,
      estimatedHours: null,
      description: '',
      acceptance: '',
    });
    expect(await get(c, spec.id)).toEqual(spec);
    expect(await records(c, spec.id)).toMatchObject([
      { action: 'create', fromStatus: null, toStatus: 1, fields: [] },
    ]);
    const product = expectStatus(
      await c.owner.client.get<Product>(c.pms(`pmsProduct/${c.product.id}`)),
      200,
    ).data;
    expect(product.specCount).toBe(2);
  });

  it('refuses bad input with a 400 naming the field, and unknown products with 404', async () => {
    const refuse = async (body: Body) =>
      errorOf(
        expectStatus(
          await c.owner.client.post(c.pms(URL), { productId: c.product.id, title: 'ok', ...body }),
          400,
        ),
      );
    expect(await refuse({ type: 9 })).toBe('type: Type must be one of 1, 2, 3, 4, 5, 6');
    expect(await refuse({ estimatedHours: -1 })).toMatch(/^estimatedHours: /);
    expect(await refuse({ ownerId: c.bystander.userId })).toBe(
      `ownerId: User ${c.bystander.userId} is not a member of product ${c.product.name}`,
    );
    expect(await refuse({ moduleId: `${c.product.id}.nope` })).toBe(
      `moduleId: Module ${c.product.id}.nope is not a module of product ${c.product.name}`,
    );
    expectStatus(await c.owner.client.post(c.pms(URL), { productId: 'nope', title: 'x' }), 404);
    expectStatus(await c.owner.client.get(c.pms(`${URL}/${c.product.id}.nope`)), 404);
  });

  it('lists the statuses', async () => {
    const res = expectStatus(await c.owner.client.get(c.pms(`${URL}/statusList`)), 200);
    expect(res.data.map((s: { name: string }) => s.name)).toEqual([
      'Pending review',
      'Reviewed',
      'Completed',
      'Planning',
      'Rejected',
      'Changed',
    ]);
  });
});

describe('refining a user requirement', () => {
  let c: Crew;
  beforeAll(async () => {
    c = await crew();
  });

  it('needs the requirement reviewed or refined, of the same product', async () => {
    const pending = expectStatus(
      await c.owner.client.post<UserRequirementDetail>(c.pms('productUserRequirement'), {
        productId: c.product.id,
        title: 'p',
      }),
      201,
    ).data;
    const refused = await c.owner.client.post(c.pms(URL), {
      productId: c.product.id,
      title: 'x',
      userRequirementId: pending.id,
    });
    expect(errorOf(expectStatus(refused, 409))).toBe(requirementRefusal('userRequirement', 1, 'refine'));
    const other = await createProduct(c.owner.client, c.enterprise.enterpriseIdentifier);
    const elsewhere = await c.owner.client.post(c.pms(URL), {
      productId: other.id,
      title: 'x',
      userRequirementId: pending.id,
    });
    expect(errorOf(expectStatus(elsewhere, 400))).toBe(
      `userRequirementId: User requirement ${pending.id} is not in product ${other.name}`,
    );
    const unknown = await c.owner.client.post(c.pms(URL), {
      productId: c.product.id,
      title: 'x',
      userRequirementId: `${c.product.id}.nope`,
    });
    expectStatus(unknown, 404);
  });

  it('makes the requirement refined in the same write, with its own record, and counts its specs', async () => {
    const ur = await reviewedRequirement(c, { moduleId: c.parent.id });
    const spec = await create(c, { title: 'From the requirement', userRequirementId: ur.id });
    expect(spec).toMatchObject({
      userRequirementId: ur.id,
      userRequirement: { id: ur.id, number: ur.number, title: ur.title, status: 3, statusName: 'Refined' },
      // A spec made from a requirement sits in its module unless told otherwise.
      moduleId: c.parent.id,
    });
    const second = await create(c, { userRequirementId: ur.id, moduleId: null });
    expect(second.moduleId).toBeNull();
    const refined = expectStatus(
      await c.owner.client.get(c.pms(`productUserRequirement/${ur.id}`)),
      200,
    ).data;
    expect(refined).toMatchObject({ status: 3, specCount: 2, version: ur.version + 2 });
    const history = expectStatus(
      await c.owner.client.get<ChangeRecord[]>(
        c.pms(`productRequirementTracking/${ur.id}/userReqChangeRecord`),
      ),
      200,
    ).data;
    expect(history.slice(-2).map((r) => [r.action, r.fromStatus, r.toStatus, r.comment])).toEqual([
      ['refine', 2, 3, `Refined into SR-${spec.number} From the requirement`],
      ['refine', 3, 3, `Refined into SR-${second.number} ${second.title}`],
    ]);
    const list = expectStatus(
      await c.owner.client.get(c.pms(`${URL}/list?productId=${c.product.id}&userRequirementId=${ur.id}`)),
      200,
    ).data;
    expect(list.rows.map((s: Spec) => s.id)).toEqual([second.id, spec.id]);
  });

  it('refines concurrently without losing a count', async () => {
    const ur = await reviewedRequirement(c);
    await Promise.all(Array.from({ length: 4 }, () => create(c, { userRequirementId: ur.id })));
    const refined = expectStatus(
      await c.owner.client.get(c.pms(`productUserRequirement/${ur.id}`)),
      200,
    ).data;
    expect(refined).toMatchObject({ status: 3, specCount: 4 });
    expect(refined.specs).toHaveLength(4);
  });
});

describe('the workflow', () => {
  let c: Crew;
  beforeAll(async () => {
    c = await crew();
  });

  it('walks every transition: edit, reject, resubmit, pass, change, plan, complete, reopen, unplan', async () => {
    const path: number[] = [];
    let spec = await create(c, { title: 'Refunds' });
    const step = async (res: Res<SpecDetail>) => {
      spec = expectStatus(res, 200).data;
      path.push(spec.status);
      return spec;
    };
    const reload = async () => {
      spec = await get(c, spec.id);
    };
    await step(await put(c, URL, spec, { title: 'Refunds to card' }));
    await step(await review(c, spec, 'reject', c.reviewer, 'Needs acceptance criteria'));
    await step(await put(c, URL, spec, { acceptance: '- refund arrives in 5 days' }));
    await step(await review(c, spec, 'pass'));
    await step(await change(c, spec, { priority: 1 }));
    await step(await review(c, spec, 'pass'));
    expectStatus(await activePlan(c, [spec.id], c.plans[0]!.id), 200);
    await reload();
    path.push(spec.status);
    await step(await change(c, spec, { estimatedHours: 3 }));
    await step(await review(c, spec, 'pass'));
    expectStatus(await activePlan(c, [spec.id], c.plans[1]!.id), 200);
    expectStatus(await batch(c, [spec.id], { status: 3 }), 200);
    await reload();
    path.push(spec.status);
    await step(await put(c, URL, spec, { status: 2 }));
    expectStatus(await activePlan(c, [spec.id], null), 200);
    await reload();
    path.push(spec.status);
    expectStatus(await batch(c, [spec.id], { status: 3 }), 200);
    await reload();
    await step(await put(c, URL, spec, { status: 2 }));
    expectStatus(await batch(c, [spec.id], { status: 3 }), 200);
    await reload();
    await step(await change(c, spec, { title: 'Refunds v2' }));
    await step(await review(c, spec, 'reject', c.reviewer, 'Not now'));
    expect(path).toEqual([1, 5, 1, 2, 6, 2, 4, 6, 4, 3, 4, 2, 2, 6, 5]);
    const history = await records(c, spec.id);
    expect(history.map((r) => `${r.action}:${r.fromStatus}>${r.toStatus}`)).toEqual([
      'create:null>1',
      'edit:1>1',
      'reject:1>5',
      'edit:5>1',
      'pass:1>2',
      'change:2>6',
      'pass:6>2',
      'activate:2>4',
      'change:4>6',
      'pass:6>4',
      'activate:4>4',
      'complete:4>3',
      'reopen:3>4',
      'unplan:4>2',
      'complete:2>3',
      'reopen:3>2',
      'complete:2>3',
      'change:3>6',
      'reject:6>5',
    ]);
    expect(history.find((r) => r.action === 'activate' && r.fromStatus === 4)!.fields).toEqual([
      { field: 'planId', label: 'Plan', before: 'Release 1', after: 'Release 2' },
    ]);
    expect(history.find((r) => r.action === 'unplan')!.fields).toEqual([
      { field: 'planId', label: 'Plan', before: 'Release 2', after: null },
    ]);
  });

  it('records a change with the reason and readable values, descriptions in full', async () => {
    const spec = await reviewed(c, {
      title: 'Old',
      description: 'Long old text',
      type: 1,
      priority: 3,
      tagIds: [c.tags[0]!.id],
    });
    const changed = expectStatus(
      await change(c, spec, {
        reason: 'Legal asked',
        title: 'New',
        description: 'Long new text',
        acceptance: 'Works',
        type: 4,
        priority: 4,
        moduleId: c.child.id,
        tagIds: [],
        ownerId: c.reviewer.userId,
        estimatedHours: 8,
      }),
      200,
    ).data;
    expect(changed).toMatchObject({ status: 6, title: 'New', acceptance: 'Works', typeName: 'Security' });
    const record = (await records(c, spec.id)).at(-1)!;
    expect(record).toMatchObject({ action: 'change', comment: 'Legal asked', fromStatus: 2, toStatus: 6 });
    expect(record.fields).toEqual([
      { field: 'title', label: 'Title', before: 'Old', after: 'New' },
      { field: 'type', label: 'Type', before: 'Feature', after: 'Security' },
      { field: 'priority', label: 'Priority', before: 'Normal', after: 'Low' },
      { field: 'moduleId', label: 'Module', before: null, after: 'Payments' },
      { field: 'tagIds', label: 'Tags', before: c.tags[0]!.name, after: null },
      { field: 'ownerId', label: 'Owner', before: null, after: c.reviewer.nickname },
      { field: 'estimatedHours', label: 'Estimated hours', before: null, after: '8' },
      { field: 'description', label: 'Description', before: 'Long old text', after: 'Long new text' },
      { field: 'acceptance', label: 'Acceptance criteria', before: null, after: 'Works' },
    ]);
  });

  it('refuses plain edits once reviewed, and moves the workflow does not allow', async () => {
    const spec = await reviewed(c);
    expect(errorOf(expectStatus(await put(c, URL, spec, { title: 'x' }), 409))).toBe(
      `Spec SR-${spec.number} is Reviewed; a reviewed spec changes through the change action (PUT productRequirementSpecs/change)`,
    );
    const changed = expectStatus(await change(c, spec, { title: 'y' }), 200).data;
    expect(errorOf(expectStatus(await put(c, URL, changed, { title: 'z' }), 409))).toBe(
      `Spec SR-${spec.number}: ${refusal(6, 'edit')}`,
    );
    expect(errorOf(expectStatus(await change(c, changed, { title: 'z' }), 409))).toBe(refusal(6, 'change'));
    const pending = await create(c);
    expect(errorOf(expectStatus(await change(c, pending, { title: 'z' }), 409))).toBe(refusal(1, 'change'));
    expect(errorOf(expectStatus(await put(c, URL, pending, { status: 2 }), 409))).toBe(refusal(1, 'reopen'));
    expect(errorOf(expectStatus(await review(c, await reviewed(c), 'pass'), 409))).toBe(refusal(2, 'pass'));
    expect(errorOf(expectStatus(await put(c, URL, pending, {}), 400))).toBe('Nothing to change');
    const noReason = await c.owner.client.put(c.pms(`${URL}/change`), {
      id: spec.id,
      version: spec.version,
      title: 'q',
    });
    expect(errorOf(expectStatus(noReason, 400))).toBe('reason: Please enter change reason');
    expect(errorOf(expectStatus(await put(c, URL, pending, { status: 3 }), 400))).toBe(
      'status: Status may only be 2 (reopen)',
    );
    const stale = await put(c, URL, { id: pending.id, version: 9 }, { title: 'x' });
    expect(errorOf(expectStatus(stale, 409))).toBe(
      `Spec SR-${pending.number} was changed by someone else; reload and try again`,
    );
  });

  it('lets only product members holding the review permission review', async () => {
    const spec = await create(c);
    expect(errorOf(expectStatus(await review(c, spec, 'pass', c.bystander), 403))).toBe(
      `Only members of product ${c.product.name} may review its specs`,
    );
    expectStatus(await review(c, spec, 'pass', c.noReview), 403);
    expect((await get(c, spec.id)).status).toBe(1);
    const rejected = await review(c, spec, 'reject', c.owner);
    expect(errorOf(expectStatus(rejected, 400))).toBe('comment: Please enter comment (why it is rejected)');
  });
});

describe('PUT activePlan', () => {
  let c: Crew;
  beforeAll(async () => {
    c = await crew();
  });

  it('moves reviewed and planning specs into a plan and out again', async () => {
    const [a, b] = [await reviewed(c), await reviewed(c)];
    const res = expectStatus(await activePlan(c, [a.id, b.id], c.plans[0]!.id), 200);
    expect(res.data).toEqual({ updated: 2 });
    expect(await get(c, a.id)).toMatchObject({
      status: 4,
      statusName: 'Planning',
      planId: c.plans[0]!.id,
      planTitle: 'Release 1',
    });
    const plan = expectStatus(
      await c.owner.client.get(c.pms(`productRequirementTracking/${a.id}/associatedPlan`)),
      200,
    ).data;
    expect(plan).toMatchObject({
      id: c.plans[0]!.id,
      title: 'Release 1',
      specCount: 2,
      completedSpecCount: 0,
    });
    expect(expectStatus(await activePlan(c, [a.id], c.plans[0]!.id), 200).data).toEqual({ updated: 0 });
    expect(expectStatus(await activePlan(c, [a.id, b.id], null), 200).data).toEqual({ updated: 2 });
    expect(await get(c, b.id)).toMatchObject({ status: 2, planId: null, planTitle: null });
    const none = expectStatus(
      await c.owner.client.get(c.pms(`productRequirementTracking/${a.id}/associatedPlan`)),
      200,
    );
    expect(none.data).toBeNull();
    const list = expectStatus(
      await c.owner.client.get(c.pms(`${URL}/list?productId=${c.product.id}&planId=${c.plans[0]!.id}`)),
      200,
    ).data;
    expect(list.total).toBe(0);
  });

  it('is all or nothing: one spec the workflow refuses moves none', async () => {
    const ok = await reviewed(c);
    const pending = await create(c);
    const res = await activePlan(c, [ok.id, pending.id], c.plans[1]!.id);
    expect(errorOf(expectStatus(res, 409))).toBe(`Spec SR-${pending.number}: ${refusal(1, 'activate')}`);
    expect(await get(c, ok.id)).toMatchObject({ status: 2, planId: null, version: ok.version });
    const unplan = await activePlan(c, [ok.id], null);
    expect(errorOf(expectStatus(unplan, 409))).toBe(`Spec SR-${ok.number}: ${refusal(2, 'unplan')}`);
  });

  it("refuses another product's plan, unknown plans and specs of several products", async () => {
    const spec = await reviewed(c);
    const other = await createProduct(c.owner.client, c.enterprise.enterpriseIdentifier);
    const foreignPlan = expectStatus(
      await c.owner.client.post<Plan>(c.pms('pmsProductPlan'), { productId: other.id, title: 'Theirs' }),
      201,
    ).data;
    expect(errorOf(expectStatus(await activePlan(c, [spec.id], foreignPlan.id), 400))).toBe(
      `planId: Plan Theirs is not a plan of product ${c.product.name}`,
    );
    expectStatus(await activePlan(c, [spec.id], `${c.product.id}.nope`), 404);
    const foreignSpec = expectStatus(
      await c.owner.client.post(c.pms(URL), { productId: other.id, title: 'x' }),
      201,
    ).data;
    expect(errorOf(expectStatus(await activePlan(c, [spec.id, foreignSpec.id], c.plans[0]!.id), 400))).toBe(
      'ids: The specs must all belong to one product',
    );
    expectStatus(await activePlan(c, [spec.id, `${c.product.id}.nope`], c.plans[0]!.id), 404);
    expect(errorOf(expectStatus(await activePlan(c, [], null), 400))).toBe('ids: Please enter ids');
  });
});

describe('PUT batch', () => {
  let c: Crew;
  beforeAll(async () => {
    c = await crew();
  });

  it('applies housekeeping changes in any status, each with its record', async () => {
    const pending = await create(c, { priority: 3 });
    const done = await reviewed(c, { priority: 3 });
    expectStatus(await batch(c, [done.id], { status: 3 }), 200);
    const res = await batch(c, [pending.id, done.id], {
      priority: 1,
      moduleId: c.parent.id,
      ownerId: c.reviewer.userId,
      tagIds: [c.tags[1]!.id],
    });
    expect(expectStatus(res, 200).data).toEqual({ updated: 2 });
    for (const spec of [await get(c, pending.id), await get(c, done.id)]) {
      expect(spec).toMatchObject({
        priority: 1,
        moduleName: 'Checkout',
        owner: { userId: c.reviewer.userId },
      });
      expect(spec.tags.map((t) => t.id)).toEqual([c.tags[1]!.id]);
    }
    expect((await get(c, done.id)).status).toBe(3);
    const record = (await records(c, pending.id)).at(-1)!;
    expect(record).toMatchObject({ action: 'edit', fromStatus: 1, toStatus: 1 });
    expect(record.fields).toEqual([
      { field: 'priority', label: 'Priority', before: 'Normal', after: 'Urgent' },
      { field: 'moduleId', label: 'Module', before: null, after: 'Checkout' },
      { field: 'tagIds', label: 'Tags', before: null, after: c.tags[1]!.name },
      { field: 'ownerId', label: 'Owner', before: null, after: c.reviewer.nickname },
    ]);
    expect(expectStatus(await batch(c, [pending.id], { priority: 1 }), 200).data).toEqual({ updated: 0 });
  });

  it('completes reviewed and planning specs, all or nothing', async () => {
    const [a, b] = [await reviewed(c), await reviewed(c)];
    expectStatus(await activePlan(c, [b.id], c.plans[0]!.id), 200);
    const pending = await create(c);
    const refused = await batch(c, [a.id, pending.id], { status: 3, priority: 2 });
    expect(errorOf(expectStatus(refused, 409))).toBe(`Spec SR-${pending.number}: ${refusal(1, 'complete')}`);
    expect(await get(c, a.id)).toMatchObject({ status: 2, priority: 3 });
    expect(expectStatus(await batch(c, [a.id, b.id], { status: 3 }), 200).data).toEqual({ updated: 2 });
    expect((await get(c, a.id)).status).toBe(3);
    expect(await get(c, b.id)).toMatchObject({ status: 3, statusName: 'Completed', planId: c.plans[0]!.id });
    const plan = expectStatus(await c.owner.client.get(c.pms(`pmsProductPlan/${c.plans[0]!.id}`)), 200).data;
    expect(plan).toMatchObject({ specCount: 1, completedSpecCount: 1 });
  });

  it('refuses bad changes with 400 and unknown ids with 404', async () => {
    const spec = await create(c);
    expect(errorOf(expectStatus(await batch(c, [spec.id], { ownerId: c.bystander.userId }), 400))).toBe(
      `ownerId: User ${c.bystander.userId} is not a member of product ${c.product.name}`,
    );
    expect(errorOf(expectStatus(await batch(c, [spec.id], {}), 400))).toBe(
      'changes: Changes must name at least one field',
    );
    expect(errorOf(expectStatus(await batch(c, [spec.id], { status: 2 }), 400))).toBe(
      'changes.status: Status may only be 3 (complete) in a batch',
    );
    expectStatus(await batch(c, [spec.id, `${c.product.id}.nope`], { priority: 1 }), 404);
    expect((await get(c, spec.id)).version).toBe(1);
  });
});

describe('GET list', () => {
  let c: Crew;
  beforeAll(async () => {
    c = await crew();
  });

  it('filters by keyword, status, priority, type, module (with sub-modules), plan, owner and tag', async () => {
    const s1 = await create(c, {
      title: 'Apple pay',
      moduleId: c.child.id,
      type: 2,
      tagIds: [c.tags[0]!.id],
    });
    const s2 = await reviewed(c, {
      title: 'Google pay',
      moduleId: c.parent.id,
      priority: 1,
      ownerId: c.reviewer.userId,
    });
    const s3 = await reviewed(c, { title: 'Invoices', priority: 4 });
    expectStatus(await activePlan(c, [s3.id], c.plans[1]!.id), 200);
    const numbers = async (query: string) => {
      const res = await c.owner.client.get(c.pms(`${URL}/list?productId=${c.product.id}${query}`));
      return expectStatus(res, 200).data.rows.map((s: Spec) => s.number);
    };
    expect(await numbers('')).toEqual([s3.number, s2.number, s1.number]);
    expect(await numbers('&keyword=pay')).toEqual([s2.number, s1.number]);
    expect(await numbers(`&keyword=SR-${s1.number}`)).toEqual([s1.number]);
    expect(await numbers('&status=2,4')).toEqual([s3.number, s2.number]);
    expect(await numbers('&priority=1')).toEqual([s2.number]);
    expect(await numbers('&type=2')).toEqual([s1.number]);
    expect(await numbers(`&moduleId=${c.parent.id}`)).toEqual([s2.number, s1.number]);
    expect(await numbers(`&planId=${c.plans[1]!.id}`)).toEqual([s3.number]);
    expect(await numbers(`&ownerId=${c.reviewer.userId}`)).toEqual([s2.number]);
    expect(await numbers(`&tagId=${c.tags[0]!.id}`)).toEqual([s1.number]);
    expect(await numbers('&pageSize=1&pageNum=3')).toEqual([s1.number]);
    const row = (
      await c.owner.client.get(c.pms(`${URL}/list?productId=${c.product.id}&planId=${c.plans[1]!.id}`))
    ).data.rows[0];
    expect(row).toMatchObject({ planTitle: 'Release 2', status: 4, statusName: 'Planning' });
    expect(row).not.toHaveProperty('description');
  });
});

describe('DELETE {id} and the tracking calls', () => {
  let c: Crew;
  beforeAll(async () => {
    c = await crew();
  });

  it('deletes a spec; the requirement it refined counts one fewer and stays refined', async () => {
    const ur = await reviewedRequirement(c);
    const spec = await create(c, { userRequirementId: ur.id });
    expectStatus(await c.owner.client.post(c.pms('pmsJournals'), { objectId: spec.id, notes: 'note' }), 201);
    expectStatus(await c.owner.client.delete(c.pms(`${URL}/${spec.id}`)), 200);
    expectStatus(await c.owner.client.get(c.pms(`${URL}/${spec.id}`)), 404);
    expectStatus(await c.owner.client.delete(c.pms(`${URL}/${spec.id}`)), 404);
    expectStatus(
      await c.owner.client.get(c.pms(`productRequirementTracking/${spec.id}/reqSpecsChangeRecord`)),
      404,
    );
    const after = expectStatus(await c.owner.client.get(c.pms(`productUserRequirement/${ur.id}`)), 200).data;
    expect(after).toMatchObject({ status: 3, specCount: 0 });
    const product = expectStatus(
      await c.owner.client.get<Product>(c.pms(`pmsProduct/${c.product.id}`)),
      200,
    ).data;
    expect(product.specCount).toBe(0);
  });

  it('lists no test cases until test management writes them', async () => {
    const spec = await create(c);
    const res = await c.owner.client.get(c.pms(`productRequirementTracking/${spec.id}/associatedTestcase`));
    expect(expectStatus(res, 200).data).toEqual([]);
    expectStatus(
      await c.owner.client.get(c.pms(`productRequirementTracking/${c.product.id}.x/associatedTestcase`)),
      404,
    );
    expectStatus(
      await c.owner.client.get(c.pms(`productRequirementTracking/${c.product.id}.x/associatedPlan`)),
      404,
    );
  });

  it("answers 404 to every call with another enterprise's spec", async () => {
    const theirs = await crew();
    const spec = await reviewed(theirs);
    const mine = c.owner.client;
    const body = { id: spec.id, version: spec.version };
    expectStatus(await mine.get(c.pms(`${URL}/${spec.id}`)), 404);
    expectStatus(await mine.get(c.pms(`${URL}/${spec.id}/projectList`)), 404);
    expectStatus(await mine.put(c.pms(URL), { ...body, title: 'x' }), 404);
    expectStatus(await mine.put(c.pms(`${URL}/change`), { ...body, title: 'x', reason: 'r' }), 404);
    expectStatus(await mine.put(c.pms(`${URL}/review`), { ...body, result: 'pass' }), 404);
    expectStatus(await mine.put(c.pms(`${URL}/batch`), { ids: [spec.id], changes: { priority: 1 } }), 404);
    expectStatus(await mine.put(c.pms(`${URL}/activePlan`), { ids: [spec.id], planId: null }), 404);
    expectStatus(
      await mine.put(c.pms(`${URL}/activePlan`), { ids: [spec.id], planId: theirs.plans[0]!.id }),
      404,
    );
    expectStatus(await mine.delete(c.pms(`${URL}/${spec.id}`)), 404);
    for (const what of ['reqSpecsChangeRecord', 'associatedPlan', 'associatedTestcase']) {
      expectStatus(await mine.get(c.pms(`productRequirementTracking/${spec.id}/${what}`)), 404);
    }
    expect((await get(theirs, spec.id)).version).toBe(spec.version);
  });
});
