/**
 * Journals: comments (edited and deleted by their authors only) and the history entries that
 * work-item writes record (permanent). Listing is per item, oldest first; the project's feed is
 * in modules/projects/statistics.ts.
 */

import { nowIso } from '@core/clock';
import { keys } from '@core/db/keys';
import { ConditionFailedError, conditions, onConditionFailed, type TxOp } from '@core/db/operations';
import { conflict, forbidden, notFound, staleVersion } from '@core/errors';
import { userSummaries } from '@core/identity/people';
import { newJournalId } from '@core/ids';
import { publish } from '@core/jobs/jobs';
import { pageOf } from '@core/paging';
import type { Page } from '@shared/schemas/common';
import type { Journal, JournalDetail } from '@shared/schemas/issues';
import { issueActivity } from '@shared/schemas/notifications';
import { issueNotFound, loadIssue } from './context';
import type { JournalKind, JournalRecord } from './store/journals';
import * as db from './store/journals';
import type { IssueRecord } from './store/work-items';
import { journalView } from './views';
import { writeCounted } from './write-loop';

/** A new journal entry about `issue` (as it is after the change). */
export function journalFor(
  enterpriseId: string,
  issue: IssueRecord,
  kind: JournalKind,
  userId: string,
  at: string,
  details: JournalDetail[] = [],
  notes = '',
): JournalRecord {
  return {
    enterpriseId,
    projectId: issue.projectId,
    issueId: issue.issueId,
    journalId: newJournalId(),
    issueNumber: issue.issueNumber,
    pmIssueType: issue.pmIssueType,
    issueTitle: issue.title,
    kind,
    userId,
    notes,
    details,
    createdAt: at,
    updatedAt: at,
    version: 1,
  };
}

/**
 * The writes of a `commit` or `branch` journal entry that the repositories module records when a
 * commit or branch of a linked repository mentions the item (`pmProjectRepositoryId` names the
 * repository): the entry and a check that the item still exists
 * (`ConditionFailedError('issue')` otherwise). The caller adds its own writes (the mention
 * itself, conditioned on being new) to the same transaction, so an entry is written once.
 */
export function repositoryJournalOps(
  enterpriseId: string,
  issue: IssueRecord,
  entry: {
    kind: 'commit' | 'branch';
    pmProjectRepositoryId: string;
    userId: string;
    notes: string;
    details: JournalDetail[];
    at: string;
  },
): TxOp[] {
  const journal = {
    ...journalFor(enterpriseId, issue, entry.kind, entry.userId, entry.at, entry.details, entry.notes),
    pmProjectRepositoryId: entry.pmProjectRepositoryId,
  };
  return [
    {
      check: keys.issue(enterpriseId, issue.projectId, issue.issueId),
      condition: conditions.exists,
      label: 'issue',
    },
    db.putJournalOp(journal),
  ];
}

/** Writes ops that add one journal entry (and whatever else they hold) through the change log. */
export function writeJournalEntry(enterpriseId: string, projectId: string, ops: TxOp[]): Promise<void> {
  return writeCounted(enterpriseId, projectId, ops, 1);
}

export async function journalViews(journals: readonly JournalRecord[]): Promise<Journal[]> {
  const users = await userSummaries(journals.map((j) => j.userId));
  return journals.map((j) => journalView(j, users));
}

/** One page of an item's journals, oldest first; `comment` or `history` (everything else) only. */
export async function listJournals(
  enterpriseId: string,
  issueId: string,
  query: { pageNum: number; pageSize: number; kind?: 'comment' | 'history' },
): Promise<Page<Journal>> {
  const { issue } = await loadIssue(enterpriseId, issueId);
  const all = await db.listIssueJournals(enterpriseId, issue.projectId, issueId);
  const wanted =
    query.kind === undefined
      ? all
      : all.filter((j) => (query.kind === 'comment' ? j.kind === 'comment' : j.kind !== 'comment'));
  return pageOf(wanted, query, journalViews);
}

export async function addComment(
  enterpriseId: string,
  userId: string,
  issueId: string,
  notes: string,
): Promise<Journal> {
  const { issue } = await loadIssue(enterpriseId, issueId);
  const journal = journalFor(enterpriseId, issue, 'comment', userId, nowIso(), [], notes);
  await onConditionFailed(writeCounted(enterpriseId, issue.projectId, db.createCommentOps(journal), +1), {
    issue: () => issueNotFound(issueId),
  });
  const event = issueActivity(enterpriseId, userId, journal.createdAt, issue, issue, { comment: notes });
  await publish('issues', 'issues.activity', event);
  const [view] = await journalViews([journal]);
  return view!;
}

const journalNotFound = (journalId: string) => notFound(`Journal entry ${journalId} does not exist`);

/** The comment `journalId` of the item, if the caller wrote it: 404, 409 for history, 403 for others'. */
async function ownComment(
  enterpriseId: string,
  userId: string,
  issueId: string,
  journalId: string,
  action: 'edited' | 'deleted',
): Promise<JournalRecord> {
  const { issue } = await loadIssue(enterpriseId, issueId);
  const journal = await db.getJournal(enterpriseId, issue.projectId, issueId, journalId);
  if (!journal) throw journalNotFound(journalId);
  if (journal.kind !== 'comment') throw conflict(`History entries cannot be ${action}`);
  if (journal.userId !== userId)
    throw forbidden(`Only the author of a comment can ${action === 'edited' ? 'edit' : 'delete'} it`);
  return journal;
}

export async function editComment(
  enterpriseId: string,
  userId: string,
  issueId: string,
  journalId: string,
  body: { notes: string; version: number },
): Promise<Journal> {
  const journal = await ownComment(enterpriseId, userId, issueId, journalId, 'edited');
  if (journal.version !== body.version) throw staleVersion('The comment');
  if (journal.notes === body.notes) return (await journalViews([journal]))[0]!;
  const updated = await onConditionFailed(db.updateComment(journal, body.version, body.notes, nowIso()), {
    stale: () => staleVersion('The comment'),
    missing: () => journalNotFound(journalId),
  });
  return (await journalViews([updated]))[0]!;
}

export async function deleteComment(
  enterpriseId: string,
  userId: string,
  issueId: string,
  journalId: string,
): Promise<void> {
  const journal = await ownComment(enterpriseId, userId, issueId, journalId, 'deleted');
  try {
    await writeCounted(enterpriseId, journal.projectId, db.deleteCommentOps(journal), -1);
  } catch (error) {
    if (error instanceof ConditionFailedError) throw journalNotFound(journalId);
    throw error;
  }
}
