/**
 * Comments on product items (`pmsJournals`): user requirements, specs and plans. A comment's id
 * is scoped under the item's (`{productId}.{itemLocal}.{local}`), so the id alone finds it. Only
 * the author edits or deletes a comment (403 otherwise).
 */

import { firstVersion, nowIso } from '@core/clock';
import { ConditionFailedError, onConditionFailed } from '@core/db/operations';
import { forbidden, notFound, staleVersion } from '@core/errors';
import { userSummaries } from '@core/identity/people';
import { newJournalId, parseScopedId } from '@core/ids';
import { pageOf } from '@core/paging';
import type { Page } from '@shared/schemas/common';
import type { ProductJournal } from '@shared/schemas/requirements';
import { splitProductScopedId } from '../products';
import type { ProductJournalRecord } from './store/comments';
import * as db from './store/comments';
import { productJournalView } from './views';

const objectNotFound = (objectId: string) => notFound(`No user requirement, spec or plan ${objectId} exists`);
const journalNotFound = (id: string) => notFound(`Comment ${id} does not exist`);

/** The product and local id of the commented item, and its key; 404 when no such item exists. */
async function requireObject(enterpriseId: string, objectId: string) {
  const { productId, localId } = splitProductScopedId(objectId, 'User requirement, spec or plan');
  const found = await db.findCommentedObject(enterpriseId, productId, localId);
  if (!found) throw objectNotFound(objectId);
  return { productId, localId, key: found.key };
}

async function views(journals: readonly ProductJournalRecord[]): Promise<ProductJournal[]> {
  const users = await userSummaries(journals.map((j) => j.userId));
  return journals.map((j) => productJournalView(j, users));
}

/** One page of an item's comments, oldest first. */
export async function listProductJournals(
  enterpriseId: string,
  query: { objectId: string; pageNum: number; pageSize: number },
): Promise<Page<ProductJournal>> {
  const { productId, localId } = await requireObject(enterpriseId, query.objectId);
  const all = await db.listProductJournals(enterpriseId, productId, localId);
  return pageOf(all, query, views);
}

export async function addProductJournal(
  enterpriseId: string,
  userId: string,
  body: { objectId: string; notes: string },
): Promise<ProductJournal> {
  const { productId, localId, key } = await requireObject(enterpriseId, body.objectId);
  const at = nowIso();
  const journal: ProductJournalRecord = {
    enterpriseId,
    productId,
    objectId: localId,
    journalId: newJournalId(),
    userId,
    notes: body.notes,
    ...firstVersion(at),
  };
  await onConditionFailed(db.createProductJournal(journal, key), {
    object: () => objectNotFound(body.objectId),
  });
  return (await views([journal]))[0]!;
}

/** The comment `id` names, if the caller wrote it: 404 when unknown, 403 for someone else's. */
async function ownJournal(enterpriseId: string, userId: string, id: string, doing: 'edit' | 'delete') {
  const parts = parseScopedId(id);
  if (!parts) throw journalNotFound(id);
  const object = parseScopedId(parts.parentId);
  // A comment id has exactly two dots: {productId}.{itemLocal}.{local}.
  if (!object || object.parentId.includes('.')) throw journalNotFound(id);
  const journal = await db.getProductJournal(enterpriseId, object.parentId, object.localId, parts.localId);
  if (!journal) throw journalNotFound(id);
  if (journal.userId !== userId) throw forbidden(`Only the author of a comment can ${doing} it`);
  return journal;
}

export async function editProductJournal(
  enterpriseId: string,
  userId: string,
  body: { id: string; notes: string; version: number },
): Promise<ProductJournal> {
  const journal = await ownJournal(enterpriseId, userId, body.id, 'edit');
  if (journal.version !== body.version) throw staleVersion('The comment');
  if (journal.notes === body.notes) return (await views([journal]))[0]!;
  const updated = await onConditionFailed(
    db.updateProductJournal(journal, body.version, body.notes, nowIso()),
    {
      stale: () => staleVersion('The comment'),
      missing: () => journalNotFound(body.id),
    },
  );
  return (await views([updated]))[0]!;
}

export async function deleteProductJournal(enterpriseId: string, userId: string, id: string): Promise<void> {
  const journal = await ownJournal(enterpriseId, userId, id, 'delete');
  try {
    await db.deleteProductJournal(journal);
  } catch (error) {
    if (error instanceof ConditionFailedError) throw journalNotFound(id);
    throw error;
  }
}
