/**
 * Products of an enterprise: list, members for pickers, read, create, edit, pin, bulk delete.
 * Visibility is enterprise-wide (the route's permission decides); product members are the
 * people who may review its requirements. The creator and the owner are always members, and
 * every member is a member of the enterprise.
 */

import { firstVersion, nowIso } from '@core/clock';
import { ConditionFailedError, onConditionFailed } from '@core/db/operations';
import { badRequest, conflict, notFound, staleVersion } from '@core/errors';
import { getMembership } from '@core/identity/store/memberships';
import { getUsers } from '@core/identity/store/users';
import { userSummaryView } from '@core/identity/views';
import { newId } from '@core/ids';
import { pageOf } from '@core/paging';
import { PRODUCT_STATUS } from '@shared/domain/products';
import type { Page } from '@shared/schemas/common';
import type { Product, ProductBody, ProductListQuery, ProductUpdateBody } from '@shared/schemas/products';
import type { UserSummary } from '@shared/schemas/projects';
import { listProjects } from '../projects';
import { productNotFound, requireProduct } from './access';
import type { ProductChanges, ProductRecord } from './store/products';
import * as db from './store/products';
import { productView } from './views';

/** The products as the caller sees them: people, counts, linked projects (a few reads for all). */
async function viewsOf(
  enterpriseId: string,
  userId: string,
  products: readonly ProductRecord[],
): Promise<Product[]> {
  if (products.length === 0) return [];
  const [users, counters, projects] = await Promise.all([
    getUsers([...new Set(products.flatMap((p) => [p.ownerId, ...p.memberIds]))]),
    db.getProductCountersOf(
      enterpriseId,
      products.map((p) => p.productId),
    ),
    listProjects(enterpriseId),
  ]);
  return products.map((product) =>
    productView(product, {
      users,
      counters: counters.get(product.productId) ?? db.EMPTY_PRODUCT_COUNTERS,
      projectCount: projects.filter((p) => p.productId === product.productId).length,
      userId,
    }),
  );
}

async function viewOf(enterpriseId: string, userId: string, product: ProductRecord): Promise<Product> {
  const [view] = await viewsOf(enterpriseId, userId, [product]);
  return view!;
}

function matches(product: ProductRecord, query: ProductListQuery, userId: string): boolean {
  const keyword = query.keyword?.toLowerCase();
  if (keyword && ![product.name, product.identifier].some((f) => f.toLowerCase().includes(keyword)))
    return false;
  if (query.status !== undefined && product.status !== query.status) return false;
  return !query.mine || product.memberIds.includes(userId);
}

/** Pinned first (the latest pin first), then newest first. */
function listOrder(a: ProductRecord, b: ProductRecord): number {
  if (a.topAt !== b.topAt) {
    if (a.topAt === null) return 1;
    if (b.topAt === null) return -1;
    return b.topAt.localeCompare(a.topAt);
  }
  return b.createdAt.localeCompare(a.createdAt) || b.productId.localeCompare(a.productId);
}

/**
 * One page of products. An enterprise has at most a few hundred products, so they are all read
 * with one query and filtered here; only the page's rows load people and counts.
 */
export async function listProducts(
  enterpriseId: string,
  userId: string,
  query: ProductListQuery,
): Promise<Page<Product>> {
  const found = (await db.listProducts(enterpriseId))
    .filter((p) => matches(p, query, userId))
    .sort(listOrder);
  return pageOf(found, query, (rows) => viewsOf(enterpriseId, userId, rows));
}

export async function getProduct(enterpriseId: string, userId: string, productId: string): Promise<Product> {
  return viewOf(enterpriseId, userId, await requireProduct(enterpriseId, productId));
}

/** The product's members as pickers show them, by nickname; `keyword` matches login or nickname. */
export async function userList(
  enterpriseId: string,
  productId: string,
  keyword?: string,
): Promise<UserSummary[]> {
  const product = await requireProduct(enterpriseId, productId);
  const users = await getUsers(product.memberIds);
  const needle = keyword?.toLowerCase() ?? '';
  return product.memberIds
    .flatMap((id) => {
      const user = users.get(id);
      return user ? [userSummaryView(id, user)] : [];
    })
    .filter((user) => [user.login, user.nickname].some((f) => f.toLowerCase().includes(needle)))
    .sort((a, b) => a.nickname.localeCompare(b.nickname) || a.login.localeCompare(b.login));
}

