/**
 * A product's module tree and plans (docs/api-conventions.md, "Products"): the pmsProductModule
 * and pmsProductPlan calls. Requirements and specs that sit in a module or plan are written
 * straight into the table here (the attributes modules/products/store/products.ts documents), so
 * these rules are tested without the requirements workflow.
 */
import type { Enterprise } from '@shared/schemas/enterprise';
import type { Plan, Product, ProductModule, ProductModuleNode } from '@shared/schemas/products';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../functions/src/core/db/keys';
import { putItem } from '../../functions/src/core/db/operations';
import { newId } from '../../functions/src/core/ids';
import { createEnterprise, expectStatus, signUpMany, type TestUser, unique } from './helpers';
import { createProduct } from './product-fixtures';

let owner: TestUser;
let outsider: TestUser;
let enterprise: Enterprise;
let other: Enterprise;
let p: (rest: string) => string;
let theirProduct: Product;

beforeAll(async () => {
  [owner, outsider] = (await signUpMany(2)) as [TestUser, TestUser];
  [enterprise, other] = await Promise.all([createEnterprise(owner), createEnterprise(outsider)]);
  p = (rest) => `/api/pms/${enterprise.enterpriseIdentifier}/${rest}`;
  theirProduct = await createProduct(outsider.client, other.enterpriseIdentifier);
});

const newProduct = () => createProduct(owner.client, enterprise.enterpriseIdentifier);

/** A requirement (UREQ#) or spec (SPEC#) item as the requirements group writes it, reduced to what counts. */
async function plantItem(
  kind: 'requirement' | 'spec',
  productId: string,
  fields: { moduleId?: string | null; planId?: string | null; status?: number },
): Promise<void> {
  const localId = newId();
  const key =
    kind === 'spec'
      ? keys.spec(enterprise.id, productId, localId)
      : keys.userRequirement(enterprise.id, productId, localId);
  await putItem({ ...key, entity: kind, moduleId: null, planId: null, status: 1, ...fields });
}

// ---- modules ------------------------------------------------------------------------------------

async function addModule(productId: string, name: string, extra: Record<string, unknown> = {}) {
  const res = await owner.client.post<ProductModule>(p('pmsProductModule'), { productId, name, ...extra });
  return expectStatus(res, 201).data;
}

async function moveModule(body: Record<string, unknown>, status = 200) {
  return expectStatus(await owner.client.put<ProductModule>(p('pmsProductModule'), body), status);
}

async function flat(productId: string): Promise<ProductModule[]> {
  return expectStatus(await owner.client.get(p(`pmsProductModule/list?productId=${productId}`)), 200).data;
}

type Shape = [string, Shape[]] | string;
/** A tree as names: a leaf is its name, a module with children is [name, children]. */
function shape(nodes: ProductModuleNode[]): Shape[] {
  return nodes.map((n) => (n.children.length === 0 ? n.name : [n.name, shape(n.children)]));
}

async function tree(productId: string): Promise<Shape[]> {
  return shape(
    expectStatus(await owner.client.get(p(`pmsProductModule/treeList?productId=${productId}`)), 200).data,
  );
}

