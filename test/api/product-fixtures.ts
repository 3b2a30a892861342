/**
 * Set-up for tests that need a product with something in every corner, through the API: a
 * module, a plan, a requirement tag, a reviewed user requirement, a reviewed spec refined from
 * it and a comment on the spec.
 */
import { ALL_PERMISSIONS } from '@shared/permissions/catalogue';
import type { Enterprise } from '@shared/schemas/enterprise';
import type { Plan, Product, ProductModule, RequirementTag } from '@shared/schemas/products';
import type { ProductJournal, SpecDetail, UserRequirementDetail } from '@shared/schemas/requirements';
import {
  addMember,
  type Client,
  createEnterprise,
  createRole,
  expectStatus,
  signUpMany,
  type TestUser,
  unique,
} from './helpers';

/** A product key no other test uses: a capital letter, then 9 capitals or digits. */
export function uniqueProductKey(): string {
  return `K${unique('').slice(-9).toUpperCase()}`;
}

export interface ProductWork {
  product: Product;
  module: ProductModule;
  plan: Plan;
  tag: RequirementTag;
  requirement: UserRequirementDetail;
  spec: SpecDetail;
  journal: ProductJournal;
}

export const pmsOf = (identifier: string) => (rest: string) => `/api/pms/${identifier}/${rest}`;

/**
 * A product as `client`. It lets authors review their own items unless `body` says otherwise: the
 * tests that build on it write and review as one person (product-reviewers.test.ts covers the rule).
 */
export async function createProduct(client: Client, identifier: string, body: Record<string, unknown> = {}) {
  const pms = pmsOf(identifier);
  return expectStatus(
    await client.post<Product>(pms('pmsProduct'), {
      name: unique('Product '),
      identifier: uniqueProductKey(),
      allowSelfReview: true,
      ...body,
    }),
    201,
  ).data;
}

export async function createRequirement(client: Client, identifier: string, productId: string) {
  return expectStatus(
    await client.post<UserRequirementDetail>(pmsOf(identifier)('productUserRequirement'), {
      productId,
      title: unique('Requirement '),
    }),
    201,
  ).data;
}

export async function createSpec(client: Client, identifier: string, productId: string, extra = {}) {
  return expectStatus(
    await client.post<SpecDetail>(pmsOf(identifier)('productRequirementSpecs'), {
      productId,
      title: unique('Spec '),
      ...extra,
    }),
    201,
  ).data;
}

/** Passes a review as `client`, which must be a product member. */
export async function passReview<T extends { id: string; version: number }>(
  client: Client,
  identifier: string,
  family: 'productUserRequirement' | 'productRequirementSpecs',
  item: T,
): Promise<T> {
  return expectStatus(
    await client.put<T>(pmsOf(identifier)(`${family}/review`), {
      id: item.id,
      version: item.version,
      result: 'pass',
    }),
    200,
  ).data;
}

/** A reviewed spec of the product, ready for change, activePlan or pushing into a project. */
export async function reviewedSpec(client: Client, identifier: string, productId: string) {
  return passReview(
    client,
    identifier,
    'productRequirementSpecs',
    await createSpec(client, identifier, productId),
  );
}

/** Everything of ProductWork, made by `client` (a member of the enterprise who may do it all). */
export async function productWorkOf(client: Client, identifier: string): Promise<ProductWork> {
  const pms = pmsOf(identifier);
  const product = await createProduct(client, identifier);
  const module = expectStatus(
    await client.post<ProductModule>(pms('pmsProductModule'), {
      productId: product.id,
      name: unique('Module '),
    }),
    201,
  ).data;
  const plan = expectStatus(
    await client.post<Plan>(pms('pmsProductPlan'), { productId: product.id, title: unique('Plan ') }),
    201,
  ).data;
  const tag = expectStatus(
    await client.post<RequirementTag>(pms('pmsProductRequirementTag'), {
      name: unique('tag'),
      color: 'blue',
    }),
    201,
  ).data;
  const requirement = await passReview(
    client,
    identifier,
    'productUserRequirement',
    await createRequirement(client, identifier, product.id),
  );
  const draft = await createSpec(client, identifier, product.id, {
    userRequirementId: requirement.id,
    moduleId: module.id,
    tagIds: [tag.id],
  });
  const spec = await passReview(client, identifier, 'productRequirementSpecs', draft);
  const journal = expectStatus(
    await client.post<ProductJournal>(pms('pmsJournals'), { objectId: spec.id, notes: unique('note ') }),
    201,
  ).data;
  return { product, module, plan, tag, requirement, spec, journal };
}

const PRODUCT_PERMISSIONS = ALL_PERMISSIONS.filter((p) => p.startsWith('product:'));
const REVIEWS = ['product:requirement:review', 'product:spec:review'];

/** The people and things the requirement and spec tests act on. */
export interface ProductCrew {
  owner: TestUser;
  /** Product member with every product permission. */
  reviewer: TestUser;
  /** Every product permission, but not a member of the product. */
  bystander: TestUser;
  /** Product member whose role lacks the review permissions. */
  noReview: TestUser;
  enterprise: Enterprise;
  pms: (rest: string) => string;
  product: Product;
  /** A top-level module and one under it. */
  parent: ProductModule;
  child: ProductModule;
  tags: RequirementTag[];
  plans: Plan[];
}

/** A new enterprise with a product, a two-level module tree (named as asked), two tags and `plans`. */
export async function productCrew(
  modules: [string, string],
  plans: readonly string[] = [],
): Promise<ProductCrew> {
  const [owner, reviewer, bystander, noReview] = (await signUpMany(4)) as [
    TestUser,
    TestUser,
    TestUser,
    TestUser,
  ];
  const enterprise = await createEnterprise(owner);
  const full = await createRole(owner, enterprise, PRODUCT_PERMISSIONS);
  const partial = await createRole(
    owner,
    enterprise,
    PRODUCT_PERMISSIONS.filter((p) => !REVIEWS.includes(p)),
  );
  await addMember(owner, enterprise, reviewer, [full.roleId]);
  await addMember(owner, enterprise, bystander, [full.roleId]);
  await addMember(owner, enterprise, noReview, [partial.roleId]);
  const pms = pmsOf(enterprise.enterpriseIdentifier);
  const product = await createProduct(owner.client, enterprise.enterpriseIdentifier, {
    memberIds: [reviewer.userId, noReview.userId],
  });
  const post = async <T>(path: string, body: Record<string, unknown>) =>
    expectStatus(await owner.client.post<T>(pms(path), body), 201).data;
  const parent = await post<ProductModule>('pmsProductModule', { productId: product.id, name: modules[0] });
  const child = await post<ProductModule>('pmsProductModule', {
    productId: product.id,
    name: modules[1],
    root_id: parent.id,
  });
  const tags = [
    await post<RequirementTag>('pmsProductRequirementTag', { name: unique('alpha'), color: 'blue' }),
    await post<RequirementTag>('pmsProductRequirementTag', { name: unique('beta'), color: 'red' }),
  ];
  const made: Plan[] = [];
  for (const title of plans) made.push(await post<Plan>('pmsProductPlan', { productId: product.id, title }));
  return { owner, reviewer, bystander, noReview, enterprise, pms, product, parent, child, tags, plans: made };
}
