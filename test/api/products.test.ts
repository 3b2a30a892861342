/**
 * The Products calls (docs/api-conventions.md, "Products"): products, their members, pinning,
 * bulk delete, the lookups and requirement tags. Modules and plans: product-modules-plans.test.ts.
 */
import type { Enterprise } from '@shared/schemas/enterprise';
import type { Plan, Product, ProductModule, RequirementTag } from '@shared/schemas/products';
import type { Project } from '@shared/schemas/projects';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  enterprisePartition,
  productPartition,
  projectPartition,
  SK,
} from '../../functions/src/core/db/keys';
import { queryPartition } from '../../functions/src/core/db/operations';
import {
  addMember,
  builtInRole,
  createEnterprise,
  deptPath,
  expectStatus,
  signUp,
  signUpMany,
  type TestUser,
  unique,
} from './helpers';
import { createProduct, reviewedSpec, uniqueProductKey } from './product-fixtures';

const pms = (enterprise: Enterprise) => (rest: string) =>
  `/api/pms/${enterprise.enterpriseIdentifier}/${rest}`;

const summary = (user: TestUser) => ({ userId: user.userId, login: user.login, nickname: user.nickname });

let owner: TestUser;
let alice: TestUser;
let bob: TestUser;
let outsider: TestUser;
let enterprise: Enterprise;
let other: Enterprise;
let p: (rest: string) => string;

beforeAll(async () => {
  [owner, alice, bob, outsider] = (await signUpMany(4)) as [TestUser, TestUser, TestUser, TestUser];
  enterprise = await createEnterprise(owner);
  other = await createEnterprise(outsider);
  // Alice may do everything (admin); Bob has the member role's defaults.
  await addMember(owner, enterprise, alice, [(await builtInRole(owner, enterprise, 'admin')).roleId]);
  await addMember(owner, enterprise, bob);
  p = pms(enterprise);
});

const make = (body: Record<string, unknown> = {}, by: TestUser = owner) =>
  createProduct(by.client, enterprise.enterpriseIdentifier, body);

async function read(id: string): Promise<Product> {
  return expectStatus(await owner.client.get<Product>(p(`pmsProduct/${id}`)), 200).data;
}

