/**
 * The code of one work item: its branches (`repoBranches`) and the commits that mention it
 * (`repoCommits`), and creating a branch from it on a repository linked to its project. The
 * branch is pushed first; the item's record of it and its journal entry follow in one
 * transaction (if that fails, the next poll finds the branch by its name and attaches it).
 */
import { nowIso } from '@core/clock';
import { badRequest, conflict } from '@core/errors';
import { userSummaries } from '@core/identity/people';
import { branchNameForItem, branchNameProblem } from '@shared/domain/repositories';
import { sentenceCase } from '@shared/schemas/common';
import type { CreateBranchBody, ItemCommit, RepoBranch } from '@shared/schemas/repositories';
import { issueNotFound, projectOfIssue, projectWithIndex, repositoryJournalOps } from '../issues';
import { remoteFailure, remoteOf } from './access';
import { createRemoteBranch, listRefs, RemoteError } from './git/remote';
import { writeOnceOps } from './mention-writes';
import { requireRepository } from './repositories';
import { listCommitRuns } from './store/commit-runs';
import { listIssueBranches, listIssueCommits, putIssueBranchOp } from './store/mentions';
import * as db from './store/repositories';
import { itemCommitView, repoBranchView } from './views';

async function itemOf(enterpriseId: string, issueId: string) {
  const projectId = await projectOfIssue(enterpriseId, issueId);
  const { index } = await projectWithIndex(enterpriseId, projectId);
  const issue = index.rows.get(issueId);
  if (!issue) throw issueNotFound(issueId);
  return issue;
}

export async function listItemBranches(enterpriseId: string, issueId: string): Promise<RepoBranch[]> {
  const issue = await itemOf(enterpriseId, issueId);
  const branches = await listIssueBranches(enterpriseId, issue.projectId, issueId);
  const users = await userSummaries(branches.map((b) => b.createdBy));
  return branches.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map((b) => repoBranchView(b, users));
}

export async function listItemCommits(enterpriseId: string, issueId: string): Promise<ItemCommit[]> {
  const issue = await itemOf(enterpriseId, issueId);
  const commits = await listIssueCommits(enterpriseId, issue.projectId, issueId);
  // Each commit with the latest run of every pipeline that built it (store/commit-runs.ts).
  const runs = await Promise.all(commits.map((c) => listCommitRuns(enterpriseId, c.repositoryId, c.sha)));
  return commits
    .map((c, i) => itemCommitView(c, runs[i]))
    .sort((a, b) => b.authoredAt.localeCompare(a.authoredAt));
}

export async function createItemBranch(
  enterpriseId: string,
  userId: string,
  body: CreateBranchBody,
): Promise<RepoBranch> {
  const issue = await itemOf(enterpriseId, body.issueId);
  const repository = await requireRepository(enterpriseId, body.repositoryId);
  const links = await db.listRepositoryLinks(enterpriseId, repository.repositoryId);
  if (!links.some((l) => l.projectId === issue.projectId)) {
    throw badRequest(
      'repositoryId',
      `${repository.name} is not linked to the project of work item #${issue.issueNumber}`,
    );
  }
  const name = body.name || branchNameForItem(issue);
  const problem = branchNameProblem(name);
  if (problem) throw badRequest('name', sentenceCase(problem));
  let sha: string;
  try {
    const remote = await remoteOf(repository);
    const refs = await listRefs(remote);
    if (refs.branches.some((b) => b.name === name))
      throw conflict(`Branch ${name} exists in ${repository.name} already`);
    const from = body.from || repository.defaultBranch;
    if (!from || !refs.branches.some((b) => b.name === from)) {
      throw badRequest(
        'from',
        from
          ? `There is no branch ${from} in ${repository.name}`
          : `Repository ${repository.name} has no default branch`,
      );
    }
    sha = await createRemoteBranch(remote, from, name);
  } catch (error) {
    if (error instanceof RemoteError) throw remoteFailure(repository, error);
    throw error;
  }
  const at = nowIso();
  const record = {
    enterpriseId,
    projectId: issue.projectId,
    issueId: issue.issueId,
    repositoryId: repository.repositoryId,
    repositoryName: repository.name,
    name,
    sha,
    source: 'created' as const,
    deleted: false,
    createdBy: userId,
    createdAt: at,
  };
  await writeOnceOps(enterpriseId, issue.projectId, [
    putIssueBranchOp(record),
    ...repositoryJournalOps(enterpriseId, issue, {
      kind: 'branch',
      pmProjectRepositoryId: repository.repositoryId,
      userId,
      notes: `Created branch ${name} in ${repository.name}`,
      details: [
        { field: 'branch', label: 'Branch', oldValue: null, newValue: name },
        { field: 'repository', label: 'Repository', oldValue: null, newValue: repository.name },
      ],
      at,
    }),
  ]);
  const users = await userSummaries([userId]);
  return repoBranchView(record, users);
}
