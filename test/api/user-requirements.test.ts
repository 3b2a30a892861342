/**
 * User requirements (docs/api-conventions.md, "User requirements and requirement specs"): create,
 * read, list and its filters, every transition of the workflow and a sample of refused ones,
 * reviews and who may do them, change records, delete, and ids that are unknown or another
 * enterprise's.
 */

import { requirementRefusal } from '@shared/domain/requirement-workflow';
import type { Product, ProductModule, RequirementTag } from '@shared/schemas/products';
import type { ChangeRecord, UserRequirement, UserRequirementDetail } from '@shared/schemas/requirements';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectStatus, type Res, unique } from './helpers';
import { createProduct, type ProductCrew, productCrew } from './product-fixtures';

// biome-ignore lint/suspicious/noExplicitAny: request bodies vary per test
type Body = Record<string, any>;

const errorOf = (res: Res) => res.body.errorMessage as string;

type Crew = ProductCrew;
const crew = () => productCrew(['Billing', 'Invoices']);

const URL = 'productUserRequirement';

async function create(c: Crew, body: Body = {}, actor = c.owner): Promise<UserRequirementDetail> {
  const res = await actor.client.post<UserRequirementDetail>(c.pms(URL), {
    productId: c.product.id,
    title: unique('Requirement '),
    ...body,
  });
  return expectStatus(res, 201).data;
}

const put = (c: Crew, ur: { id: string; version: number }, body: Body, actor = c.owner) =>
  actor.client.put<UserRequirementDetail>(c.pms(URL), { id: ur.id, version: ur.version, ...body });

const review = (
  c: Crew,
  ur: { id: string; version: number },
  result: 'pass' | 'reject',
  actor = c.reviewer,
  comment?: string,
) =>
  actor.client.put<UserRequirementDetail>(c.pms(`${URL}/review`), {
    id: ur.id,
    version: ur.version,
    result,
    ...(comment === undefined ? {} : { comment }),
  });

async function records(c: Crew, id: string): Promise<ChangeRecord[]> {
  return expectStatus(
    await c.owner.client.get<ChangeRecord[]>(c.pms(`productRequirementTracking/${id}/userReqChangeRecord`)),
    200,
  ).data;
}

async function reviewed(c: Crew, body: Body = {}) {
  return expectStatus(await review(c, await create(c, body), 'pass'), 200).data;
}

const refusal = (status: number, action: Parameters<typeof requirementRefusal>[2]) =>
  requirementRefusal('userRequirement', status, action);