describe('POST pmsProduct', () => {
  it('creates an active product owned by its creator, its only member', async () => {
    const identifier = uniqueProductKey();
    const name = unique('CRM ');
    const res = expectStatus(
      await owner.client.post<Product>(p('pmsProduct'), { name: ` ${name} `, identifier }),
      201,
    );
    expect(res.data).toEqual({
      id: expect.any(String),
      name,
      identifier,
      description: '',
      status: 1,
      statusName: 'Active',
      owner: summary(owner),
      members: [summary(owner)],
      isMember: true,
      reviewers: [],
      allowSelfReview: false,
      topAt: null,
      userRequirementCount: 0,
      specCount: 0,
      planCount: 0,
      projectCount: 0,
      createdAt: res.data.createdAt,
      updatedAt: res.data.createdAt,
      version: 1,
    });
    expect(await read(res.data.id)).toEqual(res.data);
  });

  it('takes an owner and members; creator and owner are always members, each once', async () => {
    const product = await make({
      description: 'Sales',
      status: 2,
      ownerId: alice.userId,
      memberIds: [bob.userId, alice.userId, bob.userId],
    });
    expect(product).toMatchObject({
      description: 'Sales',
      status: 2,
      statusName: 'Closed',
      owner: summary(alice),
      members: [summary(owner), summary(alice), summary(bob)],
      isMember: true,
    });
    // Seen by a member who is not the creator, and by one who is not a member.
    const byBob = expectStatus(await bob.client.get<Product>(p(`pmsProduct/${product.id}`)), 200).data;
    expect(byBob.isMember).toBe(true);
    const solo = await make({ ownerId: alice.userId });
    expect(solo.members).toEqual([summary(owner), summary(alice)]);
    expect(expectStatus(await bob.client.get<Product>(p(`pmsProduct/${solo.id}`)), 200).data.isMember).toBe(
      false,
    );
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const refuse = async (body: Record<string, unknown>) => {
      const res = expectStatus(await owner.client.post(p('pmsProduct'), body), 400);
      return res.body.errorMessage as string;
    };
    const key = uniqueProductKey();
    expect(await refuse({ identifier: key })).toBe('name: Please enter product name');
    expect(await refuse({ name: '  ', identifier: key })).toBe('name: Please enter product name');
    expect(await refuse({ name: 'x'.repeat(81), identifier: key })).toBe(
      'name: Product name must be at most 80 characters',
    );
    expect(await refuse({ name: 'ok' })).toBe('identifier: Please enter product key');
    expect(await refuse({ name: 'ok', identifier: 'crm' })).toBe(
      'identifier: Product key must be 2 to 10 capital letters or digits, starting with a letter',
    );
    expect(await refuse({ name: 'ok', identifier: '1AB' })).toMatch(/^identifier: Product key must be/);
    expect(await refuse({ name: 'ok', identifier: 'A' })).toMatch(/^identifier: Product key must be/);
    expect(await refuse({ name: 'ok', identifier: 'ABCDEFGHIJK' })).toBe(
      'identifier: Product key must be at most 10 characters',
    );
    expect(await refuse({ name: 'ok', identifier: key, description: 'd'.repeat(5001) })).toBe(
      'description: Description must be at most 5000 characters',
    );
    expect(await refuse({ name: 'ok', identifier: key, status: 3 })).toBe(
      'status: Status must be 1 (active) or 2 (closed)',
    );
    expect(await refuse({ name: 'ok', identifier: key, memberIds: [alice.userId, outsider.userId] })).toBe(
      `memberIds: User ${outsider.userId} is not a member of this enterprise`,
    );
    expect(await refuse({ name: 'ok', identifier: key, ownerId: outsider.userId })).toBe(
      `ownerId: User ${outsider.userId} is not a member of this enterprise`,
    );
    expect(await refuse({ name: 'ok', identifier: key, memberIds: 'x' })).toMatch(/^memberIds: /);
    // Nothing was created under the key.
    expect(await make({ identifier: key })).toMatchObject({ identifier: key });
  });

  it('keeps keys unique in the enterprise (409), but not across enterprises', async () => {
    const key = uniqueProductKey();
    await make({ identifier: key });
    const res = expectStatus(
      await alice.client.post(p('pmsProduct'), { name: 'Again', identifier: key }),
      409,
    );
    expect(res.body.errorMessage).toBe(`Product key ${key} is taken`);
    const elsewhere = await createProduct(outsider.client, other.enterpriseIdentifier, { identifier: key });
    expect(elsewhere.identifier).toBe(key);
  });
});

describe('GET pmsProduct/{id}', () => {
  it("is 404 for unknown ids and for another enterprise's products", async () => {
    const unknown = expectStatus(await owner.client.get(p('pmsProduct/nope')), 404);
    expect(unknown.body.errorMessage).toBe('Product nope does not exist');
    const theirs = await createProduct(outsider.client, other.enterpriseIdentifier);
    const res = expectStatus(await owner.client.get(p(`pmsProduct/${theirs.id}`)), 404);
    expect(res.body.errorMessage).toBe(`Product ${theirs.id} does not exist`);
  });
});

