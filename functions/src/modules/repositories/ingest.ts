/**
 * Ingesting what happened in a repository: ref updates (from a webhook, the poll or a sync) are
 * read from the repository itself over git, and every commit or new branch that mentions a
 * work item of a linked project (`#123` in a message, `feature/123-...` as a branch name)
 * attaches to that item: a `ISSUECOMMIT#` / `ISSUEBRANCH#` item and a journal entry carrying
 * `pmProjectRepositoryId`, written together, once (a commit seen again is skipped by the
 * mention's condition). Then the branch heads, the repository's last commit and activity are
 * updated, and subscribers of `repositories.push` (pipelines) get the push.
 *
 * `#123` names item 123 of every project the repository is linked to: a repository usually
 * serves one project, and item numbers are per project.
 */
import { nowIso } from '@core/clock';
import { ConditionFailedError } from '@core/db/operations';
import { getMembership } from '@core/identity/store/memberships';
import { findUserByEmail } from '@core/identity/store/users';
import { branchItemNumber, mentionedNumbers } from '@shared/domain/repositories';
import type { CommitSummary } from '@shared/schemas/repositories';
import { type IssueRecord, projectWithIndex, repositoryJournalOps } from '../issues';
import { remoteOf } from './access';
import { type RemoteCommit, RemoteError, readCommits } from './git/remote';
import { writeOnceOps } from './mention-writes';
import { publishPush } from './push-events';
import {
  type IssueBranchRecord,
  listIssueBranches,
  putIssueBranchOp,
  putIssueCommitOp,
  setIssueBranchState,
} from './store/mentions';
import type { RepositoryRecord } from './store/repositories';
import * as db from './store/repositories';
import { type RefUpdate, ZERO_SHA } from './webhooks';

/** The newest commits read for one ref update; older ones of a longer push are not scanned. */
export const MAX_COMMITS_PER_UPDATE = 250;
/** Mention writes in flight at once. */
const WRITE_CONCURRENCY = 8;

export function commitSummary(commit: RemoteCommit, branch: string | null): CommitSummary {
  return {
    sha: commit.sha,
    shortSha: commit.sha.slice(0, 7),
    title: commit.message.split('\n')[0]!.slice(0, 300),
    author: commit.author,
    authoredAt: commit.authoredAt,
    branch,
  };
}

export interface IngestOutcome {
  commitsRead: number;
  commitMentions: number;
  branchMentions: number;
}

/** The items of the linked projects by number; projects gone since are skipped. */
async function linkedItems(repository: RepositoryRecord): Promise<Map<number, IssueRecord[]>> {
  const links = await db.listRepositoryLinks(repository.enterpriseId, repository.repositoryId);
  const byNumber = new Map<number, IssueRecord[]>();
  for (const link of links) {
    let index: Awaited<ReturnType<typeof projectWithIndex>>['index'];
    try {
      ({ index } = await projectWithIndex(repository.enterpriseId, link.projectId));
    } catch {
      continue;
    }
    for (const row of index.rows.values()) {
      const list = byNumber.get(row.issueNumber) ?? [];
      list.push(row);
      byNumber.set(row.issueNumber, list);
    }
  }
  return byNumber;
}

async function inBatches<T>(
  list: readonly T[],
  size: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  for (let i = 0; i < list.length; i += size) await Promise.all(list.slice(i, i + size).map(work));
}

/** Who made a commit, when the author's email is a member's: the journal's author. */
function authorResolver(enterpriseId: string) {
  const cache = new Map<string, Promise<string>>();
  return (email: string): Promise<string> => {
    const key = email.toLowerCase();
    let found = cache.get(key);
    if (!found) {
      found = (async () => {
        const user = key ? await findUserByEmail(key) : null;
        if (!user) return '';
        return (await getMembership(enterpriseId, user.userId)) ? user.userId : '';
      })();
      cache.set(key, found);
    }
    return found;
  };
}

/**
 * Applies ref updates to the repository's record and its linked items. Safe to run twice: heads
 * already at `after` are skipped, mentions are written once.
 */
