/**
 * Removing an enterprise's artifact library when the enterprise is deleted: each repository's
 * partition (`ENT#{e}#ART#{r}`: components, assets, tags, uploads), the blob counts
 * (`ENT#{e}#ARTBLOB`) and every object under `ent/{e}/artifacts/` (blobs and pending uploads).
 * The repositories themselves live in the enterprise partition, which the enterprise module
 * deletes; so their ids are read before it goes and travel in the job's payload.
 *
 * A run deletes at most PURGE_STEP items and objects, then queues the rest as a new run: a big
 * library never holds one invocation past its timeout, and a run that fails is delivered again
 * and starts over from what is left (deleting is idempotent, and what is gone is not found).
 */
import { artifactBlobPartition, artifactRepositoryPartition } from '@core/db/keys';
import { batchDelete, queryPage } from '@core/db/operations';
import { deleteObjects, listSomeObjectKeys } from '@core/storage/files';

export interface PurgePayload {
  enterpriseId: string;
  repositoryIds: string[];
}

/** Items and objects one run deletes before it queues the rest. */
export const PURGE_STEP = 2000;

const artifactsPrefix = (enterpriseId: string) => `ent/${enterpriseId}/artifacts/`;

/** Deletes up to `budget` items of the partition: how many, and whether it is empty now. */
async function deleteSomeOf(pk: string, budget: number): Promise<{ deleted: number; done: boolean }> {
  let deleted = 0;
  while (deleted < budget) {
    // Only the keys: the items are not read in full just to be deleted.
    const page = await queryPage({
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ProjectionExpression: 'pk, sk',
      ConsistentRead: true,
      Limit: Math.min(500, budget - deleted),
    });
    if (page.items.length === 0) return { deleted, done: true };
    await batchDelete(page.items.map((item) => ({ pk: String(item.pk), sk: String(item.sk) })));
    deleted += page.items.length;
  }
  return { deleted, done: false };
}

/** One bounded run: true when nothing of the library is left. */
export async function purgeStep(payload: PurgePayload, budget = PURGE_STEP): Promise<boolean> {
  const { enterpriseId, repositoryIds } = payload;
  const partitions = [
    ...repositoryIds.map((id) => artifactRepositoryPartition(enterpriseId, id)),
    artifactBlobPartition(enterpriseId),
  ];
  let left = budget;
  for (const pk of partitions) {
    const { deleted, done } = await deleteSomeOf(pk, left);
    left -= deleted;
    if (!done) return false;
  }
  while (left > 0) {
    const keys = await listSomeObjectKeys(artifactsPrefix(enterpriseId), left);
    if (keys.length === 0) return true;
    await deleteObjects(keys);
    left -= keys.length;
  }
  return (await listSomeObjectKeys(artifactsPrefix(enterpriseId), 1)).length === 0;
}
