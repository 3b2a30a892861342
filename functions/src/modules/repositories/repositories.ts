/**
 * Connecting repositories and reading them: connect by clone URL and token (checked against the
 * host over git before anything is stored), edit, delete, the enterprise's list, and live reads
 * of branches, tags and commits.
 */
import { createHash, randomBytes } from 'node:crypto';
import { firstVersion, nowIso } from '@core/clock';
import { ConditionFailedError, onConditionFailed } from '@core/db/operations';
import { badRequest, conflict, staleVersion } from '@core/errors';
import { userSummaries } from '@core/identity/people';
import { newId } from '@core/ids';
import { pageOf } from '@core/paging';
import {
  providerOfUrl,
  type RepositoryKind,
  repositoryNameOfUrl,
  WEBHOOK_FORMATS,
} from '@shared/domain/repositories';
import type { Page } from '@shared/schemas/common';
import type {
  Branch,
  Commit,
  GitTag,
  Repository,
  RepositoryConnectBody,
  RepositoryUpdateBody,
  WebhookSettings,
} from '@shared/schemas/repositories';
import { connectFailure, remoteFailure, remoteOf, repositoryNotFound, webhookSecretOf } from './access';
import { assertUrlAllowed } from './git/http-client';
import {
  listRefs,
  policy,
  type RemoteAccess,
  type RemoteCommit,
  RemoteError,
  type RemoteRefs,
  readCommits,
} from './git/remote';
import { commitSummary } from './ingest';
import { secretBox } from './secrets';
import type { RepositoryRecord } from './store/repositories';
import * as db from './store/repositories';
import { repositoryView } from './views';

/**
 * The clone URL as stored: no credentials, query or fragment, host in lower case, no trailing
 * slash. 400 naming `cloneUrl` for what cannot be a repository address here.
 */
export function normaliseCloneUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw badRequest('cloneUrl', 'Must be an address like https://github.com/acme/api.git');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw badRequest('cloneUrl', 'Must be an https:// address (git over SSH is not supported)');
  }
  if (url.username || url.password) {
    throw badRequest('cloneUrl', 'Must not contain a user name or token; put the token in the token field');
  }
  if (url.pathname === '/' || url.pathname === '') throw badRequest('cloneUrl', 'Must name a repository');
  try {
    assertUrlAllowed(url, policy());
  } catch (error) {
    throw badRequest(
      'cloneUrl',
      `${(error as Error).message}; only public hosts over https can be connected`,
    );
  }
  url.hash = '';
  url.search = '';
  return `${url.protocol}//${url.host.toLowerCase()}${url.pathname.replace(/\/+$/, '')}`;
}

const urlHashOf = (url: string) => createHash('sha256').update(url.toLowerCase()).digest('hex');

/** The default branch: the one HEAD names, else main, master, or the first. */
export function defaultBranchOf(refs: RemoteRefs): string | null {
  const names = refs.branches.map((b) => b.name);
  if (refs.head && names.includes(refs.head)) return refs.head;
  return ['main', 'master', 'trunk', 'develop'].find((n) => names.includes(n)) ?? names[0] ?? null;
}

async function probe(
  remote: RemoteAccess,
): Promise<{ refs: RemoteRefs; defaultBranch: string | null; last: RemoteCommit | null }> {
  try {
    const refs = await listRefs(remote);
    const defaultBranch = defaultBranchOf(refs);
    const [last] = defaultBranch ? await readCommits(remote, defaultBranch, { limit: 1 }) : [];
    return { refs, defaultBranch, last: last ?? null };
  } catch (error) {
    if (error instanceof RemoteError) throw connectFailure(error);
    throw error;
  }
}