export async function ingestRefUpdates(
  enterpriseId: string,
  repositoryId: string,
  updates: readonly RefUpdate[],
): Promise<IngestOutcome> {
  const outcome: IngestOutcome = { commitsRead: 0, commitMentions: 0, branchMentions: 0 };
  const repository = await db.getRepository(enterpriseId, repositoryId);
  if (!repository) return outcome;
  const branchUpdates = updates.filter((u) => u.ref.startsWith('refs/heads/'));
  if (branchUpdates.length === 0) return outcome;
  const headsRecord = await db.getHeads(enterpriseId, repositoryId);
  const pending = branchUpdates.filter((u) => (headsRecord.heads[u.ref.slice(11)] ?? ZERO_SHA) !== u.after);
  if (pending.length === 0) return outcome;

  const remote = await remoteOf(repository);
  const items = await linkedItems(repository);
  const authorOf = authorResolver(enterpriseId);
  const at = nowIso();
  let newest: { commit: RemoteCommit; branch: string } | null = null;
  const pushes: { ref: string; before: string; after: string; commits: string[] }[] = [];

  for (const update of pending) {
    const branch = update.ref.slice(11);
    if (update.after === ZERO_SHA) {
      await markBranchGone(repository, items, branch);
      pushes.push({ ...update, commits: [] });
      continue;
    }
    // Stop at what the branch had, or (a new branch) at any head already seen.
    const known = new Set(Object.values(headsRecord.heads));
    if (update.before !== ZERO_SHA) known.add(update.before);
    let commits: RemoteCommit[];
    try {
      commits = await readCommits(remote, branch, { limit: MAX_COMMITS_PER_UPDATE, stopAt: known });
    } catch (error) {
      // A branch deleted again before we read it: nothing to attach.
      if (error instanceof RemoteError && error.failure === 'notFound') continue;
      throw error;
    }
    outcome.commitsRead += commits.length;
    const first = commits[0];
    if (first && (!newest || first.authoredAt > newest.commit.authoredAt)) newest = { commit: first, branch };
    pushes.push({ ...update, commits: commits.map((c) => c.sha) });

    const branchNumber = branchItemNumber(branch);
    if (update.before === ZERO_SHA && branchNumber !== null) {
      for (const issue of items.get(branchNumber) ?? []) {
        const written = await writeOnceOps(enterpriseId, issue.projectId, [
          putIssueBranchOp({
            enterpriseId,
            projectId: issue.projectId,
            issueId: issue.issueId,
            repositoryId,
            repositoryName: repository.name,
            name: branch,
            sha: update.after,
            source: 'pushed',
            deleted: false,
            createdBy: null,
            createdAt: at,
          }),
          ...repositoryJournalOps(enterpriseId, issue, {
            kind: 'branch',
            pmProjectRepositoryId: repositoryId,
            userId: '',
            notes: `Branch ${branch} was pushed to ${repository.name}`,
            details: [
              { field: 'branch', label: 'Branch', oldValue: null, newValue: branch },
              { field: 'repository', label: 'Repository', oldValue: null, newValue: repository.name },
            ],
            at,
          }),
        ]);
        if (written) outcome.branchMentions += 1;
      }
    }

    const mentions = commits.flatMap((commit) =>
      mentionedNumbers(commit.message).flatMap((n) =>
        (items.get(n) ?? []).map((issue) => ({ commit, issue })),
      ),
    );
    await inBatches(mentions, WRITE_CONCURRENCY, async ({ commit, issue }) => {
      const summary = commitSummary(commit, branch);
      const userId = await authorOf(commit.author.email);
      const written = await writeOnceOps(enterpriseId, issue.projectId, [
        putIssueCommitOp({
          ...summary,
          enterpriseId,
          projectId: issue.projectId,
          issueId: issue.issueId,
          repositoryId,
          repositoryName: repository.name,
          message: commit.message.slice(0, 4000),
          seenAt: at,
        }),
        ...repositoryJournalOps(enterpriseId, issue, {
          kind: 'commit',
          pmProjectRepositoryId: repositoryId,
          userId,
          notes: `${commit.author.name} committed ${summary.shortSha} to ${branch}: ${summary.title}`,
          details: [
            {
              field: 'commit',
              label: 'Commit',
              oldValue: null,
              newValue: `${summary.shortSha} ${summary.title}`,
            },
            { field: 'branch', label: 'Branch', oldValue: null, newValue: branch },
            { field: 'repository', label: 'Repository', oldValue: null, newValue: repository.name },
            { field: 'author', label: 'Author', oldValue: null, newValue: commit.author.name },
          ],
          at,
        }),
      ]);
      if (written) outcome.commitMentions += 1;
    });
  }

  // The heads start as every branch at connection, so their count is the branch count.
  const branchCount = await saveHeads(enterpriseId, repositoryId, pending);
  await db.recordSyncState(enterpriseId, repositoryId, {
    lastActivityAt: at,
    branchCount,
    ...(newest ? { lastCommit: commitSummary(newest.commit, newest.branch) } : {}),
  });
  for (const push of pushes) await publishPush({ enterpriseId, repositoryId, ...push });
  return outcome;
}

/** Moves the stored heads to the updates' `after` (deletes for zero), retrying on a race. */
async function saveHeads(
  enterpriseId: string,
  repositoryId: string,
  updates: readonly RefUpdate[],
): Promise<number> {
  for (let attempt = 0; ; attempt += 1) {
    const { heads, seq } = await db.getHeads(enterpriseId, repositoryId);
    for (const update of updates) {
      const branch = update.ref.slice(11);
      if (update.after === ZERO_SHA) delete heads[branch];
      else heads[branch] = update.after;
    }
    try {
      await db.putHeads(enterpriseId, repositoryId, heads, seq);
      return Object.keys(heads).length;
    } catch (error) {
      if (!(error instanceof ConditionFailedError) || attempt >= 5) throw error;
    }
  }
}

/** A branch gone from the repository: the items' records of it say so. */
async function markBranchGone(
  repository: RepositoryRecord,
  items: Map<number, IssueRecord[]>,
  branch: string,
): Promise<void> {
  const number = branchItemNumber(branch);
  if (number === null) return;
  for (const issue of items.get(number) ?? []) {
    const recorded: IssueBranchRecord[] = await listIssueBranches(
      repository.enterpriseId,
      issue.projectId,
      issue.issueId,
    );
    for (const b of recorded) {
      if (b.repositoryId === repository.repositoryId && b.name === branch && !b.deleted) {
        await setIssueBranchState(b, true, b.sha).catch(() => undefined);
      }
    }
  }
}
