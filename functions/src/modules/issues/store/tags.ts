/**
 * Work-item tags of an enterprise (ENT#{id} / ISSUETAG#{tagId}; names unique through
 * ENT#{id} / TAGNAME#{lower-cased name}): a tag vocabulary (core/tags/store.ts) whose every
 * write also steps the enterprise's tag sequence.
 */
import { enterprisePartition, type Key, keys, SK } from '@core/db/keys';
import { getItem, type TxOp } from '@core/db/operations';
import { type TagRecord, tagVocabulary } from '@core/tags/store';

export type IssueTagRecord = TagRecord;

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

export const issueTags = tagVocabulary({
  prefix: SK.issueTagPrefix,
  tag: keys.issueTag,
  // The uniqueness item (not in keys.ts: only this module uses it).
  name: (enterpriseId, lowerName) => ({ pk: enterprisePartition(enterpriseId), sk: `TAGNAME#${lowerName}` }),
  entity: 'IssueTag',
  alsoOnWrite: (enterpriseId) => [tagSeqOp(enterpriseId)],
});