describe('modules', () => {
  it('creates modules at the top and below, each new one last among its siblings', async () => {
    const product = await newProduct();
    const web = await addModule(product.id, '  Web ');
    expect(web).toEqual({
      id: expect.stringMatching(new RegExp(`^${product.id}\\.`)),
      productId: product.id,
      name: 'Web',
      root_id: null,
      sort: 0,
      version: 1,
    });
    expect(await addModule(product.id, 'Api')).toMatchObject({ sort: 1, root_id: null });
    expect(await addModule(product.id, 'Login', { root_id: web.id })).toMatchObject({
      sort: 0,
      root_id: web.id,
    });
    expect(await addModule(product.id, 'Cart', { root_id: web.id, sort: 7 })).toMatchObject({ sort: 7 });
    expect(await addModule(product.id, 'Pay', { root_id: web.id })).toMatchObject({ sort: 8 });
  });

  it('lists parents before children, siblings by sort then name; the tree has the same shape', async () => {
    const product = await newProduct();
    const web = await addModule(product.id, 'Web', { sort: 0 });
    await addModule(product.id, 'Docs', { sort: 5 });
    await addModule(product.id, 'Api', { sort: 0 });
    await addModule(product.id, 'Login', { root_id: web.id, sort: 2 });
    const cart = await addModule(product.id, 'Cart', { root_id: web.id, sort: 1 });
    await addModule(product.id, 'Pay', { root_id: cart.id });
    expect((await flat(product.id)).map((m) => m.name)).toEqual([
      'Api',
      'Web',
      'Cart',
      'Pay',
      'Login',
      'Docs',
    ]);
    expect(await tree(product.id)).toEqual(['Api', ['Web', [['Cart', ['Pay']], 'Login']], 'Docs']);
    expect(await flat((await newProduct()).id)).toEqual([]);
  });

  it('refuses bad input (400) and unknown products (404)', async () => {
    const product = await newProduct();
    const elsewhere = await addModule((await newProduct()).id, 'Elsewhere');
    const refuse = async (body: Record<string, unknown>, status = 400) =>
      expectStatus(await owner.client.post(p('pmsProductModule'), { productId: product.id, ...body }), status)
        .body.errorMessage;
    expect(await refuse({})).toBe('name: Please enter module name');
    expect(await refuse({ name: 'x'.repeat(61) })).toBe('name: Module name must be at most 60 characters');
    expect(await refuse({ name: 'x', sort: -1 })).toMatch(/^sort: /);
    expect(await refuse({ name: 'x', root_id: `${product.id}.nope` })).toBe(
      `root_id: Module ${product.id}.nope does not exist in this product`,
    );
    expect(await refuse({ name: 'x', root_id: elsewhere.id })).toBe(
      `root_id: Module ${elsewhere.id} does not exist in this product`,
    );
    expect(await refuse({ name: 'x', productId: undefined })).toBe('productId: Please enter productId');
    expect(await refuse({ name: 'x', productId: 'nope' }, 404)).toBe('Product nope does not exist');
    expect(await refuse({ name: 'x', productId: theirProduct.id }, 404)).toBe(
      `Product ${theirProduct.id} does not exist`,
    );
    expectStatus(await owner.client.get(p(`pmsProductModule/list?productId=${theirProduct.id}`)), 404);
    expectStatus(await owner.client.get(p(`pmsProductModule/treeList?productId=${theirProduct.id}`)), 404);
    expect(expectStatus(await owner.client.get(p('pmsProductModule/list')), 400).body.errorMessage).toBe(
      'productId: Please enter productId',
    );
    expect(await flat(product.id)).toEqual([]);
  });

  it('keeps names unique among siblings, ignoring case (409)', async () => {
    const product = await newProduct();
    const web = await addModule(product.id, 'Web');
    const app = await addModule(product.id, 'App');
    await addModule(product.id, 'Login', { root_id: web.id });
    const clash = expectStatus(
      await owner.client.post(p('pmsProductModule'), { productId: product.id, name: 'WEB' }),
      409,
    );
    expect(clash.body.errorMessage).toBe('name: A module named Web exists already at this level');
    // The same name elsewhere in the tree is fine.
    const login = await addModule(product.id, 'login', { root_id: app.id });
    const rename = await moveModule({ id: app.id, version: 1, name: 'web' }, 409);
    expect(rename.body.errorMessage).toBe('name: A module named Web exists already at this level');
    const move = await moveModule({ id: login.id, version: 1, root_id: web.id }, 409);
    expect(move.body.errorMessage).toBe('name: A module named Login exists already at this level');
    // Renaming to its own name in another case is no clash.
    expect((await moveModule({ id: web.id, version: 1, name: 'WEB' })).data).toMatchObject({
      name: 'WEB',
      version: 2,
    });
    // Moving to the top meets the top-level names.
    const nested = await addModule(product.id, 'app', { root_id: web.id });
    const toTop = await moveModule({ id: nested.id, version: 1, root_id: null }, 409);
    expect(toTop.body.errorMessage).toBe('name: A module named App exists already at this level');
  });

  it('lets only one of two simultaneous creates take a name', async () => {
    const product = await newProduct();
    const results = await Promise.all(
      [1, 2, 3].map(() => owner.client.post(p('pmsProductModule'), { productId: product.id, name: 'Same' })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect((await flat(product.id)).map((m) => m.name)).toEqual(['Same']);
  });

  it('renames and moves; the tree follows', async () => {
    const product = await newProduct();
    const web = await addModule(product.id, 'Web');
    const api = await addModule(product.id, 'Api');
    const login = await addModule(product.id, 'Login', { root_id: web.id });
    const form = await addModule(product.id, 'Form', { root_id: login.id });
    expect(await tree(product.id)).toEqual([['Web', [['Login', ['Form']]]], 'Api']);
    const moved = (await moveModule({ id: login.id, version: 1, root_id: api.id, name: 'Auth', sort: 3 }))
      .data;
    expect(moved).toEqual({ ...login, name: 'Auth', root_id: api.id, sort: 3, version: 2 });
    expect(await tree(product.id)).toEqual(['Web', ['Api', [['Auth', ['Form']]]]]);
    await moveModule({ id: form.id, version: 1, root_id: null });
    await moveModule({ id: web.id, version: 1, sort: 9 });
    // A move keeps the module's sort: Form (0) now comes before Api (1).
    expect(await tree(product.id)).toEqual(['Form', ['Api', ['Auth']], 'Web']);
    // Nothing to change: the module as it is.
    expect((await moveModule({ id: api.id, version: 1, root_id: null, sort: 1 })).data.version).toBe(1);
  });

  it('refuses moving under itself or a sub-module, stale versions and unknown ids', async () => {
    const product = await newProduct();
    const web = await addModule(product.id, 'Web');
    const login = await addModule(product.id, 'Login', { root_id: web.id });
    const form = await addModule(product.id, 'Form', { root_id: login.id });
    const cycle = 'root_id: A module cannot move under itself or one of its sub-modules';
    expect((await moveModule({ id: web.id, version: 1, root_id: web.id }, 400)).body.errorMessage).toBe(
      cycle,
    );
    expect((await moveModule({ id: web.id, version: 1, root_id: form.id }, 400)).body.errorMessage).toBe(
      cycle,
    );
    expect((await moveModule({ id: login.id, version: 1, root_id: form.id }, 400)).body.errorMessage).toBe(
      cycle,
    );
    await moveModule({ id: form.id, version: 1, name: 'Fields' });
    expect((await moveModule({ id: form.id, version: 1, name: 'Again' }, 409)).body.errorMessage).toBe(
      'Module Fields was changed by someone else; reload and try again',
    );
    const theirs = expectStatus(
      await outsider.client.post<ProductModule>(`/api/pms/${other.enterpriseIdentifier}/pmsProductModule`, {
        productId: theirProduct.id,
        name: unique('M'),
      }),
      201,
    ).data;
    expect((await moveModule({ id: theirs.id, version: 1, name: 'Mine' }, 404)).body.errorMessage).toBe(
      `Module ${theirs.id} does not exist`,
    );
    expect((await moveModule({ id: 'nodot', version: 1, name: 'x' }, 404)).body.errorMessage).toBe(
      'Module nodot does not exist',
    );
    expect((await moveModule({ id: web.id, version: 1, name: '' }, 400)).body.errorMessage).toBe(
      'name: Please enter module name',
    );
    expect(await tree(product.id)).toEqual([['Web', [['Login', ['Fields']]]]]);
  });

  it('keeps the tree at most 5 levels deep, when creating and when moving', async () => {
    const product = await newProduct();
    const chain: ProductModule[] = [];
    for (let level = 1; level <= 5; level += 1) {
      chain.push(await addModule(product.id, `L${level}`, { root_id: chain.at(-1)?.id ?? null }));
    }
    const deep = expectStatus(
      await owner.client.post(p('pmsProductModule'), {
        productId: product.id,
        name: 'L6',
        root_id: chain[4]!.id,
      }),
      400,
    );
    expect(deep.body.errorMessage).toBe('root_id: Modules may be at most 5 levels deep');
    // A two-level subtree fits under level 3, not under level 4.
    const top = await addModule(product.id, 'Top');
    await addModule(product.id, 'Below', { root_id: top.id });
    const tooDeep = await moveModule({ id: top.id, version: 1, root_id: chain[3]!.id }, 400);
    expect(tooDeep.body.errorMessage).toBe('root_id: Modules may be at most 5 levels deep');
    await moveModule({ id: top.id, version: 1, root_id: chain[2]!.id });
    expect(await tree(product.id)).toEqual([
      [
        'L1',
        [
          [
            'L2',
            [
              [
                'L3',
                [
                  ['L4', ['L5']],
                  ['Top', ['Below']],
                ],
              ],
            ],
          ],
        ],
      ],
    ]);
  });

  it('deletes a module that holds nothing; 409 with sub-modules, requirements or specs', async () => {
    const product = await newProduct();
    const web = await addModule(product.id, 'Web');
    const login = await addModule(product.id, 'Login', { root_id: web.id });
    await addModule(product.id, 'Cart', { root_id: web.id });
    const remove = (id: string, status: number) =>
      owner.client.delete(p(`pmsProductModule/${id}`)).then((res) => expectStatus(res, status));
    expect((await remove(web.id, 409)).body.errorMessage).toBe(
      'Module Web has 2 sub-modules; delete or move them first',
    );
    await plantItem('requirement', product.id, { moduleId: login.id });
    await plantItem('requirement', product.id, { moduleId: web.id });
    expect((await remove(login.id, 409)).body.errorMessage).toBe(
      'Module Login holds 1 user requirement and 0 specs; move them to another module first',
    );
    await plantItem('spec', product.id, { moduleId: login.id });
    await plantItem('spec', product.id, { moduleId: login.id });
    expect((await remove(login.id, 409)).body.errorMessage).toBe(
      'Module Login holds 1 user requirement and 2 specs; move them to another module first',
    );
    const cart = (await flat(product.id)).find((m) => m.name === 'Cart')!;
    await remove(cart.id, 200);
    expect((await flat(product.id)).map((m) => m.name)).toEqual(['Web', 'Login']);
    expect((await remove(cart.id, 404)).body.errorMessage).toBe(`Module ${cart.id} does not exist`);
    const theirs = expectStatus(
      await outsider.client.post<ProductModule>(`/api/pms/${other.enterpriseIdentifier}/pmsProductModule`, {
        productId: theirProduct.id,
        name: unique('M'),
      }),
      201,
    ).data;
    await remove(theirs.id, 404);
  });
});

// ---- plans --------------------------------------------------------------------------------------

async function addPlan(productId: string, body: Record<string, unknown> = {}) {
  const res = await owner.client.post<Plan>(p('pmsProductPlan'), {
    productId,
    title: unique('Plan '),
    ...body,
  });
  return expectStatus(res, 201).data;
}

async function readPlan(id: string): Promise<Plan> {
  return expectStatus(await owner.client.get<Plan>(p(`pmsProductPlan/${id}`)), 200).data;
}

async function planCount(productId: string): Promise<number> {
  return expectStatus(await owner.client.get<Product>(p(`pmsProduct/${productId}`)), 200).data.planCount;
}

describe('plans', () => {
  it('creates a plan, not started unless told, and counts it on the product', async () => {
    const product = await newProduct();
    const res = expectStatus(
      await owner.client.post<Plan>(p('pmsProductPlan'), { productId: product.id, title: ' Q1 ' }),
      201,
    );
    expect(res.data).toEqual({
      id: expect.stringMatching(new RegExp(`^${product.id}\\.`)),
      productId: product.id,
      title: 'Q1',
      description: '',
      startDate: null,
      endDate: null,
      status: 1,
      statusName: 'Not started',
      specCount: 0,
      completedSpecCount: 0,
      creator: { userId: owner.userId, login: owner.login, nickname: owner.nickname },
      createdAt: res.data.createdAt,
      updatedAt: res.data.createdAt,
      version: 1,
    });
    expect(await readPlan(res.data.id)).toEqual(res.data);
    const dated = await addPlan(product.id, {
      description: 'Launch',
      startDate: '2999-01-01',
      endDate: '2999-01-01',
      status: 2,
    });
    expect(dated).toMatchObject({
      description: 'Launch',
      startDate: '2999-01-01',
      endDate: '2999-01-01',
      status: 2,
      statusName: 'In progress',
    });
    expect(await planCount(product.id)).toBe(2);
  });

  it('shows open plans past their end date as expired', async () => {
    const product = await newProduct();
    expect(await addPlan(product.id, { endDate: '2020-01-31' })).toMatchObject({
      status: 4,
      statusName: 'Expired',
    });
    expect(await addPlan(product.id, { endDate: '2020-01-31', status: 2 })).toMatchObject({ status: 4 });
    expect(await addPlan(product.id, { endDate: '2020-01-31', status: 3 })).toMatchObject({
      status: 3,
      statusName: 'Completed',
    });
    expect(await addPlan(product.id, { endDate: '2020-01-31', status: 5 })).toMatchObject({
      status: 5,
      statusName: 'Closed',
    });
    expect(await addPlan(product.id, { endDate: '2999-01-31' })).toMatchObject({ status: 1 });
  });

  it('refuses bad input (400) and unknown products (404)', async () => {
    const product = await newProduct();
    const refuse = async (body: Record<string, unknown>, status = 400) =>
      expectStatus(
        await owner.client.post(p('pmsProductPlan'), { productId: product.id, title: 'T', ...body }),
        status,
      ).body.errorMessage;
    expect(await refuse({ title: undefined })).toBe('title: Please enter plan title');
    expect(await refuse({ title: 'x'.repeat(101) })).toBe('title: Plan title must be at most 100 characters');
    expect(await refuse({ startDate: '2026-05-10', endDate: '2026-05-09' })).toBe(
      'endDate: The end date may not be before the start date (2026-05-10)',
    );
    expect(await refuse({ endDate: '2026-02-30' })).toBe('endDate: EndDate is not a real date');
    expect(await refuse({ startDate: '10/05/2026' })).toBe(
      'startDate: StartDate must be a date like 2026-11-21',
    );
    expect(await refuse({ status: 4 })).toBe(
      'status: Status must be 1 (not started), 2 (in progress), 3 (completed) or 5 (closed)',
    );
    expect(await refuse({ description: 'd'.repeat(5001) })).toBe(
      'description: Description must be at most 5000 characters',
    );
    expect(await refuse({ productId: theirProduct.id }, 404)).toBe(
      `Product ${theirProduct.id} does not exist`,
    );
    expect(await planCount(product.id)).toBe(0);
  });

  it('lists by end date (undated last), filtered by keyword and the status shown, in pages', async () => {
    const product = await newProduct();
    await addPlan(product.id, { title: 'Undated' });
    await addPlan(product.id, { title: 'Late', endDate: '2999-12-31' });
    await addPlan(product.id, { title: 'Past', endDate: '2020-06-30' });
    await addPlan(product.id, { title: 'Soon', endDate: '2999-01-01', status: 2 });
    await addPlan(product.id, { title: 'Done', endDate: '2020-01-01', status: 3 });
    const list = async (query = '') => {
      const page = expectStatus(
        await owner.client.get(p(`pmsProductPlan/list?productId=${product.id}${query}`)),
        200,
      ).data;
      return { titles: page.rows.map((r: Plan) => r.title), page };
    };
    expect((await list()).titles).toEqual(['Done', 'Past', 'Soon', 'Late', 'Undated']);
    expect((await list('&keyword=SOON')).titles).toEqual(['Soon']);
    expect((await list('&status=4')).titles).toEqual(['Past']);
    expect((await list('&status=1')).titles).toEqual(['Late', 'Undated']);
    const second = await list('&pageSize=2&pageNum=2');
    expect(second.titles).toEqual(['Soon', 'Late']);
    expect(second.page).toMatchObject({ total: 5, pageNum: 2, pageSize: 2 });
    expect(
      expectStatus(await owner.client.get(p(`pmsProductPlan/list?productId=${product.id}&status=6`)), 400)
        .body.errorMessage,
    ).toMatch(/^status: /);
    expect(expectStatus(await owner.client.get(p('pmsProductPlan/list')), 400).body.errorMessage).toBe(
      'productId: Please enter productId',
    );
    expectStatus(await owner.client.get(p(`pmsProductPlan/list?productId=${theirProduct.id}`)), 404);
  });

  it('edits at the version read; the dates stay in order; stale versions are 409', async () => {
    const product = await newProduct();
    const plan = await addPlan(product.id, { startDate: '2999-03-01', endDate: '2999-03-31' });
    const edit = (body: Record<string, unknown>, status = 200) =>
      owner.client
        .put<Plan>(p('pmsProductPlan'), { id: plan.id, ...body })
        .then((r) => expectStatus(r, status));
    const edited = (await edit({ version: 1, title: 'Renamed', status: 2, endDate: '2999-04-30' })).data;
    expect(edited).toMatchObject({
      title: 'Renamed',
      status: 2,
      startDate: '2999-03-01',
      endDate: '2999-04-30',
      version: 2,
    });
    expect((await edit({ version: 2, endDate: '2999-02-01' }, 400)).body.errorMessage).toBe(
      'endDate: The end date may not be before the start date (2999-03-01)',
    );
    expect((await edit({ version: 2, startDate: '2999-05-01' }, 400)).body.errorMessage).toMatch(
      /^endDate: /,
    );
    const cleared = (await edit({ version: 2, startDate: null, endDate: null })).data;
    expect(cleared).toMatchObject({ startDate: null, endDate: null, version: 3 });
    expect((await edit({ version: 2, title: 'Late' }, 409)).body.errorMessage).toBe(
      'Plan Renamed was changed by someone else; reload and try again',
    );
    expect((await edit({ version: 3, status: 4 }, 400)).body.errorMessage).toMatch(/^status: /);
    expect((await readPlan(plan.id)).title).toBe('Renamed');
  });

  it("is 404 for unknown plans and for another enterprise's", async () => {
    const theirs = expectStatus(
      await outsider.client.post<Plan>(`/api/pms/${other.enterpriseIdentifier}/pmsProductPlan`, {
        productId: theirProduct.id,
        title: 'Theirs',
      }),
      201,
    ).data;
    for (const id of [theirs.id, 'nope', `${theirProduct.id}.nope`]) {
      const res = expectStatus(await owner.client.get(p(`pmsProductPlan/${id}`)), 404);
      expect(res.body.errorMessage).toBe(`Plan ${id} does not exist`);
    }
    expectStatus(
      await owner.client.put(p('pmsProductPlan'), { id: theirs.id, version: 1, title: 'Mine' }),
      404,
    );
    expectStatus(await owner.client.delete(p(`pmsProductPlan/${theirs.id}`)), 404);
    const still = await outsider.client.get<Plan>(
      `/api/pms/${other.enterpriseIdentifier}/pmsProductPlan/${theirs.id}`,
    );
    expect(expectStatus(still, 200).data).toMatchObject({ title: 'Theirs', version: 1 });
  });

  it('counts its specs; deleting is 409 while specs are in it, then uncounts it', async () => {
    const product = await newProduct();
    const plan = await addPlan(product.id);
    const empty = await addPlan(product.id);
    await plantItem('spec', product.id, { planId: plan.id, status: 3 });
    await plantItem('spec', product.id, { planId: plan.id, status: 4 });
    await plantItem('spec', product.id, { planId: null, status: 3 });
    expect(await readPlan(plan.id)).toMatchObject({ specCount: 2, completedSpecCount: 1 });
    const listed = expectStatus(
      await owner.client.get(p(`pmsProductPlan/list?productId=${product.id}`)),
      200,
    ).data;
    expect(listed.rows.map((r: Plan) => [r.id, r.specCount, r.completedSpecCount])).toEqual([
      [plan.id, 2, 1],
      [empty.id, 0, 0],
    ]);
    const refused = expectStatus(await owner.client.delete(p(`pmsProductPlan/${plan.id}`)), 409);
    expect(refused.body.errorMessage).toBe(
      `Plan ${plan.title} holds 2 specs; move them out of the plan first`,
    );
    expect(await planCount(product.id)).toBe(2);
    expectStatus(await owner.client.delete(p(`pmsProductPlan/${empty.id}`)), 200);
    expectStatus(await owner.client.get(p(`pmsProductPlan/${empty.id}`)), 404);
    expect(await planCount(product.id)).toBe(1);
    expectStatus(await owner.client.delete(p(`pmsProductPlan/${empty.id}`)), 404);
    expect(await planCount(product.id)).toBe(1);
  });
});
