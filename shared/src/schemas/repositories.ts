/**
 * Code repositories (`/api/pms/{identifier}/pmsRepository...`, `pmsProjectRepository...`, and
 * `repoBranches` / `repoCommits` of work items): repositories of any git host connected by clone
 * URL and access token, linked to projects, and the branches and commits that mention work
 * items. Calls and rules: docs/api-conventions.md, "Code repositories".
 */
import * as z from 'zod';
import { RUN_STATES } from '../domain/pipeline-run';
import {
  branchNameProblem,
  MAX_BRANCH_NAME,
  REPOSITORY_KINDS,
  REPOSITORY_PROVIDERS,
  WEBHOOK_FORMATS,
} from '../domain/repositories';
import { httpUrl, IdSchema, messages, optionalText, PageQuerySchema, text, VersionSchema } from './common';
import { UserSummarySchema } from './projects';

/** At most this many projects or repositories in one link call (one transaction each). */
export const MAX_LINK_BATCH = 20;
export const MAX_CLONE_URL = 500;
export const MAX_TOKEN = 2000;

export const CloneUrlSchema = httpUrl(
  'the clone URL',
  MAX_CLONE_URL,
  'The clone URL must be an http(s) address like https://github.com/acme/api.git (git over SSH is not supported)',
).meta({ description: 'The HTTPS clone URL (https://host/owner/name.git)' });

export const BranchNameSchema = z
  .string({ error: messages.required('the branch name') })
  .trim()
  .max(MAX_BRANCH_NAME, messages.tooLong('the branch name', MAX_BRANCH_NAME))
  .superRefine((value, ctx) => {
    const problem = branchNameProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const CommitAuthorSchema = z.object({ name: z.string(), email: z.string() });

/** A commit as lists show it. */
export const CommitSummarySchema = z
  .object({
    sha: z.string(),
    shortSha: z.string(),
    /** The message's first line. */
    title: z.string(),
    author: CommitAuthorSchema,
    /** ISO time the author gave. */
    authoredAt: z.string(),
    /** The branch it was seen on, when known. */
    branch: z.string().nullable(),
  })
  .meta({ id: 'CommitSummary' });
export type CommitSummary = z.infer<typeof CommitSummarySchema>;

/** A commit with its whole message (a repository's history). */
export const CommitSchema = CommitSummarySchema.extend({
  message: z.string(),
  parents: z.array(z.string()),
}).meta({ id: 'Commit' });
export type Commit = z.infer<typeof CommitSchema>;

export const RepositorySchema = z
  .object({
    id: z.string(),
    /** The same id under the name journals and links use. */
    pmProjectRepositoryId: z.string(),
    kind: z.enum(['code', 'image']),
    name: z.string(),
    description: z.string(),
    /** The clone URL, never with credentials in it. */
    cloneUrl: z.string(),
    provider: z.enum(REPOSITORY_PROVIDERS),
    /** The user name sent with the token (hosts that need one: Bitbucket, CodeCommit); may be empty. */
    username: z.string(),
    /** A token is stored (it is never sent back). */
    hasToken: z.boolean(),
    defaultBranch: z.string().nullable(),
    branchCount: z.number().int(),
    lastCommit: CommitSummarySchema.nullable(),
    /** The last push or commit seen (webhook, poll or sync). */
    lastActivityAt: z.string().nullable(),
    lastSyncedAt: z.string().nullable(),
    /** `error` when the last sync failed: `lastError` says why. */
    status: z.enum(['ok', 'error']),
    lastError: z.string().nullable(),
    /** When the last verified webhook delivery arrived (null: none yet, the poll covers it). */
    lastWebhookAt: z.string().nullable(),
    linkedProjectCount: z.number().int(),
    creator: UserSummarySchema,
    createdAt: z.string(),
    updatedAt: z.string(),
    version: z.number().int(),
  })
  .meta({ id: 'Repository' });
export type Repository = z.infer<typeof RepositorySchema>;

export const RepositoryListQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
  /** Spec section 9: all, code or image (container repositories of the artifact library). */
  kind: z.enum(REPOSITORY_KINDS).default('all'),
});

export const RepositoryConnectBodySchema = z.object({
  cloneUrl: CloneUrlSchema,
  /** An access token (GitHub, GitLab, Gitea, Bitbucket) or a git password. Stored encrypted. */
  token: z
    .string({ error: messages.required('token') })
    .trim()
    .min(1, messages.required('token'))
    .max(MAX_TOKEN, messages.tooLong('token', MAX_TOKEN)),
  username: optionalText('username', 200),
  name: optionalText('name', 100),
  description: optionalText('description', 500),
  provider: z.enum(REPOSITORY_PROVIDERS).optional(),
});
export type RepositoryConnectBody = z.infer<typeof RepositoryConnectBodySchema>;

