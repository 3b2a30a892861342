/**
 * Entities numbered within a project (sprints, test cases, test sheets, reports) carry a scoped id,
 * `{projectId}.{localId}`, and their key is derived from it. Their stores share these two pieces:
 * where an id points, and the reads by id (one record, or several in one batch).
 */
import { parseScopedId } from '../ids';
import type { Key } from './keys';
import { getRecord, getRecords, type ItemReader } from './records';

/** Where a project-scoped id points: its project, its local part and the item's key. */
export interface ProjectScopedLocation<K extends Key = Key> {
  projectId: string;
  localId: string;
  key: K;
}

/**
 * Where ids of one entity point, given the key catalogue's function for it. An id that is not
 * one of a project's (no dot, or a parent with a dot: another entity's scoped id) points nowhere.
 */
export function projectScopedKey<K extends Key>(
  keyOf: (enterpriseId: string, projectId: string, localId: string) => K,
) {
  return (enterpriseId: string, id: string): ProjectScopedLocation<K> | null => {
    const parts = parseScopedId(id);
    if (!parts || parts.parentId.includes('.')) return null;
    return {
      projectId: parts.parentId,
      localId: parts.localId,
      key: keyOf(enterpriseId, parts.parentId, parts.localId),
    };
  };
}

/**
 * The reads by scoped id: `one` record (null when missing), and `many` in one batch, in no
 * particular order. Ids that point nowhere read as missing, so callers need not check them first.
 */
export function scopedReads<R>(
  locate: (enterpriseId: string, id: string) => { key: Key } | null,
  read: ItemReader<R>,
) {
  return {
    one: (enterpriseId: string, id: string): Promise<R | null> =>
      getRecord(locate(enterpriseId, id)?.key, read),
    many: (enterpriseId: string, ids: readonly string[]): Promise<R[]> =>
      getRecords(
        ids.flatMap((id) => locate(enterpriseId, id)?.key ?? []),
        read,
      ),
  };
}
