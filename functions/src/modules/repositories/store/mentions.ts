/**
 * Branches and commits of linked repositories that belong to work items, in the item's project
 * partition: `ISSUEBRANCH#{issueId}#{repositoryId}#{branch}` and
 * `ISSUECOMMIT#{issueId}#{repositoryId}#{sha}`. Each is put only if new, in the same
 * transaction as its journal entry, so a commit seen twice (webhook and poll, or a redelivery)
 * is recorded once.
 */
import { keys, projectPartition, SK } from '@core/db/keys';
import { conditions, type Item, queryPartition, type TxOp, updateItem } from '@core/db/operations';
import type { CommitSummary } from '@shared/schemas/repositories';

export interface IssueBranchRecord {
  enterpriseId: string;
  projectId: string;
  issueId: string;
  repositoryId: string;
  repositoryName: string;
  name: string;
  sha: string;
  source: 'created' | 'pushed';
  deleted: boolean;
  createdBy: string | null;
  createdAt: string;
}

export interface IssueCommitRecord extends CommitSummary {
  enterpriseId: string;
  projectId: string;
  issueId: string;
  repositoryId: string;
  repositoryName: string;
  message: string;
  seenAt: string;
}

export function putIssueBranchOp(branch: IssueBranchRecord): TxOp {
  const { enterpriseId, projectId, issueId, repositoryId, name } = branch;
  return {
    put: {
      ...keys.issueBranch(enterpriseId, projectId, issueId, repositoryId, name),
      entity: 'IssueBranch',
      ...branch,
    },
    condition: conditions.notExists,
    label: 'mention',
  };
}

export function putIssueCommitOp(commit: IssueCommitRecord): TxOp {
  const { enterpriseId, projectId, issueId, repositoryId, sha } = commit;
  return {
    put: {
      ...keys.issueCommit(enterpriseId, projectId, issueId, repositoryId, sha),
      entity: 'IssueCommit',
      ...commit,
    },
    condition: conditions.notExists,
    label: 'mention',
  };
}

const strip = ({ pk: _pk, sk: _sk, entity: _e, ...rest }: Item) => rest;

/** A work item's mentions of one kind, kept under `{prefix}{issueId}#` in its project's partition. */
async function listMentions<R>(prefix: string, enterpriseId: string, projectId: string, issueId: string) {
  const items = await queryPartition(projectPartition(enterpriseId, projectId), `${prefix}${issueId}#`);
  return items.map((item) => strip(item) as R);
}

// Access pattern: a work item's branches (begins_with(sk, ISSUEBRANCH#{issueId}#)).
export const listIssueBranches = (enterpriseId: string, projectId: string, issueId: string) =>
  listMentions<IssueBranchRecord>(SK.issueBranchPrefix, enterpriseId, projectId, issueId);

// Access pattern: a work item's commits (begins_with(sk, ISSUECOMMIT#{issueId}#)).
export const listIssueCommits = (enterpriseId: string, projectId: string, issueId: string) =>
  listMentions<IssueCommitRecord>(SK.issueCommitPrefix, enterpriseId, projectId, issueId);

/** Marks a recorded branch as gone from (or back in) the repository, with its head. */
export async function setIssueBranchState(
  branch: IssueBranchRecord,
  deleted: boolean,
  sha: string,
): Promise<void> {
  const key = keys.issueBranch(
    branch.enterpriseId,
    branch.projectId,
    branch.issueId,
    branch.repositoryId,
    branch.name,
  );
  await updateItem(key, { set: { deleted, sha } }, conditions.exists, 'branch');
}
