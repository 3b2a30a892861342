/**
 * Work-item tags of an enterprise (ENT#{id} / ISSUETAG#{tagId}). A tag's name is unique in the
 * enterprise, ignoring case: a uniqueness item ENT#{id} / TAGNAME#{lower-cased name} holding the
 * tag id is written in the same transaction as the tag, and moved in the same transaction when
 * the name changes (the role-key pattern of db/roles.ts).
 */
import { enterprisePartition, type Key, keys, SK } from './keys';
import { batchGet, conditions, getItem, type Item, queryPartition, type TxOp, transact } from './operations';

export interface IssueTagRecord {
  enterpriseId: string;
  tagId: string;
  name: string;
  color: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export type IssueTagChanges = Partial<Pick<IssueTagRecord, 'name' | 'color'>>;

/**
 * The enterprise's tag sequence (ENT#{id} / TAGSEQ): `tagSeq` goes up by one in every tag write's
 * transaction, so a process that keeps the tag list in memory knows it is current when the
 * number is unchanged (read in the same batch as a list's other reads; not in keys.ts: only the
 * work-item modules use it).
 */
export const tagSeqKey = (enterpriseId: string): Key => ({
  pk: enterprisePartition(enterpriseId),
  sk: 'TAGSEQ',
});

function tagSeqOp(enterpriseId: string): TxOp {
  return { update: tagSeqKey(enterpriseId), set: { entity: 'IssueTagSequence' }, add: { tagSeq: 1 } };
}

// Access pattern: the enterprise's tag sequence (0 before any tag was written).
export async function getTagSeq(enterpriseId: string): Promise<number> {
  return ((await getItem(tagSeqKey(enterpriseId)))?.tagSeq as number | undefined) ?? 0;
}

/** The uniqueness item of a tag name (not in keys.ts: only this module uses it). */
const tagNameKey = (enterpriseId: string, name: string): Key => ({
  pk: enterprisePartition(enterpriseId),
  sk: `TAGNAME#${name.toLowerCase()}`,
});

function toItem(tag: IssueTagRecord): Item {
  return { ...keys.issueTag(tag.enterpriseId, tag.tagId), entity: 'IssueTag', ...tag };
}

function fromItem(item: Item): IssueTagRecord {
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

function nameItem(tag: Pick<IssueTagRecord, 'enterpriseId' | 'tagId' | 'name'>): Item {
  return { ...tagNameKey(tag.enterpriseId, tag.name), entity: 'IssueTagName', tagId: tag.tagId };
}

// Access pattern: every tag of an enterprise (ENT#{id}, begins_with(sk, ISSUETAG#)).
export async function listIssueTags(enterpriseId: string): Promise<IssueTagRecord[]> {
  const items = await queryPartition(enterprisePartition(enterpriseId), SK.issueTagPrefix);
  return items.map(fromItem);
}

// Access pattern: one tag (ENT#{id} / ISSUETAG#{tagId}).
export async function getIssueTag(enterpriseId: string, tagId: string): Promise<IssueTagRecord | null> {
  const item = await getItem(keys.issueTag(enterpriseId, tagId));
  return item ? fromItem(item) : null;
}

// Access pattern: several tags by id (batch); unknown ids are left out.
export async function getIssueTags(
  enterpriseId: string,
  tagIds: readonly string[],
): Promise<IssueTagRecord[]> {
  const items = await batchGet(tagIds.map((id) => keys.issueTag(enterpriseId, id)));
  return items.map(fromItem);
}

/** Creates a tag and claims its name: `ConditionFailedError('name')` when taken. */
export async function createIssueTag(tag: IssueTagRecord): Promise<void> {
  await transact([
    { put: toItem(tag), condition: conditions.notExists, label: 'tag' },
    { put: nameItem(tag), condition: conditions.notExists, label: 'name' },
    tagSeqOp(tag.enterpriseId),
  ]);
}

/**
 * Edits a tag if it still has `tag.version` (`'stale'`); a new name is claimed and the old one
 * released in the same transaction (`'name'` when taken).
 */
export async function updateIssueTag(
  tag: IssueTagRecord,
  changes: IssueTagChanges,
  updatedAt: string,
): Promise<IssueTagRecord> {
  const next: IssueTagRecord = { ...tag, ...changes, updatedAt, version: tag.version + 1 };
  const renamed = changes.name !== undefined && changes.name.toLowerCase() !== tag.name.toLowerCase();
  await transact([
    { put: toItem(next), condition: conditions.version(tag.version), label: 'stale' },
    ...(renamed
      ? [
          { delete: tagNameKey(tag.enterpriseId, tag.name) },
          { put: nameItem(next), condition: conditions.notExists, label: 'name' },
        ]
      : // Unchanged, or only its case changed: the uniqueness item stays as it is.
        []),
    tagSeqOp(tag.enterpriseId),
  ]);
  return next;
}

/** Deletes a tag and releases its name (`'missing'` when it is gone already). */
export async function deleteIssueTag(tag: IssueTagRecord): Promise<void> {
  await transact([
    { delete: keys.issueTag(tag.enterpriseId, tag.tagId), condition: conditions.exists, label: 'missing' },
    { delete: tagNameKey(tag.enterpriseId, tag.name) },
    tagSeqOp(tag.enterpriseId),
  ]);
}
