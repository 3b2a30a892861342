/**
 * What the server does with a remote repository, over git's smart HTTP protocol with
 * isomorphic-git (pure JavaScript: no git binary on Lambda): list its refs, read recent commits
 * of a branch, create a branch, and fetch a commit's files (for the pipelines' local executor).
 * isomorphic-git is imported on first use, so a function that only reads the table never loads
 * it. Object reads happen in a scratch git directory under the OS temp folder, removed after.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { config } from '@core/config';
import { type GuardPolicy, guardedHttp, RemoteLimitError } from './http-client';

/** How to reach a repository: its clone URL and credentials. */
export interface RemoteAccess {
  url: string;
  username: string;
  token: string;
}

export interface RemoteRefs {
  /** The branch HEAD points at, when the server says. */
  head: string | null;
  branches: { name: string; sha: string }[];
  tags: { name: string; sha: string }[];
}

export interface RemoteCommit {
  sha: string;
  message: string;
  author: { name: string; email: string };
  authoredAt: string;
  parents: string[];
}

/** Why talking to a remote failed, in terms the service turns into a 4xx. */
export type RemoteFailure =
  | 'forbiddenAddress'
  | 'auth'
  | 'notFound'
  | 'unreachable'
  | 'tooLarge'
  | 'protocol';

export class RemoteError extends Error {
  constructor(
    readonly failure: RemoteFailure,
    message: string,
  ) {
    super(message);
    this.name = 'RemoteError';
  }
}

export function policy(): GuardPolicy {
  return { allowLoopback: config.repositoryAllowLoopback };
}

const git = () => import('isomorphic-git');

function authHeaders(remote: RemoteAccess): Record<string, string> {
  // Hosts take a token as the password of HTTP Basic; the user name matters to some only.
  const user = remote.username || 'x-access-token';
  return {
    Authorization: `Basic ${Buffer.from(`${user}:${remote.token}`).toString('base64')}`,
    'User-Agent': 'git/isomorphic-git workspace',
  };
}

/** The remote failure behind an error of isomorphic-git or the HTTP client. */
export function asRemoteError(error: unknown, url: string): RemoteError {
  if (error instanceof RemoteError) return error;
  const host = (() => {
    try {
      return new URL(url).host;
    } catch {
      return url;
    }
  })();
  const err = error as { name?: string; code?: string; message?: string; data?: { statusCode?: number } };
  if (err.name === 'ForbiddenAddressError') return new RemoteError('forbiddenAddress', err.message ?? '');
  if (error instanceof RemoteLimitError) return new RemoteError('tooLarge', error.message);
  const status = err.data?.statusCode;
  if (err.code === 'HttpError' && (status === 401 || status === 403))
    return new RemoteError('auth', `The host ${host} refused the credentials (HTTP ${status})`);
  if (err.code === 'HttpError' && status === 404)
    return new RemoteError('notFound', `The host ${host} has no git repository at this address (HTTP 404)`);
  if (err.code === 'HttpError')
    return new RemoteError('unreachable', `The host ${host} answered HTTP ${status}`);
  if (
    ['ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH'].includes(
      err.code ?? '',
    )
  )
    return new RemoteError('unreachable', `The host ${host} could not be reached (${err.code})`);
  if (err.code === 'SmartHttpError' || err.code === 'ParseError' || err.code === 'UnknownTransportError')
    return new RemoteError(
      'protocol',
      `The host ${host} does not speak git's smart HTTP protocol at this address`,
    );
  if (err.code === 'NotFoundError') return new RemoteError('notFound', err.message ?? 'Not found');
  return new RemoteError('unreachable', `The host ${host}: ${err.message ?? String(error)}`);
}

async function withRemote<T>(remote: RemoteAccess, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asRemoteError(error, remote.url);
  }
}

/** Every branch and tag (protocol v1's advertisement also names HEAD's branch). */
export function listRefs(remote: RemoteAccess): Promise<RemoteRefs> {
  return withRemote(remote, async () => {
    const { listServerRefs } = await git();
    const refs = await listServerRefs({
      http: guardedHttp(policy()),
      url: remote.url,
      headers: authHeaders(remote),
      protocolVersion: 1,
      symrefs: true,
      peelTags: true,
    });
    const out: RemoteRefs = { head: null, branches: [], tags: [] };
    for (const ref of refs) {
      if (ref.ref === 'HEAD' && ref.target?.startsWith('refs/heads/')) out.head = ref.target.slice(11);
      else if (ref.ref.startsWith('refs/heads/'))
        out.branches.push({ name: ref.ref.slice(11), sha: ref.oid });
      else if (ref.ref.startsWith('refs/tags/'))
        out.tags.push({ name: ref.ref.slice(10), sha: ref.peeled ?? ref.oid });
    }
    return out;
  });
}

