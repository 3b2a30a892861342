/**
 * Reads of one kind of item in a repository's partition (`ENT#{e}#ART#{r}`): every item whose
 * sort key starts with the kind's prefix (and more: a path prefix, a snapshot's name), or the one
 * whose sort key is the prefix and its id. The stores name their access patterns with it rather
 * than writing each query again.
 */
import { artifactRepositoryPartition } from '@core/db/keys';
import type { Item } from '@core/db/operations';
import { getRecord, queryRecords } from '@core/db/records';

export interface RepositoryItems<T> {
  list(enterpriseId: string, repositoryId: string, more?: string): Promise<T[]>;
  get(enterpriseId: string, repositoryId: string, id: string): Promise<T | null>;
}

export function repositoryItems<T>(prefix: string, fromItem: (item: Item) => T): RepositoryItems<T> {
  return {
    list: (enterpriseId, repositoryId, more = '') =>
      queryRecords(artifactRepositoryPartition(enterpriseId, repositoryId), `${prefix}${more}`, fromItem),
    get: (enterpriseId, repositoryId, id) =>
      getRecord(
        { pk: artifactRepositoryPartition(enterpriseId, repositoryId), sk: `${prefix}${id}` },
        fromItem,
      ),
  };
}
