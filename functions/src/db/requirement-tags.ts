/**
 * Requirement tags of an enterprise (ENT#{id} / REQTAG#{tagId}), shared by all its products. A
 * tag's name is unique in the enterprise, ignoring case: a uniqueness item
 * ENT#{id} / REQTAGNAME#{lower-cased name} holding the tag id is written in the same transaction
 * as the tag, and moved in the same transaction when the name changes (as db/issue-tags.ts).
 */
import { enterprisePartition, keys, SK } from './keys';
import { batchGet, conditions, getItem, type Item, queryPartition, transact } from './operations';

export interface RequirementTagRecord {
  enterpriseId: string;
  tagId: string;
  name: string;
  color: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export type RequirementTagChanges = Partial<Pick<RequirementTagRecord, 'name' | 'color'>>;

function toItem(tag: RequirementTagRecord): Item {
  return { ...keys.requirementTag(tag.enterpriseId, tag.tagId), entity: 'RequirementTag', ...tag };
}

function fromItem(item: Item): RequirementTagRecord {
  return {
    enterpriseId: item.enterpriseId,
    tagId: item.tagId,
    name: item.name,
    color: item.color,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    version: item.version,
  };
}

const nameKey = (enterpriseId: string, name: string) =>
  keys.requirementTagName(enterpriseId, name.toLowerCase());

function nameItem(tag: Pick<RequirementTagRecord, 'enterpriseId' | 'tagId' | 'name'>): Item {
  return { ...nameKey(tag.enterpriseId, tag.name), entity: 'RequirementTagName', tagId: tag.tagId };
}

// Access pattern: every requirement tag of an enterprise (ENT#{id}, begins_with(sk, REQTAG#)).
export async function listRequirementTagRecords(enterpriseId: string): Promise<RequirementTagRecord[]> {
  const items = await queryPartition(enterprisePartition(enterpriseId), SK.requirementTagPrefix);
  return items.map(fromItem);
}

// Access pattern: one requirement tag (ENT#{id} / REQTAG#{tagId}).
export async function getRequirementTag(
  enterpriseId: string,
  tagId: string,
): Promise<RequirementTagRecord | null> {
  const item = await getItem(keys.requirementTag(enterpriseId, tagId));
  return item ? fromItem(item) : null;
}

// Access pattern: several requirement tags by id (batch); unknown ids are left out.
export async function getRequirementTags(
  enterpriseId: string,
  tagIds: readonly string[],
): Promise<RequirementTagRecord[]> {
  const items = await batchGet(tagIds.map((id) => keys.requirementTag(enterpriseId, id)));
  return items.map(fromItem);
}

/** Creates a tag and claims its name: `ConditionFailedError('name')` when taken. */
export async function createRequirementTag(tag: RequirementTagRecord): Promise<void> {
  await transact([
    { put: toItem(tag), condition: conditions.notExists, label: 'tag' },
    { put: nameItem(tag), condition: conditions.notExists, label: 'name' },
  ]);
}

/**
 * Edits a tag if it still has `tag.version` (`'stale'`); a new name is claimed and the old one
 * released in the same transaction (`'name'` when taken).
 */
export async function updateRequirementTag(
  tag: RequirementTagRecord,
  changes: RequirementTagChanges,
  updatedAt: string,
): Promise<RequirementTagRecord> {
  const next: RequirementTagRecord = { ...tag, ...changes, updatedAt, version: tag.version + 1 };
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
  ]);
  return next;
}

/** Deletes a tag and releases its name (`'missing'` when it is gone already). */
export async function deleteRequirementTag(tag: RequirementTagRecord): Promise<void> {
  await transact([
    {
      delete: keys.requirementTag(tag.enterpriseId, tag.tagId),
      condition: conditions.exists,
      label: 'missing',
    },
    { delete: nameKey(tag.enterpriseId, tag.name) },
  ]);
}