describe('POST, GET {id} and statusList', () => {
  let c: Crew;
  beforeAll(async () => {
    c = await crew();
  });

  it('creates a requirement pending review, numbered UR-n, with every field, and reads it back', async () => {
    const first = await create(c);
    const ur = await create(
      c,
      {
        title: '  Export invoices  ',
        description: '## Why\n\nCustomers ask for it.',
        source: 2,
        priority: 1,
        moduleId: c.child.id,
        tagIds: [c.tags[1]!.id, c.tags[0]!.id, c.tags[1]!.id],
      },
      c.reviewer,
    );
    expect(ur).toMatchObject({
      productId: c.product.id,
      number: first.number + 1,
      title: 'Export invoices',
      description: '## Why\n\nCustomers ask for it.',
      source: 2,
      sourceName: 'Market',
      priority: 1,
      moduleId: c.child.id,
      moduleName: 'Invoices',
      tags: [
        { id: c.tags[1]!.id, name: c.tags[1]!.name },
        { id: c.tags[0]!.id, name: c.tags[0]!.name },
      ],
      status: 1,
      statusName: 'Pending review',
      author: { userId: c.reviewer.userId, login: c.reviewer.login, nickname: c.reviewer.nickname },
      lastReview: null,
      specCount: 0,
      specs: [],
      version: 1,
    });
    expect(ur.id.startsWith(`${c.product.id}.`)).toBe(true);
    expect(first).toMatchObject({
      number: 1,
      source: 1,
      priority: 3,
      moduleId: null,
      moduleName: null,
      tags: [],
    });
    expect(expectStatus(await c.owner.client.get(c.pms(`${URL}/${ur.id}`)), 200).data).toEqual(ur);
    const [created] = await records(c, ur.id);
    expect(created).toMatchObject({
      action: 'create',
      actionName: 'Create',
      fromStatus: null,
      toStatus: 1,
      fields: [],
    });
    const product = expectStatus(
      await c.owner.client.get<Product>(c.pms(`pmsProduct/${c.product.id}`)),
      200,
    ).data;
    expect(product.userRequirementCount).toBe(2);
  });

  it('numbers concurrent creates without gaps or repeats', async () => {
    const fresh = { ...c, product: await createProduct(c.owner.client, c.enterprise.enterpriseIdentifier) };
    const made = await Promise.all(Array.from({ length: 6 }, () => create(fresh)));
    expect(made.map((u) => u.number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const refuse = async (body: Body) =>
      errorOf(
        expectStatus(
          await c.owner.client.post(c.pms(URL), { productId: c.product.id, title: 'ok', ...body }),
          400,
        ),
      );
    expect(await refuse({ title: ' ' })).toBe('title: Please enter title');
    expect(await refuse({ source: 9 })).toBe('source: Source must be one of 1, 2, 3, 4, 5');
    expect(await refuse({ priority: 7 })).toBe(
      'priority: Priority must be 1 (urgent), 2 (high), 3 (normal) or 4 (low)',
    );
    expect(await refuse({ productId: undefined })).toBe('productId: Please enter productId');
    const other = await createProduct(c.owner.client, c.enterprise.enterpriseIdentifier);
    const foreign = expectStatus(
      await c.owner.client.post<ProductModule>(c.pms('pmsProductModule'), {
        productId: other.id,
        name: 'Elsewhere',
      }),
      201,
    ).data;
    expect(await refuse({ moduleId: foreign.id })).toBe(
      `moduleId: Module ${foreign.id} is not a module of product ${c.product.name}`,
    );
    expect(await refuse({ tagIds: ['nope'] })).toBe(
      'tagIds: Requirement tag nope does not exist in this enterprise',
    );
  });

  it('answers 404 for an unknown product and unknown ids', async () => {
    const res = await c.owner.client.post(c.pms(URL), { productId: 'nope', title: 'x' });
    expect(errorOf(expectStatus(res, 404))).toBe('Product nope does not exist');
    expect(errorOf(expectStatus(await c.owner.client.get(c.pms(`${URL}/${c.product.id}.nope`)), 404))).toBe(
      `User requirement ${c.product.id}.nope does not exist`,
    );
    expectStatus(await c.owner.client.get(c.pms(`${URL}/nodot`)), 404);
  });

  it('lists the statuses', async () => {
    const res = await c.owner.client.get(c.pms(`${URL}/statusList`));
    expect(expectStatus(res, 200).data.map((s: { id: number; name: string }) => `${s.id} ${s.name}`)).toEqual(
      ['1 Pending review', '2 Reviewed', '3 Refined', '4 Closed', '5 Rejected', '6 Changed'],
    );
  });
});

describe('GET list', () => {
  let c: Crew;
  let all: UserRequirementDetail[];
  const list = async (query: string) => {
    const res = await c.owner.client.get(c.pms(`${URL}/list?productId=${c.product.id}&pageSize=100${query}`));
    return expectStatus(res, 200).data as { rows: UserRequirement[]; total: number };
  };
  const numbers = async (query: string) => (await list(query)).rows.map((r) => r.number);

  beforeAll(async () => {
    c = await crew();
    all = [];
    all.push(
      await create(c, { title: 'Dark mode for reports', moduleId: c.parent.id, priority: 1, source: 3 }),
    );
    all.push(await create(c, { title: 'Invoice reminders', moduleId: c.child.id, tagIds: [c.tags[0]!.id] }));
    all.push(await create(c, { title: 'Reports export', priority: 4, tagIds: [c.tags[1]!.id] }));
    all.push(await reviewed(c, { title: 'Single sign-on', priority: 2, source: 3 }));
  });

  it('lists newest first, pages, and counts', async () => {
    expect(await numbers('')).toEqual([4, 3, 2, 1]);
    const page = expectStatus(
      await c.owner.client.get(c.pms(`${URL}/list?productId=${c.product.id}&pageNum=2&pageSize=3`)),
      200,
    ).data;
    expect(page).toMatchObject({ total: 4, pageNum: 2, pageSize: 3 });
    expect(page.rows.map((r: UserRequirement) => r.number)).toEqual([1]);
    const [row] = (await list('&keyword=UR-4')).rows;
    expect(row).toMatchObject({ number: 4, status: 2, statusName: 'Reviewed', specCount: 0 });
    expect(row!.lastReview).toMatchObject({
      user: { userId: c.reviewer.userId },
      result: 'pass',
      comment: '',
    });
    expect(row).not.toHaveProperty('description');
  });

  it('filters by keyword, status, priority, module (with sub-modules), tag and source', async () => {
    expect(await numbers('&keyword=reports')).toEqual([3, 1]);
    expect(await numbers('&keyword=REPORTS%20dark')).toEqual([1]);
    expect(await numbers('&status=2')).toEqual([4]);
    expect(await numbers('&status=1,2')).toEqual([4, 3, 2, 1]);
    expect(await numbers('&priority=1,4')).toEqual([3, 1]);
    expect(await numbers(`&moduleId=${c.parent.id}`)).toEqual([2, 1]);
    expect(await numbers(`&moduleId=${c.child.id}`)).toEqual([2]);
    expect(await numbers(`&tagId=${c.tags[1]!.id}`)).toEqual([3]);
    expect(await numbers('&source=3')).toEqual([4, 1]);
    expect(all).toHaveLength(4);
  });

  it('refuses a bad filter and an unknown product', async () => {
    const bad = await c.owner.client.get(c.pms(`${URL}/list?productId=${c.product.id}&status=x`));
    expect(errorOf(expectStatus(bad, 400))).toBe('status: status must be numbers separated by commas');
    expectStatus(await c.owner.client.get(c.pms(`${URL}/list`)), 400);
    expectStatus(await c.owner.client.get(c.pms(`${URL}/list?productId=nope`)), 404);
  });

  it('stops showing a deleted tag', async () => {
    const tag = expectStatus(
      await c.owner.client.post<RequirementTag>(c.pms('pmsProductRequirementTag'), {
        name: unique('gone'),
        color: 'red',
      }),
      201,
    ).data;
    const ur = await create(c, { tagIds: [tag.id, c.tags[0]!.id] });
    expectStatus(await c.owner.client.delete(c.pms(`pmsProductRequirementTag/${tag.id}`)), 200);
    const shown = expectStatus(
      await c.owner.client.get<UserRequirementDetail>(c.pms(`${URL}/${ur.id}`)),
      200,
    ).data;
    expect(shown.tags.map((t) => t.id)).toEqual([c.tags[0]!.id]);
  });
});

describe('the workflow', () => {
  let c: Crew;
  beforeAll(async () => {
    c = await crew();
  });

  it('edits while pending review, rejects with a comment, resubmits by editing, passes', async () => {
    const ur = await create(c, { title: 'Old title', description: 'First text' });
    const edited = expectStatus(
      await put(c, ur, { title: 'New title', description: 'Second text' }),
      200,
    ).data;
    expect(edited).toMatchObject({ status: 1, title: 'New title', description: 'Second text', version: 2 });
    expect(errorOf(expectStatus(await put(c, edited, { title: 'New title' }), 400))).toBe(
      'Nothing to change',
    );

    const noComment = await review(c, edited, 'reject');
    expect(errorOf(expectStatus(noComment, 400))).toBe('comment: Please enter comment (why it is rejected)');
    const rejected = expectStatus(await review(c, edited, 'reject', c.reviewer, 'Too vague'), 200).data;
    expect(rejected).toMatchObject({ status: 5, statusName: 'Rejected', version: 3 });
    expect(rejected.lastReview).toMatchObject({
      user: { userId: c.reviewer.userId },
      result: 'reject',
      comment: 'Too vague',
    });

    const resubmitted = expectStatus(await put(c, rejected, { description: 'Clearer text' }), 200).data;
    expect(resubmitted).toMatchObject({ status: 1, version: 4 });
    const passed = expectStatus(await review(c, resubmitted, 'pass', c.owner), 200).data;
    expect(passed).toMatchObject({ status: 2, statusName: 'Reviewed', version: 5 });

    const history = await records(c, ur.id);
    expect(history.map((r) => [r.action, r.fromStatus, r.toStatus, r.comment])).toEqual([
      ['create', null, 1, ''],
      ['edit', 1, 1, ''],
      ['reject', 1, 5, 'Too vague'],
      ['edit', 5, 1, ''],
      ['pass', 1, 2, ''],
    ]);
    expect(history[1]!.fields).toEqual([
      { field: 'title', label: 'Title', before: 'Old title', after: 'New title' },
      { field: 'description', label: 'Description', before: 'First text', after: 'Second text' },
    ]);
    expect(history[1]).toMatchObject({ actionName: 'Edit', user: { userId: c.owner.userId } });
    expect(history[3]!.fields).toEqual([
      { field: 'description', label: 'Description', before: 'Second text', after: 'Clearer text' },
    ]);
  });

  it('changes a reviewed requirement with a reason, recording readable values, then passes it again', async () => {
    const ur = await reviewed(c, { source: 1, priority: 3, moduleId: c.parent.id, tagIds: [c.tags[0]!.id] });
    const noReason = await put(c, ur, { priority: 1 });
    expect(errorOf(expectStatus(noReason, 400))).toBe('reason: Please enter change reason');
    const changed = expectStatus(
      await put(c, ur, {
        priority: 1,
        source: 4,
        moduleId: c.child.id,
        tagIds: [c.tags[1]!.id, c.tags[0]!.id],
        reason: 'The customer escalated',
      }),
      200,
    ).data;
    expect(changed).toMatchObject({ status: 6, statusName: 'Changed', priority: 1, moduleName: 'Invoices' });
    const record = (await records(c, ur.id)).at(-1)!;
    expect(record).toMatchObject({
      action: 'change',
      actionName: 'Change',
      fromStatus: 2,
      toStatus: 6,
      comment: 'The customer escalated',
    });
    expect(record.fields).toEqual([
      { field: 'source', label: 'Source', before: 'Customer', after: 'Support' },
      { field: 'priority', label: 'Priority', before: 'Normal', after: 'Urgent' },
      { field: 'moduleId', label: 'Module', before: 'Billing', after: 'Invoices' },
      {
        field: 'tagIds',
        label: 'Tags',
        before: c.tags[0]!.name,
        after: `${c.tags[1]!.name}, ${c.tags[0]!.name}`,
      },
    ]);
    expect(errorOf(expectStatus(await put(c, changed, { title: 'x', reason: 'again' }), 409))).toBe(
      refusal(6, 'change'),
    );
    const passed = expectStatus(await review(c, changed, 'pass'), 200).data;
    expect(passed.status).toBe(2);
  });

  it('passes a changed requirement that has specs back to refined, and rejects a changed one', async () => {
    const ur = await reviewed(c);
    const spec = await c.owner.client.post(c.pms('productRequirementSpecs'), {
      productId: c.product.id,
      title: 'A spec',
      userRequirementId: ur.id,
    });
    expectStatus(spec, 201);
    const refined = expectStatus(
      await c.owner.client.get<UserRequirementDetail>(c.pms(`${URL}/${ur.id}`)),
      200,
    ).data;
    expect(refined).toMatchObject({ status: 3, statusName: 'Refined', specCount: 1 });
    expect(refined.specs).toEqual([
      {
        id: spec.data.id,
        number: spec.data.number,
        title: 'A spec',
        status: 1,
        statusName: 'Pending review',
      },
    ]);
    const changed = expectStatus(await put(c, refined, { title: 'Sharper', reason: 'Scope' }), 200).data;
    expect(changed.status).toBe(6);
    expect(expectStatus(await review(c, changed, 'pass'), 200).data.status).toBe(3);

    const other = await reviewed(c);
    const changedOther = expectStatus(await put(c, other, { title: 'Other', reason: 'Scope' }), 200).data;
    expect(expectStatus(await review(c, changedOther, 'reject', c.reviewer, 'No'), 200).data.status).toBe(5);
  });

  it('closes from every open status and reopens a closed one', async () => {
    const close = async (ur: UserRequirementDetail) =>
      expectStatus(await put(c, ur, { status: 4, reason: 'Dropped' }), 200).data;
    const pending = await create(c);
    const rejected = expectStatus(await review(c, await create(c), 'reject', c.reviewer, 'no'), 200).data;
    const ok = await reviewed(c);
    const changed = expectStatus(
      await put(c, await reviewed(c), { title: 'Changed', reason: 'r' }),
      200,
    ).data;
    for (const ur of [pending, rejected, ok, changed]) {
      const closed = await close(ur);
      expect(closed).toMatchObject({ status: 4, statusName: 'Closed' });
      expect((await records(c, ur.id)).at(-1)).toMatchObject({
        action: 'close',
        fromStatus: ur.status,
        toStatus: 4,
        comment: 'Dropped',
      });
    }
    const closed = expectStatus(await c.owner.client.get(c.pms(`${URL}/${pending.id}`)), 200).data;
    expect(errorOf(expectStatus(await put(c, closed, { status: 4 }), 409))).toBe(refusal(4, 'close'));
    expect(errorOf(expectStatus(await put(c, closed, { title: 'Edited' }), 409))).toBe(refusal(4, 'change'));
    const reopened = expectStatus(await put(c, closed, { status: 1 }), 200).data;
    expect(reopened).toMatchObject({ status: 1, statusName: 'Pending review' });
    expect((await records(c, pending.id)).at(-1)).toMatchObject({
      action: 'reopen',
      actionName: 'Reopen',
      fromStatus: 4,
      toStatus: 1,
    });
    expect(errorOf(expectStatus(await put(c, reopened, { status: 1 }), 409))).toBe(refusal(1, 'reopen'));
    const mixed = await put(c, reopened, { status: 4, title: 'Also renamed' });
    expect(errorOf(expectStatus(mixed, 400))).toBe(
      'status: Close or reopen on its own, without changing other fields',
    );
    expect(errorOf(expectStatus(await put(c, reopened, { status: 2 }), 400))).toBe(
      'status: Status may only be 4 (close) or 1 (reopen)',
    );
  });

  it('refuses reviews the workflow does not allow, and stale versions', async () => {
    const ok = await reviewed(c);
    expect(errorOf(expectStatus(await review(c, ok, 'pass'), 409))).toBe(refusal(2, 'pass'));
    expect(errorOf(expectStatus(await review(c, ok, 'reject', c.reviewer, 'x'), 409))).toBe(
      refusal(2, 'reject'),
    );
    const ur = await create(c);
    const stale = await put(c, { id: ur.id, version: 7 }, { title: 'x' });
    expect(errorOf(expectStatus(stale, 409))).toBe(
      `User requirement UR-${ur.number} was changed by someone else; reload and try again`,
    );
    expectStatus(await review(c, { id: ur.id, version: 3 }, 'pass'), 409);
    // The same version twice: the second write loses.
    const [a, b] = await Promise.all([put(c, ur, { title: 'First' }), put(c, ur, { title: 'Second' })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
  });

  it('lets only product members holding the review permission review', async () => {
    const ur = await create(c);
    const outsider = await review(c, ur, 'pass', c.bystander);
    expect(errorOf(expectStatus(outsider, 403))).toBe(
      `Only members of product ${c.product.name} may review its user requirements`,
    );
    expectStatus(await review(c, ur, 'pass', c.noReview), 403);
    expect((await create(c, {}, c.noReview)).status).toBe(1);
    expect(expectStatus(await c.owner.client.get(c.pms(`${URL}/${ur.id}`)), 200).data.version).toBe(1);
  });
});

describe('DELETE {id}', () => {
  let c: Crew;
  beforeAll(async () => {
    c = await crew();
  });

  it('deletes a requirement with its records and comments; 404 afterwards', async () => {
    const ur = await create(c);
    expectStatus(await c.owner.client.post(c.pms('pmsJournals'), { objectId: ur.id, notes: 'hi' }), 201);
    expectStatus(await c.owner.client.delete(c.pms(`${URL}/${ur.id}`)), 200);
    expectStatus(await c.owner.client.get(c.pms(`${URL}/${ur.id}`)), 404);
    expectStatus(
      await c.owner.client.get(c.pms(`productRequirementTracking/${ur.id}/userReqChangeRecord`)),
      404,
    );
    expectStatus(await c.owner.client.get(c.pms(`pmsJournals/list?objectId=${ur.id}`)), 404);
    expectStatus(await c.owner.client.delete(c.pms(`${URL}/${ur.id}`)), 404);
    const product = expectStatus(
      await c.owner.client.get<Product>(c.pms(`pmsProduct/${c.product.id}`)),
      200,
    ).data;
    expect(product.userRequirementCount).toBe(0);
  });

  it('refuses while specs refine it, and deletes once they are gone', async () => {
    const ur = await reviewed(c);
    const spec = expectStatus(
      await c.owner.client.post(c.pms('productRequirementSpecs'), {
        productId: c.product.id,
        title: 's',
        userRequirementId: ur.id,
      }),
      201,
    ).data;
    const refused = await c.owner.client.delete(c.pms(`${URL}/${ur.id}`));
    expect(errorOf(expectStatus(refused, 409))).toBe(
      `User requirement UR-${ur.number} is refined by 1 spec; delete them first`,
    );
    expectStatus(await c.owner.client.delete(c.pms(`productRequirementSpecs/${spec.id}`)), 200);
    const after = expectStatus(await c.owner.client.get(c.pms(`${URL}/${ur.id}`)), 200).data;
    expect(after).toMatchObject({ status: 3, specCount: 0, specs: [] });
    expectStatus(await c.owner.client.delete(c.pms(`${URL}/${ur.id}`)), 200);
  });
});

describe("another enterprise's requirements", () => {
  it('are unknown (404) to every call', async () => {
    const [mine, theirs] = await Promise.all([crew(), crew()]);
    const ur = await create(theirs);
    const c = mine.owner.client;
    const body = { id: ur.id, version: 1 };
    expectStatus(await c.get(mine.pms(`${URL}/${ur.id}`)), 404);
    expectStatus(await c.put(mine.pms(URL), { ...body, title: 'x' }), 404);
    expectStatus(await c.put(mine.pms(`${URL}/review`), { ...body, result: 'pass' }), 404);
    expectStatus(await c.delete(mine.pms(`${URL}/${ur.id}`)), 404);
    expectStatus(await c.get(mine.pms(`productRequirementTracking/${ur.id}/userReqChangeRecord`)), 404);
    expectStatus(await c.get(mine.pms(`${URL}/list?productId=${theirs.product.id}`)), 404);
    expectStatus(await c.post(mine.pms(URL), { productId: theirs.product.id, title: 'x' }), 404);
    expect(expectStatus(await theirs.owner.client.get(theirs.pms(`${URL}/${ur.id}`)), 200).data.version).toBe(
      1,
    );
  });
});
