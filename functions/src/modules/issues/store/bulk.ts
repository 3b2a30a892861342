/**
 * Bulk creation of work items, for the benchmark only (scripts/bench/issues.ts): the same items
 * the API's create writes (item, description, id pointer, `created` journal, one change-log entry
 * each) and the counters stepped exactly as that many creates would, written with batch writes
 * instead of one transaction per item. Not for the API: it skips the per-item validation and
 * requires that nothing else writes to the project meanwhile (the counters step is conditional).
 */
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE } from '@core/db/client';
import { keys } from '@core/db/keys';
import type { Item } from '@core/db/operations';
import { updateItem } from '@core/db/operations';
import { pause } from '@core/pause';
import { changeEntryOp, type ProjectCounters } from './counters';
import { type JournalRecord, journalToItem } from './journals';
import { createIssueOps, type IssueRecord, writtenRows } from './work-items';

export interface BulkIssue {
  issue: IssueRecord;
  description: string;
  journal: JournalRecord;
}

async function batchPut(items: readonly Item[], concurrency: number): Promise<void> {
  const chunks: Item[][] = [];
  for (let i = 0; i < items.length; i += 25) chunks.push(items.slice(i, i + 25));
  let next = 0;
  const worker = async () => {
    for (let at = next++; at < chunks.length; at = next++) {
      let pending = chunks[at]!.map((item) => ({ PutRequest: { Item: item } }));
      for (let attempt = 0; pending.length > 0; attempt += 1) {
        if (attempt > 0) await pause(Math.min(2000, 50 * 2 ** attempt));
        const out = await ddb.send(new BatchWriteCommand({ RequestItems: { [TABLE]: pending } }));
        pending = (out.UnprocessedItems?.[TABLE] as typeof pending | undefined) ?? [];
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/**
 * Writes `issues` (numbered `counters.issueSeq + 1, + 2, ...` by the caller) as creates number
 * `counters.changeSeq + 1, + 2, ...` of the change log, then steps the counters past them (and
 * counts them: nothing else may write to the project meanwhile).
 */
export async function bulkCreateIssues(
  enterpriseId: string,
  projectId: string,
  counters: ProjectCounters,
  issues: readonly BulkIssue[],
  nowMs: number,
  concurrency = 16,
): Promise<void> {
  const items: Item[] = [];
  issues.forEach((entry, i) => {
    const ops = createIssueOps(enterpriseId, entry.issue, entry.description);
    for (const op of ops) {
      if ('put' in op) items.push(op.put);
    }
    items.push(journalToItem(entry.journal));
    const open = entry.issue.status !== 5 ? 1 : 0;
    const change = changeEntryOp(
      enterpriseId,
      projectId,
      { seq: counters.changeSeq + i + 1, firstNumber: entry.issue.issueNumber, at: nowMs, countedSeq: 0 },
      [entry.issue.issueId],
      { issues: 1, open, journals: 1 },
      writtenRows(ops),
      nowMs,
    );
    if ('put' in change) items.push(change.put);
  });
  await batchPut(items, concurrency);
  const open = issues.filter((entry) => entry.issue.status !== 5).length;
  const last = counters.changeSeq + issues.length;
  // Every entry written above is counted at once, as if folded.
  await updateItem(
    keys.projectCounters(enterpriseId, projectId),
    {
      set: {
        entity: 'ProjectCounters',
        projectId,
        changeSeq: last,
        countedSeq: last,
        issueSeq: issues.reduce((n, entry) => Math.max(n, entry.issue.issueNumber), counters.issueSeq),
      },
      add: { issueCount: issues.length, openIssueCount: open, journalCount: issues.length },
    },
    counters.changeSeq === 0
      ? { expression: 'attribute_not_exists(changeSeq) OR changeSeq = :zero', values: { ':zero': 0 } }
      : { expression: 'changeSeq = :seen', values: { ':seen': counters.changeSeq } },
    'changeSeq',
  );
}