describe('PUT pmsProduct', () => {
  it('edits the fields sent at the version read; the key cannot change', async () => {
    const product = await make({ description: 'Old' });
    const res = expectStatus(
      await owner.client.put<Product>(p('pmsProduct'), {
        id: product.id,
        version: 1,
        name: 'Renamed',
        status: 2,
        identifier: 'ZZZZ',
      }),
      200,
    );
    expect(res.data).toMatchObject({
      name: 'Renamed',
      description: 'Old',
      status: 2,
      statusName: 'Closed',
      identifier: product.identifier,
      version: 2,
    });
    expect(res.data.updatedAt >= product.updatedAt).toBe(true);
    // Nothing to change: the product as it is, version unchanged.
    const same = expectStatus(
      await owner.client.put<Product>(p('pmsProduct'), { id: product.id, version: 2, name: 'Renamed' }),
      200,
    );
    expect(same.data.version).toBe(2);
  });

  it('refuses a stale version with 409', async () => {
    const product = await make();
    expectStatus(
      await owner.client.put(p('pmsProduct'), { id: product.id, version: 1, description: 'a' }),
      200,
    );
    const res = expectStatus(
      await alice.client.put(p('pmsProduct'), { id: product.id, version: 1, description: 'b' }),
      409,
    );
    expect(res.body.errorMessage).toBe(
      `Product ${product.name} was changed by someone else; reload and try again`,
    );
    expect((await read(product.id)).description).toBe('a');
  });

  it('replaces members, keeping creator and owner; a new owner joins them', async () => {
    const product = await make({ memberIds: [alice.userId, bob.userId] });
    const fewer = expectStatus(
      await owner.client.put<Product>(p('pmsProduct'), {
        id: product.id,
        version: 1,
        memberIds: [bob.userId],
      }),
      200,
    ).data;
    expect(fewer.members).toEqual([summary(owner), summary(bob)]);
    const handed = expectStatus(
      await owner.client.put<Product>(p('pmsProduct'), { id: product.id, version: 2, ownerId: alice.userId }),
      200,
    ).data;
    expect(handed).toMatchObject({ owner: summary(alice), version: 3 });
    expect(handed.members).toEqual([summary(owner), summary(alice), summary(bob)]);
    const emptied = expectStatus(
      await owner.client.put<Product>(p('pmsProduct'), { id: product.id, version: 3, memberIds: [] }),
      200,
    ).data;
    expect(emptied.members).toEqual([summary(owner), summary(alice)]);
  });

  it('drops a member who leaves the enterprise from its products, but keeps a named owner', async () => {
    const [leaver, leavingOwner] = await signUpMany(2);
    await addMember(owner, enterprise, leaver!);
    await addMember(owner, enterprise, leavingOwner!);
    const product = await make({ ownerId: leavingOwner!.userId, memberIds: [leaver!.userId, bob.userId] });
    for (const person of [leaver!, leavingOwner!]) {
      expectStatus(await owner.client.delete(`${deptPath(enterprise)}/users/${person.userId}`), 200);
    }
    const after = await read(product.id);
    expect(after.members.map((m) => m.userId).sort()).toEqual(
      [owner.userId, leavingOwner!.userId, bob.userId].sort(),
    );
    expect(after.owner.userId).toBe(leavingOwner!.userId);
  });

  it('refuses non-members, bad fields and unknown ids', async () => {
    const product = await make();
    const refuse = async (body: Record<string, unknown>, status = 400) =>
      expectStatus(await owner.client.put(p('pmsProduct'), { id: product.id, version: 1, ...body }), status)
        .body.errorMessage;
    expect(await refuse({ memberIds: [outsider.userId] })).toBe(
      `memberIds: User ${outsider.userId} is not a member of this enterprise`,
    );
    expect(await refuse({ ownerId: outsider.userId })).toBe(
      `ownerId: User ${outsider.userId} is not a member of this enterprise`,
    );
    expect(await refuse({ name: '' })).toBe('name: Please enter product name');
    expect(await refuse({ version: undefined })).toBe('version: Please enter version');
    const theirs = await createProduct(outsider.client, other.enterpriseIdentifier);
    expect(await refuse({ id: theirs.id }, 404)).toBe(`Product ${theirs.id} does not exist`);
    expect((await read(product.id)).version).toBe(1);
  });
});

