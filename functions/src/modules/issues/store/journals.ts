/**
 * Journals of work items: comments and history entries (created, updated with one detail per
 * changed field, deleted). `JOURNAL#{issueId}#{journalId}` in the project partition (journal ids
 * sort by time, so an item's journals come back oldest first), and on gsi1 the project's activity
 * feed (indexKeys.projectFeed: `{createdAt}#{journalId}`). A deleted item's journals stay, so the
 * feed keeps its history.
 */

import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE } from '@core/db/client';
import { indexKeys, indexPrefixes, keys, projectPartition, SK } from '@core/db/keys';
import type { Item, TxOp } from '@core/db/operations';
import { conditions, queryAll, updateVersioned } from '@core/db/operations';
import { getRecord, readRecord } from '@core/db/records';
import type { JournalDetail } from '@shared/schemas/issues';

export type JournalKind = 'created' | 'updated' | 'comment' | 'deleted' | 'commit' | 'branch';

export interface JournalRecord {
  enterpriseId: string;
  projectId: string;
  issueId: string;
  journalId: string;
  issueNumber: number;
  pmIssueType: number;
  /** The item's title when the entry was written. */
  issueTitle: string;
  kind: JournalKind;
  /** Who wrote the comment or made the change. */
  userId: string;
  notes: string;
  details: JournalDetail[];
  /** The repository a `commit` or `branch` entry is about. */
  pmProjectRepositoryId?: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

function toItem(journal: JournalRecord): Item {
  const { enterpriseId, projectId, issueId, journalId, createdAt } = journal;
  return {
    ...keys.journal(enterpriseId, projectId, issueId, journalId),
    ...indexKeys.projectFeed(enterpriseId, projectId, createdAt, journalId),
    entity: 'Journal',
    ...journal,
  };
}

function fromItem(item: Item): JournalRecord {
  return readRecord(
    item,
    [
      'enterpriseId',
      'projectId',
      'issueId',
      'journalId',
      'issueNumber',
      'pmIssueType',
      'issueTitle',
      'kind',
      'userId',
      'createdAt',
      'updatedAt',
      'version',
    ],
    { notes: '', details: [], pmProjectRepositoryId: null },
  );
}

/** The write of a new journal entry (part of the work-item write it records). */
export function putJournalOp(journal: JournalRecord): TxOp {
  return { put: toItem(journal), condition: conditions.notExists, label: 'journal' };
}

/** The writes of a new comment, if its work item still exists (`ConditionFailedError('issue')` otherwise). */
export function createCommentOps(journal: JournalRecord): TxOp[] {
  return [
    {
      check: keys.issue(journal.enterpriseId, journal.projectId, journal.issueId),
      condition: conditions.exists,
      label: 'issue',
    },
    putJournalOp(journal),
  ];
}

// Access pattern: one journal entry (JOURNAL#{issueId}#{journalId}).
export async function getJournal(
  enterpriseId: string,
  projectId: string,
  issueId: string,
  journalId: string,
): Promise<JournalRecord | null> {
  return getRecord(keys.journal(enterpriseId, projectId, issueId, journalId), fromItem);
}

// Access pattern: a work item's journals, oldest first (begins_with(sk, JOURNAL#{issueId}#)).
export async function listIssueJournals(
  enterpriseId: string,
  projectId: string,
  issueId: string,
): Promise<JournalRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': projectPartition(enterpriseId, projectId),
      ':prefix': `${SK.journalPrefix}${issueId}#`,
    },
    ConsistentRead: true,
  });
  return items.map(fromItem);
}

/** Edits a comment's notes if it still has `expectedVersion` (`'stale'` / `'missing'`). */
export async function updateComment(
  journal: JournalRecord,
  expectedVersion: number,
  notes: string,
  updatedAt: string,
): Promise<JournalRecord> {
  const key = keys.journal(journal.enterpriseId, journal.projectId, journal.issueId, journal.journalId);
  return fromItem(await updateVersioned(key, expectedVersion, { notes, updatedAt }));
}

/** The deletion of a comment (only comments: `ConditionFailedError('notComment')` for history). */
export function deleteCommentOps(journal: JournalRecord): TxOp[] {
  return [
    {
      delete: keys.journal(journal.enterpriseId, journal.projectId, journal.issueId, journal.journalId),
      condition: {
        expression: 'attribute_exists(pk) AND #kind = :comment',
        names: { '#kind': 'kind' },
        values: { ':comment': 'comment' },
      },
      label: 'notComment',
    },
  ];
}

/**
 * Access pattern: one page of the project's activity feed, newest first (gsi1, gsi1pk = the
 * project's feed, descending). The entries before the page are skipped reading keys only; the
 * total is the counters' `journalCount` with the entries not folded yet (store/counters.ts).
 */
export async function feedPage(
  enterpriseId: string,
  projectId: string,
  offset: number,
  limit: number,
): Promise<JournalRecord[]> {
  const base = {
    TableName: TABLE,
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': indexPrefixes.projectFeed(enterpriseId, projectId) },
    ScanIndexForward: false,
  };
  let startKey: Item | undefined;
  for (let skipped = 0; skipped < offset; ) {
    const out = await ddb.send(
      new QueryCommand({
        ...base,
        ProjectionExpression: 'pk, sk, gsi1pk, gsi1sk',
        Limit: offset - skipped,
        ExclusiveStartKey: startKey,
      }),
    );
    skipped += out.Items?.length ?? 0;
    startKey = out.LastEvaluatedKey;
    if (!startKey) return [];
  }
  const journals: JournalRecord[] = [];
  while (journals.length < limit) {
    const out = await ddb.send(
      new QueryCommand({ ...base, Limit: limit - journals.length, ExclusiveStartKey: startKey }),
    );
    journals.push(...(out.Items ?? []).map(fromItem));
    startKey = out.LastEvaluatedKey;
    if (!startKey) break;
  }
  return journals;
}

// The bench's bulk writer (modules/issues/store/bulk.ts) writes journals exactly as the API does.
export { toItem as journalToItem };
