/**
 * Comments on product items (user requirements, specs, plans): `PJOURNAL#{objectLocal}#{journalId}`
 * in the product partition. Journal ids sort by time, so an item's comments come back oldest
 * first. A comment is written only while its item exists (a condition check in the same
 * transaction), and deleted with the item.
 */
import { type Key, keys, productPartition, SK } from '@core/db/keys';
import {
  batchDelete,
  batchGet,
  conditions,
  type Item,
  queryAll,
  transact,
  updateVersioned,
} from '@core/db/operations';
import { getRecord, queryRecords, readRecord } from '@core/db/records';

export interface ProductJournalRecord {
  enterpriseId: string;
  productId: string;
  /** The local id of the requirement, spec or plan. */
  objectId: string;
  journalId: string;
  userId: string;
  /** Markdown. */
  notes: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

function keyOf(journal: Pick<ProductJournalRecord, 'enterpriseId' | 'productId' | 'objectId' | 'journalId'>) {
  return keys.productJournal(journal.enterpriseId, journal.productId, journal.objectId, journal.journalId);
}

function toItem(journal: ProductJournalRecord): Item {
  return { ...keyOf(journal), entity: 'ProductJournal', ...journal };
}

function fromItem(item: Item): ProductJournalRecord {
  return readRecord(
    item,
    ['enterpriseId', 'productId', 'objectId', 'journalId', 'userId', 'createdAt', 'updatedAt', 'version'],
    { notes: '' },
  );
}

/** The kinds of product item a comment may be on. */
export type CommentedKind = 'userRequirement' | 'spec' | 'plan';

/**
 * Access pattern: which item a local id names in a product, one batch of the three keys it could
 * be (UREQ#, SPEC#, PLAN#); null when none exists.
 */
export async function findCommentedObject(
  enterpriseId: string,
  productId: string,
  objectId: string,
): Promise<{ kind: CommentedKind; key: Key } | null> {
  const candidates: [CommentedKind, Key][] = [
    ['userRequirement', keys.userRequirement(enterpriseId, productId, objectId)],
    ['spec', keys.spec(enterpriseId, productId, objectId)],
    ['plan', keys.plan(enterpriseId, productId, objectId)],
  ];
  const found = await batchGet(candidates.map(([, key]) => key));
  const hit = candidates.find(([, key]) => found.some((item) => item.sk === key.sk));
  return hit ? { kind: hit[0], key: hit[1] } : null;
}

// Access pattern: an item's comments, oldest first (begins_with(sk, PJOURNAL#{objectLocal}#)).
export async function listProductJournals(
  enterpriseId: string,
  productId: string,
  objectId: string,
): Promise<ProductJournalRecord[]> {
  return queryRecords(
    productPartition(enterpriseId, productId),
    `${SK.productJournalPrefix}${objectId}#`,
    fromItem,
  );
}

// Access pattern: one comment (PJOURNAL#{objectLocal}#{journalId}).
export async function getProductJournal(
  enterpriseId: string,
  productId: string,
  objectId: string,
  journalId: string,
): Promise<ProductJournalRecord | null> {
  return getRecord(keys.productJournal(enterpriseId, productId, objectId, journalId), fromItem);
}

/** Adds a comment if the item `objectKey` still exists (`ConditionFailedError('object')`). */
export async function createProductJournal(journal: ProductJournalRecord, objectKey: Key): Promise<void> {
  await transact([
    { check: objectKey, condition: conditions.exists, label: 'object' },
    { put: toItem(journal), condition: conditions.notExists, label: 'journal' },
  ]);
}

/** Edits the notes at `expectedVersion` (`'stale'`, or `'missing'` when deleted meanwhile). */
export async function updateProductJournal(
  journal: ProductJournalRecord,
  expectedVersion: number,
  notes: string,
  updatedAt: string,
): Promise<ProductJournalRecord> {
  await updateVersioned(keyOf(journal), expectedVersion, { notes, updatedAt });
  return { ...journal, notes, updatedAt, version: expectedVersion + 1 };
}

/** Deletes a comment (`'missing'` when it is gone already). */
export async function deleteProductJournal(journal: ProductJournalRecord): Promise<void> {
  await transact([{ delete: keyOf(journal), condition: conditions.exists, label: 'missing' }]);
}

/** Deletes an item's comments (after the item itself is gone); reads their keys only. */
export async function deleteProductJournalsOf(enterpriseId: string, productId: string, objectId: string) {
  const found = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': productPartition(enterpriseId, productId),
      ':prefix': `${SK.productJournalPrefix}${objectId}#`,
    },
    ProjectionExpression: 'pk, sk',
    ConsistentRead: true,
  });
  await batchDelete(found.map((item) => ({ pk: item.pk as string, sk: item.sk as string })));
}
