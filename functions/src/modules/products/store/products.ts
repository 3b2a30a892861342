/**
 * The product item and its counters. The product lives in the enterprise partition
 * (`PRODUCT#{id}`, so listing products is one query) beside a uniqueness item for its key
 * (`PRODUCTKEY#{KEY}`); everything inside it lives in its own partition (keys.productPartition).
 *
 * Item shapes other modules rely on (all in the product partition):
 * - `COUNTERS`: `urSeq`, `specSeq` (the last numbers given out), `userRequirementCount`,
 *   `specCount`, `planCount`, and `moduleSeq` (stepped by every module write, which serialises
 *   them: modules/products/store/product-modules.ts).
 * - `UREQ#{local}` and `SPEC#{local}` carry `moduleId` (scoped id or null) and `status`; `SPEC#`
 *   also carries `planId` (scoped id or null), so plans and modules can count them by a query.
 */
import { enterprisePartition, keys, productPartition, SK } from '@core/db/keys';
import {
  batchDelete,
  batchGet,
  ConditionFailedError,
  conditions,
  deletePartition,
  getItem,
  type Item,
  queryPartition,
  type TxOp,
  transact,
  updateItem,
  updateVersioned,
} from '@core/db/operations';
import { getRecord, getRecords, queryRecords, readRecord } from '@core/db/records';
import { listProjects } from '../../projects';