/** 400 naming `field` and the first user who is not a member of the enterprise. */
async function assertEnterpriseMembers(enterpriseId: string, field: string, userIds: readonly string[]) {
  const memberships = await Promise.all(userIds.map((id) => getMembership(enterpriseId, id)));
  const outsider = userIds.find((_, i) => memberships[i] === null);
  if (outsider !== undefined) throw badRequest(field, `User ${outsider} is not a member of this enterprise`);
}

/** Checks the people a body names: the owner and the members must belong to the enterprise. */
async function assertPeople(enterpriseId: string, body: { ownerId?: string; memberIds?: string[] }) {
  await Promise.all([
    body.ownerId === undefined ? undefined : assertEnterpriseMembers(enterpriseId, 'ownerId', [body.ownerId]),
    body.memberIds === undefined
      ? undefined
      : assertEnterpriseMembers(enterpriseId, 'memberIds', [...new Set(body.memberIds)]),
  ]);
}

/** The members as stored: creator, owner, then the others, each once. */
const membersOf = (creatorId: string, ownerId: string, others: readonly string[]) => [
  ...new Set([creatorId, ownerId, ...others]),
];

/**
 * The reviewers as stored: each once, all product members. Reviewers the body names must be
 * members (400); when only the members change, reviewers who stop being members just drop out.
 */
function reviewersOf(
  memberIds: readonly string[],
  named: readonly string[] | undefined,
  kept: readonly string[],
) {
  if (named === undefined) return kept.filter((id) => memberIds.includes(id));
  const reviewerIds = [...new Set(named)];
  const outsider = reviewerIds.find((id) => !memberIds.includes(id));
  if (outsider !== undefined) {
    throw badRequest(
      'reviewerIds',
      `User ${outsider} is not a member of this product; add them to memberIds first`,
    );
  }
  return reviewerIds;
}

const keyTaken = (key: string) => conflict(`Product key ${key} is taken`);

/** Creates a product, active unless told otherwise; the caller owns it unless `ownerId` says who. */
export async function createProduct(
  enterpriseId: string,
  userId: string,
  body: ProductBody,
): Promise<Product> {
  await assertPeople(enterpriseId, body);
  const now = nowIso();
  const ownerId = body.ownerId ?? userId;
  const memberIds = membersOf(userId, ownerId, body.memberIds ?? []);
  const product: ProductRecord = {
    enterpriseId,
    productId: newId(),
    name: body.name,
    identifier: body.identifier,
    description: body.description ?? '',
    status: body.status ?? PRODUCT_STATUS.active,
    ownerId,
    memberIds,
    reviewerIds: reviewersOf(memberIds, body.reviewerIds, []),
    allowSelfReview: body.allowSelfReview ?? false,
    creatorId: userId,
    topAt: null,
    ...firstVersion(now),
  };
  await onConditionFailed(db.createProduct(product), { key: () => keyTaken(body.identifier) });
  return viewOf(enterpriseId, userId, product);
}

/** The changes an edit asks for; `memberIds`, when sent, replaces the members (creator and owner stay). */
function productChanges(product: ProductRecord, body: ProductUpdateBody): ProductChanges {
  const changes: ProductChanges = {};
  if (body.name !== undefined && body.name !== product.name) changes.name = body.name;
  if (body.description !== undefined && body.description !== product.description)
    changes.description = body.description;
  if (body.status !== undefined && body.status !== product.status) changes.status = body.status;
  if (body.ownerId !== undefined && body.ownerId !== product.ownerId) changes.ownerId = body.ownerId;
  const memberIds = membersOf(
    product.creatorId,
    body.ownerId ?? product.ownerId,
    body.memberIds ?? product.memberIds,
  );
  if (memberIds.join() !== product.memberIds.join()) changes.memberIds = memberIds;
  const reviewerIds = reviewersOf(memberIds, body.reviewerIds, product.reviewerIds);
  if (reviewerIds.join() !== product.reviewerIds.join()) changes.reviewerIds = reviewerIds;
  if (body.allowSelfReview !== undefined && body.allowSelfReview !== product.allowSelfReview)
    changes.allowSelfReview = body.allowSelfReview;
  return changes;
}