export async function connectRepository(
  enterpriseId: string,
  userId: string,
  body: RepositoryConnectBody,
): Promise<Repository> {
  const cloneUrl = normaliseCloneUrl(body.cloneUrl);
  const username = body.username ?? '';
  const { refs, defaultBranch, last } = await probe({ url: cloneUrl, username, token: body.token });
  const repositoryId = newId();
  const at = nowIso();
  const box = secretBox();
  const context = { enterpriseId, repositoryId };
  const record: RepositoryRecord = {
    enterpriseId,
    repositoryId,
    name: body.name || repositoryNameOfUrl(cloneUrl),
    description: body.description ?? '',
    cloneUrl,
    urlHash: urlHashOf(cloneUrl),
    provider: body.provider ?? providerOfUrl(cloneUrl),
    username,
    tokenSealed: await box.seal(body.token, { ...context, purpose: 'token' }),
    webhookSecretSealed: await box.seal(randomBytes(24).toString('hex'), { ...context, purpose: 'webhook' }),
    defaultBranch,
    branchCount: refs.branches.length,
    lastCommit: last ? commitSummary(last, defaultBranch) : null,
    lastActivityAt: last?.authoredAt ?? null,
    lastSyncedAt: at,
    status: 'ok',
    lastError: null,
    lastWebhookAt: null,
    linkedProjectCount: 0,
    creatorId: userId,
    ...firstVersion(at),
  };
  const heads = Object.fromEntries(refs.branches.map((b) => [b.name, b.sha]));
  await onConditionFailed(db.createRepository(record, heads), {
    url: () => conflict(`The clone URL ${cloneUrl} is connected already`),
  });
  return (await views([record]))[0]!;
}

async function views(records: readonly RepositoryRecord[]): Promise<Repository[]> {
  const users = await userSummaries(records.map((r) => r.creatorId));
  return records.map((r) => repositoryView(r, users));
}

export async function requireRepository(
  enterpriseId: string,
  repositoryId: string,
): Promise<RepositoryRecord> {
  const record = await db.getRepository(enterpriseId, repositoryId);
  if (!record) throw repositoryNotFound(repositoryId);
  return record;
}

export async function getRepositoryView(enterpriseId: string, repositoryId: string): Promise<Repository> {
  return (await views([await requireRepository(enterpriseId, repositoryId)]))[0]!;
}

const matcher = (keyword: string | undefined) => {
  const words = (keyword ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  return (r: RepositoryRecord) => {
    const text = `${r.name} ${r.cloneUrl} ${r.description}`.toLowerCase();
    return words.every((w) => text.includes(w));
  };
};

/** Most recent activity first; never-active ones last, by name. */
export const byActivity = (a: RepositoryRecord, b: RepositoryRecord) =>
  (b.lastActivityAt ?? '').localeCompare(a.lastActivityAt ?? '') || a.name.localeCompare(b.name);

export async function listRepositoryPage(
  enterpriseId: string,
  query: { pageNum: number; pageSize: number; keyword?: string; kind: RepositoryKind },
): Promise<Page<Repository>> {
  // `image`: container repositories of the artifact library, which has none yet.
  const all = query.kind === 'image' ? [] : await db.listRepositories(enterpriseId);
  const wanted = all.filter(matcher(query.keyword)).sort(byActivity);
  return pageOf(wanted, query, views);
}

/** The stored token, for a change that keeps it; one that does not open must be entered again. */
async function storedToken(record: RepositoryRecord): Promise<string> {
  try {
    return (await remoteOf(record)).token;
  } catch (error) {
    if (error instanceof RemoteError) throw connectFailure(error);
    throw error;
  }
}

export async function updateRepository(
  enterpriseId: string,
  repositoryId: string,
  body: RepositoryUpdateBody,
): Promise<Repository> {
  const record = await requireRepository(enterpriseId, repositoryId);
  if (record.version !== body.version) throw staleVersion(`Repository ${record.name}`);
  const set: Partial<RepositoryRecord> = { updatedAt: nowIso() };
  if (body.name !== undefined) set.name = body.name;
  if (body.description !== undefined) set.description = body.description;
  if (body.provider !== undefined) set.provider = body.provider;
  if (body.username !== undefined) set.username = body.username;
  if (body.token !== undefined || body.username !== undefined) {
    const token = body.token ?? (await storedToken(record));
    // A new token (or user name) must work before it replaces the one that does.
    await probe({ url: record.cloneUrl, username: body.username ?? record.username, token });
    if (body.token !== undefined) {
      set.tokenSealed = await secretBox().seal(body.token, { enterpriseId, repositoryId, purpose: 'token' });
      set.status = 'ok';
      set.lastError = null;
    }
  }
  const updated = await onConditionFailed(db.updateRepository(record, body.version, set), {
    stale: () => staleVersion(`Repository ${record.name}`),
    missing: () => repositoryNotFound(repositoryId),
  });
  return (await views([updated]))[0]!;
}

export async function deleteRepository(enterpriseId: string, repositoryId: string): Promise<void> {
  const record = await requireRepository(enterpriseId, repositoryId);
  try {
    await db.deleteRepository(record);
  } catch (error) {
    if (error instanceof ConditionFailedError) throw repositoryNotFound(repositoryId);
    throw error;
  }
}

async function liveRefs(record: RepositoryRecord): Promise<RemoteRefs> {
  try {
    return await listRefs(await remoteOf(record));
  } catch (error) {
    if (error instanceof RemoteError) throw remoteFailure(record, error);
    throw error;
  }
}

/** The repository's branches, read from the host now: the default branch first, then by name. */
export async function listBranches(
  enterpriseId: string,
  repositoryId: string,
  query: { pageNum: number; pageSize: number; keyword?: string },
): Promise<Page<Branch>> {
  const record = await requireRepository(enterpriseId, repositoryId);
  const refs = await liveRefs(record);
  const defaultBranch = defaultBranchOf(refs);
  const keyword = query.keyword?.toLowerCase() ?? '';
  const rows = refs.branches
    .filter((b) => b.name.toLowerCase().includes(keyword))
    .map((b) => ({ name: b.name, sha: b.sha, isDefault: b.name === defaultBranch }))
    .sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.name.localeCompare(b.name));
  return pageOf(rows, query);
}

