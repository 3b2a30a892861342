/**
 * Revisions of a wiki page: `REV#{localId}#{revision, 8 digits}` in the space's partition. Every
 * save writes one (never changed afterwards, except that deleting a revision drops its content and
 * keeps a tombstone, so numbers are never reused and the history shows the gap). The content is
 * stored gzipped: markdown shrinks three to five times, and a 512 KB page fits an item.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { docsPartition, keys, SK } from '@core/db/keys';
import { batchGet, getItem, type Item, queryAll, type TxOp } from '@core/db/operations';

export interface RevisionRecord {
  enterpriseId: string;
  space: string;
  localId: string;
  revision: number;
  title: string;
  summary: string;
  /** Null once the revision was deleted. */
  content: string | null;
  size: number;
  authorId: string;
  createdAt: string;
  restoredFrom: number | null;
  deletedBy: string | null;
  deletedAt: string | null;
}

/** DynamoDB's item limit is 400 KB; what is left after the other attributes. */
export const MAX_STORED_CONTENT_BYTES = 380 * 1024;

export function compress(content: string): Uint8Array {
  return gzipSync(Buffer.from(content, 'utf8'));
}

function toItem(rev: RevisionRecord, packed: Uint8Array | null): Item {
  const { content: _content, ...rest } = rev;
  return {
    ...keys.docRevision(rev.enterpriseId, rev.space, rev.localId, rev.revision),
    entity: 'WikiRevision',
    ...rest,
    ...(packed ? { contentGz: packed } : {}),
  };
}

function fromItem(item: Item): RevisionRecord {
  const packed = item.contentGz as Uint8Array | undefined;
  return {
    enterpriseId: item.enterpriseId,
    space: item.space,
    localId: item.localId,
    revision: item.revision,
    title: item.title,
    summary: item.summary ?? '',
    content: packed ? gunzipSync(packed).toString('utf8') : null,
    size: item.size ?? 0,
    authorId: item.authorId,
    createdAt: item.createdAt,
    restoredFrom: item.restoredFrom ?? null,
    deletedBy: item.deletedBy ?? null,
    deletedAt: item.deletedAt ?? null,
  };
}

/** Puts a new revision (`'revisionExists'` if its number was taken meanwhile). */
export function putRevisionOp(rev: RevisionRecord, packed: Uint8Array): TxOp {
  return {
    put: toItem(rev, packed),
    condition: { expression: 'attribute_not_exists(pk)' },
    label: 'revisionExists',
  };
}

/** Replaces a revision with its tombstone: no content, who deleted it and when. */
export function tombstoneOp(rev: RevisionRecord, deletedBy: string, deletedAt: string): TxOp {
  return {
    put: toItem({ ...rev, content: null, deletedBy, deletedAt }, null),
    condition: { expression: 'attribute_exists(pk) AND attribute_exists(contentGz)' },
    label: 'revisionDeleted',
  };
}

// Access pattern: one revision (REV#{localId}#{revision}).
export async function getRevision(
  enterpriseId: string,
  space: string,
  localId: string,
  revision: number,
): Promise<RevisionRecord | null> {
  const item = await getItem(keys.docRevision(enterpriseId, space, localId, revision));
  return item ? fromItem(item) : null;
}

// Access pattern: several revisions of a space's pages by key (batch): the current content of
// search hits, a page of a history.
export async function getRevisions(
  enterpriseId: string,
  space: string,
  wanted: readonly { localId: string; revision: number }[],
): Promise<RevisionRecord[]> {
  const items = await batchGet(
    wanted.map((w) => keys.docRevision(enterpriseId, space, w.localId, w.revision)),
  );
  return items.map(fromItem);
}

// Access pattern: every revision key of a page (its purge), keys only.
export async function revisionKeysOf(enterpriseId: string, space: string, localId: string) {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': docsPartition(enterpriseId, space),
      ':prefix': `${SK.docRevisionPrefix}${localId}#`,
    },
    ProjectionExpression: 'pk, sk',
    ConsistentRead: true,
  });
  return items.map((item) => ({ pk: item.pk as string, sk: item.sk as string }));
}