export const RepositoryUpdateBodySchema = z.object({
  version: VersionSchema,
  name: text('name', 100).optional(),
  description: optionalText('description', 500),
  /** A new token, checked against the host before it replaces the stored one. */
  token: z.string().trim().min(1, messages.required('token')).max(MAX_TOKEN).optional(),
  username: optionalText('username', 200),
  provider: z.enum(REPOSITORY_PROVIDERS).optional(),
});
export type RepositoryUpdateBody = z.infer<typeof RepositoryUpdateBodySchema>;

export const BranchSchema = z
  .object({ name: z.string(), sha: z.string(), isDefault: z.boolean() })
  .meta({ id: 'Branch' });
export type Branch = z.infer<typeof BranchSchema>;

export const TagSchema = z.object({ name: z.string(), sha: z.string() }).meta({ id: 'GitTag' });
export type GitTag = z.infer<typeof TagSchema>;

export const RefListQuerySchema = PageQuerySchema.extend({ keyword: z.string().trim().max(100).optional() });

export const CommitListQuerySchema = z.object({
  /** A branch; the default branch when absent. */
  branch: z.string().trim().max(MAX_BRANCH_NAME).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const WebhookSettingsSchema = z
  .object({
    /** Where the host sends push events. */
    url: z.string(),
    /** The secret (GitHub and Gitea sign with it; GitLab sends it as the token). */
    secret: z.string(),
    formats: z.array(z.enum(WEBHOOK_FORMATS)),
    lastWebhookAt: z.string().nullable(),
  })
  .meta({ id: 'WebhookSettings' });
export type WebhookSettings = z.infer<typeof WebhookSettingsSchema>;

export const WebhookReceiptSchema = z.object({
  /** The delivery id (the host's, or the payload's hash). */
  delivery: z.string(),
  /** Ref updates accepted for ingestion (0 for events other than pushes). */
  refs: z.number().int(),
});

export const ProjectRepositoryRowSchema = RepositorySchema.extend({
  pmsProjectId: z.string(),
  linkedAt: z.string(),
  linkedBy: UserSummarySchema,
}).meta({ id: 'ProjectRepository' });
export type ProjectRepositoryRow = z.infer<typeof ProjectRepositoryRowSchema>;

export const ProjectRepositoryListQuerySchema = PageQuerySchema.extend({
  pmsProjectId: IdSchema('the project'),
  keyword: z.string().trim().max(100).optional(),
});

export const UnlinkedQuerySchema = z.object({
  pmsProjectId: IdSchema('the project'),
  keyword: z.string().trim().max(100).optional(),
});

export const ProjectRepositoryLinkBodySchema = z.object({
  pmsProjectId: IdSchema('the project'),
  repositoryIds: z
    .array(IdSchema('a repository id'))
    .min(1, 'Choose at least one repository')
    .max(MAX_LINK_BATCH, `Link at most ${MAX_LINK_BATCH} repositories at once`),
});

/** A branch of a linked repository that belongs to a work item. */
export const RepoBranchSchema = z
  .object({
    repositoryId: z.string(),
    pmProjectRepositoryId: z.string(),
    repositoryName: z.string(),
    name: z.string(),
    sha: z.string(),
    /** `created`: made from the item here; `pushed`: its name mentions the item. */
    source: z.enum(['created', 'pushed']),
    /** Gone from the repository since. */
    deleted: z.boolean(),
    createdBy: UserSummarySchema.nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'RepoBranch' });
export type RepoBranch = z.infer<typeof RepoBranchSchema>;

/** The latest run of one pipeline that built a commit (docs/pipelines.md "Work items"). */
export const CommitRunSchema = z
  .object({
    pipelineId: z.string(),
    pipelineName: z.string(),
    number: z.number().int(),
    status: z.enum(RUN_STATES),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'CommitRun' });
export type CommitRun = z.infer<typeof CommitRunSchema>;

/** A commit that mentions a work item. */
export const ItemCommitSchema = CommitSummarySchema.extend({
  repositoryId: z.string(),
  pmProjectRepositoryId: z.string(),
  repositoryName: z.string(),
  message: z.string(),
  seenAt: z.string(),
  /** The latest run of each pipeline that built the commit. */
  pipelineRuns: z.array(CommitRunSchema),
}).meta({ id: 'ItemCommit' });
export type ItemCommit = z.infer<typeof ItemCommitSchema>;

export const IssueRefQuerySchema = z.object({ issueId: IdSchema('the work item') });

export const CreateBranchBodySchema = z.object({
  issueId: IdSchema('the work item'),
  repositoryId: IdSchema('the repository'),
  /** The new branch; by default `feature/{n}-{title}` (bugfix/ for bugs, task/ for tasks). */
  name: BranchNameSchema.optional(),
  /** The branch it starts from; the default branch when absent. */
  from: z.string().trim().max(MAX_BRANCH_NAME).optional(),
});
export type CreateBranchBody = z.infer<typeof CreateBranchBodySchema>;