export interface ProductRecord {
  enterpriseId: string;
  productId: string;
  name: string;
  /** The short key (CRM), unique in the enterprise. */
  identifier: string;
  description: string;
  /** 1 active, 2 closed. */
  status: number;
  ownerId: string;
  /** Product members (user ids), the owner and creator included. */
  memberIds: string[];
  /** The members who review requirements and specs; empty: every member reviews. */
  reviewerIds: string[];
  /** Whether a reviewer may pass or reject what they wrote themselves. */
  allowSelfReview: boolean;
  creatorId: string;
  /** When it was pinned to the top of the list; null when not pinned. */
  topAt: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface ProductCounters {
  urSeq: number;
  specSeq: number;
  userRequirementCount: number;
  specCount: number;
  planCount: number;
}

export const EMPTY_PRODUCT_COUNTERS: ProductCounters = {
  urSeq: 0,
  specSeq: 0,
  userRequirementCount: 0,
  specCount: 0,
  planCount: 0,
};

export function productToItem(product: ProductRecord): Item {
  return { ...keys.product(product.enterpriseId, product.productId), entity: 'Product', ...product };
}

export type ProductChanges = Partial<
  Pick<
    ProductRecord,
    'name' | 'description' | 'status' | 'ownerId' | 'memberIds' | 'reviewerIds' | 'allowSelfReview'
  >
>;

export function productFromItem(item: Item): ProductRecord {
  return readRecord(
    item,
    [
      'enterpriseId',
      'productId',
      'name',
      'identifier',
      'status',
      'ownerId',
      'creatorId',
      'createdAt',
      'updatedAt',
      'version',
    ],
    // Products stored before reviewers existed read as "every member reviews".
    { description: '', memberIds: [], reviewerIds: [], allowSelfReview: false, topAt: null },
  );
}

// Access pattern: one product of an enterprise (ENT#{id} / PRODUCT#{productId}).
export async function getProduct(enterpriseId: string, productId: string): Promise<ProductRecord | null> {
  return getRecord(keys.product(enterpriseId, productId), productFromItem);
}

/** The counters an item holds, 0 for each one not stepped yet (all of them without an item). */
export function productCountersFromItem(item: Item | undefined): ProductCounters {
  return readRecord(item ?? {}, [], EMPTY_PRODUCT_COUNTERS);
}

// Access pattern: a product's counters (ENT#{id}#PRD#{productId} / COUNTERS).
export async function getProductCounters(enterpriseId: string, productId: string): Promise<ProductCounters> {
  return productCountersFromItem(await getItem(keys.productCounters(enterpriseId, productId)));
}

/**
 * Adds to the product's counters (creating the item on first use), inside a transaction. Pass
 * `expectSeq` to step a sequence only from the value read (two creators cannot take one number):
 * the op fails with `ConditionFailedError('counters')` when someone went first.
 */
export function productCountersOp(
  enterpriseId: string,
  productId: string,
  add: Partial<ProductCounters>,
  expectSeq?: { field: 'urSeq' | 'specSeq'; value: number },
): TxOp {
  const condition = expectSeq
    ? {
        expression:
          expectSeq.value === 0
            ? `attribute_not_exists(${expectSeq.field}) OR ${expectSeq.field} = :seen`
            : `${expectSeq.field} = :seen`,
        values: { ':seen': expectSeq.value },
      }
    : undefined;
  const amounts = Object.fromEntries(Object.entries(add).filter(([, v]) => v !== undefined)) as Record<
    string,
    number
  >;
  return {
    update: keys.productCounters(enterpriseId, productId),
    add: amounts,
    condition,
    label: 'counters',
  };
}

/** The transaction step that requires the product to still exist (`'product'` when it is gone). */
export function productExistsOp(enterpriseId: string, productId: string): TxOp {
  return {
    check: keys.product(enterpriseId, productId),
    condition: conditions.exists,
    label: 'product',
  };
}

// ---- the product's lifecycle ------------------------------------------------------------------

function productKeyItem(product: Pick<ProductRecord, 'enterpriseId' | 'productId' | 'identifier'>): Item {
  return {
    ...keys.productKey(product.enterpriseId, product.identifier),
    entity: 'ProductKey',
    productId: product.productId,
  };
}

/** Creates a product and claims its key: `ConditionFailedError('key')` when the key is taken. */
export async function createProduct(product: ProductRecord): Promise<void> {
  await transact([
    { put: productToItem(product), condition: conditions.notExists, label: 'product' },
    { put: productKeyItem(product), condition: conditions.notExists, label: 'key' },
  ]);
}

// Access pattern: every product of an enterprise (partition ENT#{id}, sk begins_with PRODUCT#;
// PRODUCTKEY# items do not match the prefix).
export async function listProducts(enterpriseId: string): Promise<ProductRecord[]> {
  return queryRecords(enterprisePartition(enterpriseId), SK.productPrefix, productFromItem);
}

// Access pattern: several products by id (batch); unknown ids are left out.
export async function getProducts(
  enterpriseId: string,
  productIds: readonly string[],
): Promise<ProductRecord[]> {
  return getRecords(
    productIds.map((id) => keys.product(enterpriseId, id)),
    productFromItem,
  );
}

// Access pattern: a product by its key (ENT#{id} / PRODUCTKEY#{KEY}, then the product).
export async function findProductByKey(
  enterpriseId: string,
  productKey: string,
): Promise<ProductRecord | null> {
  const ref = await getItem(keys.productKey(enterpriseId, productKey));
  return ref ? getProduct(enterpriseId, ref.productId) : null;
}

// Access pattern: the counters of several products (batch of ENT#{id}#PRD#{p} / COUNTERS).
export async function getProductCountersOf(
  enterpriseId: string,
  productIds: readonly string[],
): Promise<Map<string, ProductCounters>> {
  const items = await batchGet(productIds.map((id) => keys.productCounters(enterpriseId, id)));
  const byPartition = new Map(items.map((item) => [item.pk as string, item]));
  return new Map(
    productIds.map((id) => [
      id,
      productCountersFromItem(byPartition.get(productPartition(enterpriseId, id))),
    ]),
  );
}

/** Edits a product if it still has `expectedVersion` (`ConditionFailedError('stale' | 'missing')`). */
export async function updateProduct(
  enterpriseId: string,
  productId: string,
  expectedVersion: number,
  changes: ProductChanges,
  updatedAt: string,
): Promise<ProductRecord> {
  const key = keys.product(enterpriseId, productId);
  return productFromItem(await updateVersioned(key, expectedVersion, { ...changes, updatedAt }));
}

/**
 * Pins (a time) or unpins (null) a product for the whole enterprise. Pinning is list order, not
 * content, so it neither needs nor bumps the version (`ConditionFailedError('missing')`).
 */
export async function setProductTop(
  enterpriseId: string,
  productId: string,
  topAt: string | null,
): Promise<ProductRecord> {
  const item = await updateItem(
    keys.product(enterpriseId, productId),
    { set: { topAt } },
    conditions.exists,
    'missing',
  );
  return productFromItem(item);
}

/**
 * Deletes a product: the item and its key in one transaction, so the product stops resolving and
 * the key is free at once (`ConditionFailedError('missing')` when it is gone already); then the
 * projects' pointers to demands its specs were pushed into, and its whole partition.
 */
export async function deleteProduct(product: ProductRecord): Promise<void> {
  const { enterpriseId, productId } = product;
  await transact([
    { delete: keys.product(enterpriseId, productId), condition: conditions.exists, label: 'missing' },
    {
      delete: keys.productKey(enterpriseId, product.identifier),
      condition: { expression: 'productId = :id', values: { ':id': productId } },
      label: 'key',
    },
  ]);
  await deleteDemandSpecPointers(enterpriseId, productId);
  await deletePartition(productPartition(enterpriseId, productId));
}

/**
 * The project side of pushed specs (DEMANDSPEC#{issueId} in each project's partition). The
 * product's SPECDEMAND#{specId}#{projectId}#{issueId} items name them in their sort key.
 */
async function deleteDemandSpecPointers(enterpriseId: string, productId: string): Promise<void> {
  const links = await queryPartition(productPartition(enterpriseId, productId), SK.specDemandPrefix);
  const pointers = links.flatMap((link) => {
    const [, , projectId, issueId] = String(link.sk).split('#');
    return projectId && issueId ? [keys.demandSpec(enterpriseId, projectId, issueId)] : [];
  });
  await batchDelete(pointers);
}

/** Deletes the contents of a product's partition (not the product item), e.g. with its enterprise. */
export async function deleteProductPartition(enterpriseId: string, productId: string): Promise<void> {
  await deletePartition(productPartition(enterpriseId, productId));
}

/**
 * Unlinks the projects that name a deleted product (their `productId` becomes null, which is a
 * change of the project, so its version steps). A project edited to another product meanwhile
 * is left alone.
 */
export async function unlinkProjectsOfProduct(
  enterpriseId: string,
  productId: string,
  updatedAt: string,
): Promise<void> {
  const linked = (await listProjects(enterpriseId)).filter((p) => p.productId === productId);
  for (const project of linked) {
    try {
      await updateItem(
        keys.project(enterpriseId, project.projectId),
        { set: { productId: null, updatedAt }, add: { version: 1 } },
        { expression: 'productId = :id', values: { ':id': productId } },
      );
    } catch (error) {
      if (!(error instanceof ConditionFailedError)) throw error;
    }
  }
}
