/**
 * An enterprise-wide tag vocabulary: work-item tags (modules/issues/store/tags.ts), requirement
 * tags (modules/products/store/requirement-tags.ts) and case tags (modules/testcases/store/tags.ts)
 * are three of them, with the same rules; it sits in core because three modules build on it.
 * Tags live in the enterprise partition; a tag's name is unique in the enterprise ignoring case,
 * through a uniqueness item holding the tag id that is written in the same transaction as the
 * tag, and moved in the same transaction when the name changes (the role-key pattern of
 * core/identity/store/roles.ts).
 */
import { enterprisePartition, type Key } from '../db/keys';
import type { Item, TxOp } from '../db/operations';
import { conditions, transact } from '../db/operations';
import { getRecord, getRecords, queryRecords, readRecord } from '../db/records';

export interface TagRecord {
  enterpriseId: string;
  tagId: string;
  name: string;
  color: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export type TagChanges = Partial<Pick<TagRecord, 'name' | 'color'>>;

export interface TagVocabularyKeys {
  /** The sort-key prefix of the tags (their list is one query). */
  prefix: string;
  tag: (enterpriseId: string, tagId: string) => Key;
  /** The uniqueness item of a lower-cased name. */
  name: (enterpriseId: string, lowerName: string) => Key;
  /** The item's `entity`; the name item's is `{entity}Name`. */
  entity: string;
  /** Writes that go with every tag write (e.g. a sequence a cache watches). */
  alsoOnWrite?: (enterpriseId: string) => TxOp[];
}

function fromItem(item: Item): TagRecord {
  return readRecord(
    item,
    ['enterpriseId', 'tagId', 'name', 'color', 'createdAt', 'updatedAt', 'version'],
    {},
  );
}

/** The reads and writes of one vocabulary. Writes fail with `ConditionFailedError` labelled as noted. */
export function tagVocabulary(v: TagVocabularyKeys) {
  const toItem = (tag: TagRecord): Item => ({
    ...v.tag(tag.enterpriseId, tag.tagId),
    entity: v.entity,
    ...tag,
  });
  const nameKey = (enterpriseId: string, name: string) => v.name(enterpriseId, name.toLowerCase());
  const nameItem = (tag: Pick<TagRecord, 'enterpriseId' | 'tagId' | 'name'>): Item => ({
    ...nameKey(tag.enterpriseId, tag.name),
    entity: `${v.entity}Name`,
    tagId: tag.tagId,
  });
  const also = (enterpriseId: string) => v.alsoOnWrite?.(enterpriseId) ?? [];

  return {
    // Access pattern: every tag of the vocabulary (ENT#{id}, begins_with(sk, prefix)).
    async list(enterpriseId: string): Promise<TagRecord[]> {
      return queryRecords(enterprisePartition(enterpriseId), v.prefix, fromItem);
    },

    // Access pattern: one tag.
    async get(enterpriseId: string, tagId: string): Promise<TagRecord | null> {
      return getRecord(v.tag(enterpriseId, tagId), fromItem);
    },

    // Access pattern: several tags by id (batch); unknown ids are left out.
    async getMany(enterpriseId: string, tagIds: readonly string[]): Promise<TagRecord[]> {
      return getRecords(
        tagIds.map((id) => v.tag(enterpriseId, id)),
        fromItem,
      );
    },

    /** Creates a tag and claims its name (`'name'` when taken). */
    async create(tag: TagRecord): Promise<void> {
      await transact([
        { put: toItem(tag), condition: conditions.notExists, label: 'tag' },
        { put: nameItem(tag), condition: conditions.notExists, label: 'name' },
        ...also(tag.enterpriseId),
      ]);
    },

    /**
     * Edits a tag if it still has `tag.version` (`'stale'`); a new name is claimed and the old
     * one released in the same transaction (`'name'` when taken).
     */
    async update(tag: TagRecord, changes: TagChanges, updatedAt: string): Promise<TagRecord> {
      const next: TagRecord = { ...tag, ...changes, updatedAt, version: tag.version + 1 };
      const renamed = changes.name !== undefined && changes.name.toLowerCase() !== tag.name.toLowerCase();
      await transact([
        { put: toItem(next), condition: conditions.version(tag.version), label: 'stale' },
        ...(renamed
          ? [
              { delete: nameKey(tag.enterpriseId, tag.name) },
              { put: nameItem(next), condition: conditions.notExists, label: 'name' },
            ]
          : // Unchanged, or only its case changed: the uniqueness item stays as it is.
            []),
        ...also(tag.enterpriseId),
      ]);
      return next;
    },

    /** Deletes a tag and releases its name (`'missing'` when it is gone already). */
    async remove(tag: TagRecord): Promise<void> {
      await transact([
        { delete: v.tag(tag.enterpriseId, tag.tagId), condition: conditions.exists, label: 'missing' },
        { delete: nameKey(tag.enterpriseId, tag.name) },
        ...also(tag.enterpriseId),
      ]);
    },
  };
}
