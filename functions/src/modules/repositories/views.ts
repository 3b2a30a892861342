/** Repositories, links, branches and commits as the API shows them; never a token or secret. */
import { summaryOf } from '@core/identity/people';
import type { UserSummary } from '@shared/schemas/projects';
import type {
  CommitRun,
  ItemCommit,
  ProjectRepositoryRow,
  RepoBranch,
  Repository,
} from '@shared/schemas/repositories';
import type { IssueBranchRecord, IssueCommitRecord } from './store/mentions';
import type { ProjectLinkRecord, RepositoryRecord } from './store/repositories';

export function repositoryView(r: RepositoryRecord, users: ReadonlyMap<string, UserSummary>): Repository {
  return {
    id: r.repositoryId,
    pmProjectRepositoryId: r.repositoryId,
    kind: 'code',
    name: r.name,
    description: r.description,
    cloneUrl: r.cloneUrl,
    provider: r.provider,
    username: r.username,
    hasToken: Boolean(r.tokenSealed),
    defaultBranch: r.defaultBranch,
    branchCount: r.branchCount,
    lastCommit: r.lastCommit,
    lastActivityAt: r.lastActivityAt,
    lastSyncedAt: r.lastSyncedAt,
    status: r.status,
    lastError: r.lastError,
    lastWebhookAt: r.lastWebhookAt,
    linkedProjectCount: Math.max(0, r.linkedProjectCount),
    creator: summaryOf(users, r.creatorId),
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    version: r.version,
  };
}

export function projectRepositoryView(
  r: RepositoryRecord,
  link: ProjectLinkRecord,
  users: ReadonlyMap<string, UserSummary>,
): ProjectRepositoryRow {
  return {
    ...repositoryView(r, users),
    pmsProjectId: link.projectId,
    linkedAt: link.linkedAt,
    linkedBy: summaryOf(users, link.linkedBy),
  };
}

export function repoBranchView(b: IssueBranchRecord, users: ReadonlyMap<string, UserSummary>): RepoBranch {
  return {
    repositoryId: b.repositoryId,
    pmProjectRepositoryId: b.repositoryId,
    repositoryName: b.repositoryName,
    name: b.name,
    sha: b.sha,
    source: b.source,
    deleted: Boolean(b.deleted),
    createdBy: b.createdBy ? summaryOf(users, b.createdBy) : null,
    createdAt: b.createdAt,
  };
}

export function itemCommitView(c: IssueCommitRecord, pipelineRuns: CommitRun[] = []): ItemCommit {
  return {
    sha: c.sha,
    shortSha: c.shortSha,
    title: c.title,
    message: c.message,
    author: { name: c.author.name, email: c.author.email },
    authoredAt: c.authoredAt,
    branch: c.branch,
    repositoryId: c.repositoryId,
    pmProjectRepositoryId: c.repositoryId,
    repositoryName: c.repositoryName,
    seenAt: c.seenAt,
    pipelineRuns,
  };
}