/** Edits the fields sent, if the client read the current version (409 otherwise); the key never changes. */
export async function updateProduct(
  enterpriseId: string,
  userId: string,
  body: ProductUpdateBody,
): Promise<Product> {
  const product = await requireProduct(enterpriseId, body.id);
  const stale = () => staleVersion(`Product ${product.name}`);
  if (body.version !== product.version) throw stale();
  await assertPeople(enterpriseId, body);
  const changes = productChanges(product, body);
  if (Object.keys(changes).length === 0) return viewOf(enterpriseId, userId, product);
  const updated = await onConditionFailed(
    db.updateProduct(enterpriseId, product.productId, body.version, changes, nowIso()),
    {
      stale,
      missing: () => productNotFound(product.productId),
    },
  );
  return viewOf(enterpriseId, userId, updated);
}

/** Pins (`top`) or unpins the product its key names, for the whole enterprise. */
export async function operateTop(
  enterpriseId: string,
  userId: string,
  productKey: string,
  top: boolean,
): Promise<Product> {
  const missing = () => notFound(`Product ${productKey} does not exist`);
  const product = await db.findProductByKey(enterpriseId, productKey);
  if (!product) throw missing();
  const updated = await onConditionFailed(
    db.setProductTop(enterpriseId, product.productId, top ? nowIso() : null),
    {
      missing,
    },
  );
  return viewOf(enterpriseId, userId, updated);
}

/**
 * Deletes products and everything in them, all or nothing as far as the ids go: an unknown id is
 * 404 before anything is deleted. Projects that named a product are unlinked afterwards.
 */
export async function deleteProducts(enterpriseId: string, productIds: readonly string[]): Promise<void> {
  const ids = [...new Set(productIds)];
  const found = new Map((await db.getProducts(enterpriseId, ids)).map((p) => [p.productId, p]));
  const unknown = ids.find((id) => !found.has(id));
  if (unknown !== undefined) throw productNotFound(unknown);
  for (const id of ids) {
    try {
      await db.deleteProduct(found.get(id)!);
    } catch (error) {
      // Someone deleting the same product at the same moment is no failure: it is gone either way.
      if (!(error instanceof ConditionFailedError)) throw error;
    }
    await db.unlinkProjectsOfProduct(enterpriseId, id, nowIso());
  }
}

/**
 * Takes a member who left the enterprise out of its products' member lists, so they no longer
 * show as reviewers or owners-to-be. A product they own keeps them as owner until someone picks
 * another (the owner is named, not silently replaced). A product edited meanwhile is re-read.
 */
export async function removeFromAllProducts(enterpriseId: string, userId: string): Promise<void> {
  const products = await db.listProducts(enterpriseId);
  const theirs = products.filter((p) => p.memberIds.includes(userId) && p.ownerId !== userId);
  await Promise.all(theirs.map((product) => removeMember(enterpriseId, product, userId)));
}

async function removeMember(enterpriseId: string, product: ProductRecord, userId: string): Promise<void> {
  for (let current: ProductRecord | null = product, attempt = 0; current && attempt < 3; attempt += 1) {
    const memberIds = current.memberIds.filter((id) => id !== userId);
    if (memberIds.length === current.memberIds.length) return;
    const reviewerIds = current.reviewerIds.filter((id) => id !== userId);
    try {
      await db.updateProduct(
        enterpriseId,
        current.productId,
        current.version,
        { memberIds, reviewerIds },
        nowIso(),
      );
      return;
    } catch (error) {
      if (!(error instanceof ConditionFailedError)) throw error;
      current = await db.getProduct(enterpriseId, current.productId);
    }
  }
}