export async function listTags(
  enterpriseId: string,
  repositoryId: string,
  query: { pageNum: number; pageSize: number; keyword?: string },
): Promise<Page<GitTag>> {
  const record = await requireRepository(enterpriseId, repositoryId);
  const refs = await liveRefs(record);
  const keyword = query.keyword?.toLowerCase() ?? '';
  const rows = refs.tags
    .filter((t) => t.name.toLowerCase().includes(keyword))
    .sort((a, b) => b.name.localeCompare(a.name, undefined, { numeric: true }));
  return pageOf(rows, query);
}

/** The latest commits of a branch (the default branch when none is named), read from the host. */
export async function listCommits(
  enterpriseId: string,
  repositoryId: string,
  query: { branch?: string; limit: number },
): Promise<Commit[]> {
  const record = await requireRepository(enterpriseId, repositoryId);
  const branch = query.branch || record.defaultBranch;
  if (!branch) return [];
  try {
    const commits = await readCommits(await remoteOf(record), branch, { limit: query.limit });
    return commits.map((c) => ({ ...commitSummary(c, branch), message: c.message, parents: c.parents }));
  } catch (error) {
    if (error instanceof RemoteError && error.failure === 'notFound')
      throw badRequest('branch', `There is no branch ${branch} in ${record.name}`);
    if (error instanceof RemoteError) throw remoteFailure(record, error);
    throw error;
  }
}

/** Where and how the host sends pushes: the receiver's URL on this site, and the secret. */
export async function webhookSettings(
  enterpriseId: string,
  identifier: string,
  repositoryId: string,
  origin: string,
): Promise<WebhookSettings> {
  const record = await requireRepository(enterpriseId, repositoryId);
  const secret = await webhookSecretOf(record);
  if (secret === null) {
    throw conflict(
      `The webhook secret of ${record.name} cannot be opened (it was sealed with another key); remove the repository and connect it again to get a new one`,
    );
  }
  return {
    url: `${origin}/api/pms/${identifier}/pmsRepository/${repositoryId}/webhook`,
    secret,
    formats: [...WEBHOOK_FORMATS],
    lastWebhookAt: record.lastWebhookAt,
  };
}