async function scratch<T>(work: (gitdir: string) => Promise<T>): Promise<T> {
  const gitdir = await mkdtemp(join(tmpdir(), 'repo-'));
  try {
    return await work(gitdir);
  } finally {
    await rm(gitdir, { recursive: true, force: true });
  }
}

/**
 * The commits of `branch`, newest first: at most `limit`, stopping before any commit in
 * `stopAt` (what was already seen). Fetches only that branch, `limit` commits deep.
 */
export function readCommits(
  remote: RemoteAccess,
  branch: string,
  options: { limit: number; stopAt?: ReadonlySet<string> },
): Promise<RemoteCommit[]> {
  return withRemote(remote, () =>
    scratch(async (gitdir) => {
      const iso = await git();
      const fs = await import('node:fs');
      await iso.init({ fs, gitdir, bare: true });
      await iso.addRemote({ fs, gitdir, remote: 'origin', url: remote.url });
      const fetched = await iso.fetch({
        fs,
        http: guardedHttp(policy()),
        gitdir,
        url: remote.url,
        headers: authHeaders(remote),
        ref: branch,
        singleBranch: true,
        tags: false,
        depth: options.limit,
      });
      if (!fetched.fetchHead) return [];
      const commits: RemoteCommit[] = [];
      // Walk first parents and merges alike, newest first, as `git log` does.
      const entries = await iso.log({ fs, gitdir, ref: fetched.fetchHead, depth: options.limit });
      for (const entry of entries) {
        if (options.stopAt?.has(entry.oid)) break;
        const { author, message, parent } = entry.commit;
        commits.push({
          sha: entry.oid,
          message: message.trim(),
          author: { name: author.name, email: author.email },
          authoredAt: new Date(author.timestamp * 1000).toISOString(),
          parents: parent,
        });
      }
      return commits;
    }),
  );
}

/** Creates `name` at `sha` (the head of `from`) on the remote, through a push. */
export function createRemoteBranch(remote: RemoteAccess, from: string, name: string): Promise<string> {
  return withRemote(remote, () =>
    scratch(async (gitdir) => {
      const iso = await git();
      const fs = await import('node:fs');
      const http = guardedHttp(policy());
      await iso.init({ fs, gitdir, bare: true });
      await iso.addRemote({ fs, gitdir, remote: 'origin', url: remote.url });
      // The push must know the commit: fetch it (one commit deep), then push the new ref.
      const fetched = await iso.fetch({
        fs,
        http,
        gitdir,
        url: remote.url,
        headers: authHeaders(remote),
        ref: from,
        singleBranch: true,
        tags: false,
        depth: 1,
      });
      const sha = fetched.fetchHead;
      if (!sha) throw new RemoteError('notFound', `Branch ${from} does not exist`);
      await iso.writeRef({ fs, gitdir, ref: `refs/heads/${name}`, value: sha });
      const result = await iso.push({
        fs,
        http,
        gitdir,
        url: remote.url,
        headers: authHeaders(remote),
        ref: `refs/heads/${name}`,
        remoteRef: `refs/heads/${name}`,
      });
      const outcome = result.refs[`refs/heads/${name}`];
      if (!result.ok || (outcome && !outcome.ok)) {
        throw new RemoteError(
          'protocol',
          `The host refused the branch: ${outcome?.error || result.error || 'unknown reason'}`,
        );
      }
      return sha;
    }),
  );
}

/**
 * Fetches `sha` of `branch` into `dir` and checks its files out there (one commit deep): what a
 * local pipeline executor builds. `dir` must be empty or missing; the caller removes it.
 */
export function checkoutCommit(
  remote: RemoteAccess,
  branch: string,
  sha: string,
  dir: string,
): Promise<void> {
  return withRemote(remote, async () => {
    const iso = await git();
    const fs = await import('node:fs');
    await iso.clone({
      fs,
      http: guardedHttp(policy()),
      dir,
      url: remote.url,
      headers: authHeaders(remote),
      ref: branch,
      singleBranch: true,
      depth: 50,
      noCheckout: true,
      noTags: true,
    });
    await iso.checkout({ fs, dir, ref: sha, force: true });
  });
}