describe('GET pmsProduct/list and operateTop', () => {
  let team: Enterprise;
  let q: (rest: string) => string;
  let lead: TestUser;
  let mate: TestUser;
  const made: Product[] = [];

  beforeAll(async () => {
    [lead, mate] = (await signUpMany(2)) as [TestUser, TestUser];
    team = await createEnterprise(lead);
    await addMember(lead, team, mate);
    q = pms(team);
    // Oldest first: alpha, beta (closed, mate a member), gamma.
    for (const [name, identifier, extra] of [
      ['Alpha Portal', 'ALPHA', {}],
      ['Beta Shop', 'BETA', { status: 2, memberIds: [mate.userId] }],
      ['Gamma Crm', 'GAMMA', {}],
    ] as const) {
      made.push(await createProduct(lead.client, team.enterpriseIdentifier, { name, identifier, ...extra }));
    }
  });

  const names = async (query = '', who: TestUser = lead) => {
    const page = expectStatus(await who.client.get(q(`pmsProduct/list${query}`)), 200).data;
    return { names: page.rows.map((r: Product) => r.name), total: page.total, page };
  };

  it('lists newest first, with filters and pages', async () => {
    expect((await names()).names).toEqual(['Gamma Crm', 'Beta Shop', 'Alpha Portal']);
    expect((await names('?keyword=SHOP')).names).toEqual(['Beta Shop']);
    expect((await names('?keyword=alp')).names).toEqual(['Alpha Portal']);
    expect((await names('?keyword=gamma')).names).toEqual(['Gamma Crm']);
    expect((await names('?status=2')).names).toEqual(['Beta Shop']);
    expect((await names('?status=1')).names).toEqual(['Gamma Crm', 'Alpha Portal']);
    expect((await names('?mine=true', mate)).names).toEqual(['Beta Shop']);
    expect((await names('?mine=false', mate)).names).toHaveLength(3);
    const second = await names('?pageSize=2&pageNum=2');
    expect(second.names).toEqual(['Alpha Portal']);
    expect(second.page).toMatchObject({ total: 3, pageNum: 2, pageSize: 2 });
    expect(expectStatus(await lead.client.get(q('pmsProduct/list?status=3')), 400).body.errorMessage).toMatch(
      /^status: /,
    );
    expect(
      expectStatus(await lead.client.get(q('pmsProduct/list?pageSize=101')), 400).body.errorMessage,
    ).toMatch(/^pageSize: /);
  });

  it('pins by key for the whole enterprise: the latest pin first', async () => {
    const pin = async (key: string, top: boolean) =>
      expectStatus(await lead.client.put<Product>(q(`pmsProduct/operateTop/${key}`), { top }), 200).data;
    const alpha = await pin('ALPHA', true);
    expect(alpha).toMatchObject({ identifier: 'ALPHA', topAt: expect.any(String), version: 1 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await pin('BETA', true);
    expect((await names()).names).toEqual(['Beta Shop', 'Alpha Portal', 'Gamma Crm']);
    expect((await names('', mate)).names).toEqual(['Beta Shop', 'Alpha Portal', 'Gamma Crm']);
    const unpinned = await pin('BETA', false);
    expect(unpinned.topAt).toBeNull();
    expect((await names()).names).toEqual(['Alpha Portal', 'Gamma Crm', 'Beta Shop']);
    await pin('ALPHA', false);
    expect((await names()).names).toEqual(['Gamma Crm', 'Beta Shop', 'Alpha Portal']);
  });

  it('refuses unknown keys (404) and a missing top (400)', async () => {
    const res = expectStatus(await lead.client.put(q('pmsProduct/operateTop/NOPE'), { top: true }), 404);
    expect(res.body.errorMessage).toBe('Product NOPE does not exist');
    // Another enterprise's key is unknown here.
    const theirs = await make();
    expectStatus(await lead.client.put(q(`pmsProduct/operateTop/${theirs.identifier}`), { top: true }), 404);
    expect(
      expectStatus(await lead.client.put(q('pmsProduct/operateTop/ALPHA'), {}), 400).body.errorMessage,
    ).toBe('top: Top must be true or false');
  });
});

describe('GET pmsProduct/userList', () => {
  it("lists the product's members by nickname; keyword matches login or nickname", async () => {
    const [zed, amy] = await Promise.all([
      signUp({ nickname: 'Zed Zimmer' }),
      signUp({ nickname: 'Amy Adams' }),
    ]);
    await addMember(owner, enterprise, zed);
    await addMember(owner, enterprise, amy);
    const product = await make({ memberIds: [zed.userId, amy.userId] });
    const list = async (query: string) =>
      expectStatus(await owner.client.get(p(`pmsProduct/userList?productId=${product.id}${query}`)), 200)
        .data;
    const all = await list('');
    expect(all.map((u: { userId: string }) => u.userId)).toEqual(
      [summary(owner), summary(amy), summary(zed)]
        .sort((a, b) => a.nickname.localeCompare(b.nickname))
        .map((u) => u.userId),
    );
    expect(await list('&keyword=zimm')).toEqual([summary(zed)]);
    expect(await list(`&keyword=${amy.login.toUpperCase()}`)).toEqual([summary(amy)]);
    expect(await list('&keyword=nobody-at-all')).toEqual([]);
    expect(expectStatus(await owner.client.get(p('pmsProduct/userList')), 400).body.errorMessage).toBe(
      'productId: Please enter productId',
    );
    expectStatus(await owner.client.get(p('pmsProduct/userList?productId=nope')), 404);
  });
});

describe('DELETE pmsProduct/{ids}', () => {
  it('deletes several products with everything in them, and frees their keys', async () => {
    const [first, second] = [await make(), await make()];
    const module = expectStatus(
      await owner.client.post<ProductModule>(p('pmsProductModule'), { productId: first.id, name: 'Core' }),
      201,
    ).data;
    expectStatus(
      await owner.client.post<Plan>(p('pmsProductPlan'), { productId: first.id, title: 'Q1' }),
      201,
    );
    expect(module.productId).toBe(first.id);
    expect(await queryPartition(productPartition(enterprise.id, first.id))).not.toHaveLength(0);
    expectStatus(await owner.client.delete(p(`pmsProduct/${first.id},${second.id}`)), 200);
    for (const product of [first, second]) {
      expectStatus(await owner.client.get(p(`pmsProduct/${product.id}`)), 404);
      expect(await queryPartition(productPartition(enterprise.id, product.id))).toEqual([]);
    }
    const keys = await queryPartition(enterprisePartition(enterprise.id), SK.productKeyPrefix);
    expect(keys.map((k) => k.sk)).not.toContain(`${SK.productKeyPrefix}${first.identifier}`);
    expect((await make({ identifier: first.identifier })).identifier).toBe(first.identifier);
  });

  it('is all or nothing: one unknown id is 404 and nothing is deleted', async () => {
    const [first, second] = [await make(), await make()];
    const theirs = await createProduct(outsider.client, other.enterpriseIdentifier);
    const res = expectStatus(await owner.client.delete(p(`pmsProduct/${first.id},nope,${second.id}`)), 404);
    expect(res.body.errorMessage).toBe('Product nope does not exist');
    expectStatus(await owner.client.delete(p(`pmsProduct/${first.id},${theirs.id}`)), 404);
    expect((await read(first.id)).id).toBe(first.id);
    expect((await read(second.id)).id).toBe(second.id);
    const stillTheirs = await outsider.client.get(
      `/api/pms/${other.enterpriseIdentifier}/pmsProduct/${theirs.id}`,
    );
    expectStatus(stillTheirs, 200);
  });

  it('takes at most 20 ids', async () => {
    const ids = Array.from({ length: 21 }, (_, i) => `id${i}`).join(',');
    const res = expectStatus(await owner.client.delete(p(`pmsProduct/${ids}`)), 400);
    expect(res.body.errorMessage).toBe('ids: Ids may name at most 20 products');
    expect(expectStatus(await owner.client.delete(p('pmsProduct/,,')), 400).body.errorMessage).toBe(
      'ids: Please enter ids',
    );
  });

  it('unlinks the projects that named it, and counts them while linked', async () => {
    const product = await make();
    const created = async (body: Record<string, unknown>) =>
      expectStatus(await owner.client.post<Project>(p('pmsProject'), { name: unique('P '), ...body }), 201)
        .data;
    const linked = await created({ productId: product.id });
    const unrelated = await created({});
    expect(linked).toMatchObject({ pmsProduct: true, productId: product.id });
    expect((await read(product.id)).projectCount).toBe(1);
    expectStatus(await owner.client.delete(p(`pmsProduct/${product.id}`)), 200);
    const after = expectStatus(await owner.client.get<Project>(p(`pmsProject/${linked.id}`)), 200).data;
    expect(after).toMatchObject({ pmsProduct: false, productId: null, version: linked.version + 1 });
    const untouched = expectStatus(
      await owner.client.get<Project>(p(`pmsProject/${unrelated.id}`)),
      200,
    ).data;
    expect(untouched.version).toBe(unrelated.version);
  });

  it("removes the projects' pointers to demands its specs were pushed into", async () => {
    const product = await make();
    const project = expectStatus(
      await owner.client.post<Project>(p('pmsProject'), { name: unique('P '), productId: product.id }),
      201,
    ).data;
    const spec = await reviewedSpec(owner.client, enterprise.enterpriseIdentifier, product.id);
    expectStatus(
      await owner.client.post(p('pmsProductRequirement'), { specId: spec.id, pmsProjectId: project.id }),
      201,
    );
    const pointers = () => queryPartition(projectPartition(enterprise.id, project.id), SK.demandSpecPrefix);
    expect(await pointers()).toHaveLength(1);
    expectStatus(await owner.client.delete(p(`pmsProduct/${product.id}`)), 200);
    expect(await pointers()).toEqual([]);
  });

  it('is 400 for a project naming an unknown product', async () => {
    const res = expectStatus(await owner.client.post(p('pmsProject'), { name: 'X', productId: 'nope' }), 400);
    expect(res.body.errorMessage).toBe('productId: Product nope does not exist');
  });
});

describe('product lookups', () => {
  it('lists priorities, plan and demand statuses, and spec types', async () => {
    expect(expectStatus(await alice.client.get(p('pmsProductPriority/list')), 200).data).toEqual([
      { id: 1, value: 'urgent', label: 'Urgent', color: 'red' },
      { id: 2, value: 'high', label: 'High', color: 'orange' },
      { id: 3, value: 'normal', label: 'Normal', color: 'blue' },
      { id: 4, value: 'low', label: 'Low', color: 'green' },
    ]);
    expect(expectStatus(await alice.client.get(p('pmsProductStatus/list?type=1')), 200).data).toEqual([
      { id: 1, name: 'Not started', color: 'gray' },
      { id: 2, name: 'In progress', color: 'blue' },
      { id: 3, name: 'Completed', color: 'green' },
      { id: 4, name: 'Expired', color: 'red' },
      { id: 5, name: 'Closed', color: 'dark' },
    ]);
    expect(expectStatus(await alice.client.get(p('pmsProductStatus/list?type=2')), 200).data).toEqual([
      { id: 2, name: 'In progress' },
      { id: 3, name: 'Completed' },
      { id: 5, name: 'Closed' },
    ]);
    expect(expectStatus(await alice.client.get(p('typeList')), 200).data).toEqual([
      { id: 1, name: 'Feature' },
      { id: 2, name: 'Interface' },
      { id: 3, name: 'Performance' },
      { id: 4, name: 'Security' },
      { id: 5, name: 'Experience' },
      { id: 6, name: 'Other' },
    ]);
  });

  it('refuses a bad or missing status type with 400', async () => {
    for (const query of ['?type=3', '?type=x', '']) {
      const res = expectStatus(await alice.client.get(p(`pmsProductStatus/list${query}`)), 400);
      expect(res.body.errorMessage, query).toMatch(/^type: /);
    }
    expect(
      expectStatus(await alice.client.get(p('pmsProductStatus/list?type=3')), 400).body.errorMessage,
    ).toBe('type: Type must be 1 (plan) or 2 (demand)');
  });
});

describe('requirement tags', () => {
  let team: Enterprise;
  let q: (rest: string) => string;
  let lead: TestUser;

  beforeAll(async () => {
    lead = await signUp();
    team = await createEnterprise(lead);
    q = pms(team);
  });

  const tag = async (name: string, color = 'blue') =>
    expectStatus(await lead.client.post<RequirementTag>(q('pmsProductRequirementTag'), { name, color }), 201)
      .data;
  const list = async () =>
    expectStatus(await lead.client.get<RequirementTag[]>(q('pmsProductRequirementTag/list')), 200).data;

  it('creates, lists by name, renames, recolours and deletes', async () => {
    const ux = await tag('ux', 'violet');
    expect(ux).toEqual({
      id: expect.any(String),
      name: 'ux',
      color: 'violet',
      createdAt: expect.any(String),
      version: 1,
    });
    const api = await tag('API');
    expect((await list()).map((t) => t.name)).toEqual(['API', 'ux']);
    const renamed = expectStatus(
      await lead.client.put<RequirementTag>(q(`pmsProductRequirementTag/${api.id}`), {
        name: 'Backend',
        color: 'red',
        version: 1,
      }),
      200,
    ).data;
    expect(renamed).toMatchObject({ id: api.id, name: 'Backend', color: 'red', version: 2 });
    // The old name is free again, and only a case change keeps the tag's own name.
    await tag('api');
    const recased = expectStatus(
      await lead.client.put<RequirementTag>(q(`pmsProductRequirementTag/${api.id}`), {
        name: 'BACKEND',
        version: 2,
      }),
      200,
    ).data;
    expect(recased.name).toBe('BACKEND');
    expectStatus(await lead.client.delete(q(`pmsProductRequirementTag/${ux.id}`)), 200);
    expect((await list()).map((t) => t.name)).toEqual(['api', 'BACKEND']);
    await tag('UX');
  });

  it('keeps names unique ignoring case (409), and refuses stale versions (409)', async () => {
    const first = await tag('Mobile');
    const clash = expectStatus(
      await lead.client.post(q('pmsProductRequirementTag'), { name: 'MOBILE', color: 'red' }),
      409,
    );
    expect(clash.body.errorMessage).toBe('name: A requirement tag named MOBILE exists already');
    const web = await tag('Web');
    const renameClash = expectStatus(
      await lead.client.put(q(`pmsProductRequirementTag/${web.id}`), { name: 'mobile', version: 1 }),
      409,
    );
    expect(renameClash.body.errorMessage).toBe('name: A requirement tag named mobile exists already');
    expectStatus(
      await lead.client.put(q(`pmsProductRequirementTag/${first.id}`), { color: 'green', version: 1 }),
      200,
    );
    const stale = expectStatus(
      await lead.client.put(q(`pmsProductRequirementTag/${first.id}`), { color: 'red', version: 1 }),
      409,
    );
    expect(stale.body.errorMessage).toBe(
      'Requirement tag Mobile was changed by someone else; reload and try again',
    );
  });

  it("refuses bad input (400) and unknown or another enterprise's tags (404)", async () => {
    const bad = async (body: Record<string, unknown>) =>
      expectStatus(await lead.client.post(q('pmsProductRequirementTag'), body), 400).body.errorMessage;
    expect(await bad({ color: 'blue' })).toBe('name: Please enter tag name');
    expect(await bad({ name: 'x'.repeat(31), color: 'blue' })).toBe(
      'name: Tag name must be at most 30 characters',
    );
    expect(await bad({ name: 'x', color: 'pink' })).toMatch(/^color: Color must be one of red, orange/);
    const theirs = expectStatus(
      await outsider.client.post<RequirementTag>(
        `/api/pms/${other.enterpriseIdentifier}/pmsProductRequirementTag`,
        {
          name: unique('t'),
          color: 'red',
        },
      ),
      201,
    ).data;
    const put = expectStatus(
      await lead.client.put(q(`pmsProductRequirementTag/${theirs.id}`), { color: 'blue', version: 1 }),
      404,
    );
    expect(put.body.errorMessage).toBe(`Requirement tag ${theirs.id} does not exist`);
    expectStatus(await lead.client.delete(q(`pmsProductRequirementTag/${theirs.id}`)), 404);
    expectStatus(await lead.client.delete(q('pmsProductRequirementTag/nope')), 404);
  });
});

describe('deleting the enterprise', () => {
  it("deletes its products' partitions too", async () => {
    const boss = await signUp();
    const doomed = await createEnterprise(boss);
    const product = await createProduct(boss.client, doomed.enterpriseIdentifier);
    expectStatus(
      await boss.client.post(`/api/pms/${doomed.enterpriseIdentifier}/pmsProductModule`, {
        productId: product.id,
        name: 'Core',
      }),
      201,
    );
    expect(await queryPartition(productPartition(doomed.id, product.id))).not.toEqual([]);
    expectStatus(
      await boss.client.delete(
        `/api/pms/pmsEnterprise/${doomed.id}?confirmIdentifier=${doomed.enterpriseIdentifier}`,
      ),
      200,
    );
    expect(await queryPartition(productPartition(doomed.id, product.id))).toEqual([]);
    expect(await queryPartition(enterprisePartition(doomed.id))).toEqual([]);
  });
});
