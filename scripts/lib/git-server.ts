/**
 * A real git server over smart HTTP for the tests, `npm start` and the seed: git's own
 * `git http-backend` (the CGI program git ships for exactly this) behind a small Node HTTP
 * bridge. Repositories are bare repositories in one folder, served at `/{name}.git`; clients
 * authenticate with HTTP Basic and the server's token as the password (any user name), as
 * hosted git servers accept access tokens.
 *
 * Like a hosted git server, it sends a webhook after a push: a bare repository whose git config
 * holds `webhook.url`, `webhook.secret` and `webhook.format` (github, gitlab or gitea) gets the
 * push event in that host's format, signed as that host signs it, once the push has landed.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface GitServerOptions {
  /** The folder holding the bare repositories (`{name}.git`). */
  root: string;
  /** The password clients must send (HTTP Basic, any user name). */
  token: string;
  /** @default a free port on 127.0.0.1 */
  port?: number;
  /** Called with every webhook delivery's outcome (tests wait on it). */
  onDelivery?: (delivery: WebhookDelivery) => void;
}

export interface WebhookDelivery {
  repository: string;
  url: string;
  status: number;
  error?: string;
}

export interface GitServer {
  /** `http://127.0.0.1:{port}` */
  url: string;
  root: string;
  token: string;
  /** The clone URL of a repository: `{url}/{name}.git`. */
  cloneUrl(name: string): string;
  /** The same with the token in it, for the `git` command line. */
  authedUrl(name: string): string;
  /** Creates an empty bare repository (default branch `main`) unless it exists. */
  createRepository(name: string): Promise<string>;
  /** Points the repository's push webhook at `url`. */
  setWebhook(name: string, hook: { url: string; secret: string; format: WebhookFormat }): Promise<void>;
  /** Resolves when every webhook started so far has been delivered. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export type WebhookFormat = 'github' | 'gitlab' | 'gitea';

const REPO_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
const ZERO = '0000000000000000000000000000000000000000';

function authorized(req: IncomingMessage, token: string): boolean {
  const header = req.headers.authorization ?? '';
  if (!header.startsWith('Basic ')) return false;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const password = decoded.slice(decoded.indexOf(':') + 1);
  return password === token;
}

/** `refs/heads/main abc...` lines of a bare repository. */
async function refsOf(gitDir: string): Promise<Map<string, string>> {
  const { stdout } = await run('git', [
    '--git-dir',
    gitDir,
    'for-each-ref',
    '--format=%(refname) %(objectname)',
  ]);
  return new Map(
    stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split(' ') as [string, string]),
  );
}

async function configOf(gitDir: string, key: string): Promise<string | null> {
  try {
    const { stdout } = await run('git', ['--git-dir', gitDir, 'config', '--get', key]);
    return stdout.trim() || null;
  } catch {
    return null;
  }
}

interface PushedCommit {
  id: string;
  message: string;
  timestamp: string;
  author: { name: string; email: string };
}

/** The commits a ref update brought (newest first), at most `limit`, as hosts list them. */
async function commitsOf(
  gitDir: string,
  update: { ref: string; before: string; after: string },
  limit: number,
): Promise<PushedCommit[]> {
  const { ref, before, after } = update;
  if (after === ZERO) return [];
  // A new branch brings the commits no other ref had.
  const range = before === ZERO ? [after, '--not', `--exclude=${ref}`, '--all'] : [`${before}..${after}`];
  const { stdout } = await run(
    'git',
    [
      '--git-dir',
      gitDir,
      'log',
      `--max-count=${limit}`,
      '--format=%H%x1f%an%x1f%ae%x1f%aI%x1f%B%x1e',
      ...range,
    ],
    { maxBuffer: 32 * 1024 * 1024 },
  );
  return stdout
    .split('\x1e')
    .map((entry) => entry.replace(/^\n/, ''))
    .filter(Boolean)
    .map((entry) => {
      const [id = '', name = '', email = '', timestamp = '', message = ''] = entry.split('\x1f');
      return { id, message: message.trim(), timestamp, author: { name, email } };
    });
}

/** The push event body and headers of `format`, for one ref update (docs of each host). */
function pushEvent(
  format: WebhookFormat,
  update: { ref: string; before: string; after: string },
  commits: PushedCommit[],
  cloneUrl: string,
  name: string,
  secret: string,
): { body: string; headers: Record<string, string> } {
  const delivery = randomUUID();
  const repo = {
    name,
    full_name: `local/${name}`,
    clone_url: cloneUrl,
    html_url: cloneUrl.replace(/\.git$/, ''),
  };
  if (format === 'gitlab') {
    const body = JSON.stringify({
      object_kind: 'push',
      event_name: 'push',
      before: update.before,
      after: update.after,
      ref: update.ref,
      checkout_sha: update.after,
      project: { name, path_with_namespace: `local/${name}`, git_http_url: cloneUrl },
      repository: { name, git_http_url: cloneUrl },
      // GitLab lists at most 20 commits and says how many there were.
      commits: commits.slice(0, 20).map((c) => ({ ...c, title: c.message.split('\n')[0], url: '' })),
      total_commits_count: commits.length,
    });
    return {
      body,
      headers: {
        'X-Gitlab-Event': 'Push Hook',
        'X-Gitlab-Token': secret,
        'X-Gitlab-Event-UUID': delivery,
      },
    };
  }
  const payload = {
    ref: update.ref,
    before: update.before,
    after: update.after,
    repository: repo,
    commits: commits.map((c) => ({ ...c, url: '', distinct: true })),
    head_commit: commits[0] ?? null,
    created: update.before === ZERO,
    deleted: update.after === ZERO,
  };
  const body = JSON.stringify(payload);
  const signature = createHmac('sha256', secret).update(body).digest('hex');
  if (format === 'gitea') {
    return {
      body,
      headers: { 'X-Gitea-Event': 'push', 'X-Gitea-Delivery': delivery, 'X-Gitea-Signature': signature },
    };
  }
  return {
    body,
    headers: {
      'X-GitHub-Event': 'push',
      'X-GitHub-Delivery': delivery,
      'X-Hub-Signature-256': `sha256=${signature}`,
    },
  };
}

/** Creates an empty bare repository `{root}/{name}.git` (default branch `main`) unless it exists. */
export async function createBareRepository(root: string, name: string): Promise<string> {
  if (!REPO_NAME.test(name)) throw new Error(`Not a repository name: ${name}`);
  const gitDir = join(root, `${name}.git`);
  if (!existsSync(gitDir)) {
    await run('git', ['init', '--bare', '--quiet', '--initial-branch=main', gitDir]);
    await run('git', ['--git-dir', gitDir, 'config', 'http.receivepack', 'true']);
  }
  return gitDir;
}

/** Points a repository's push webhook at `hook.url` (the server reads it at every push). */
export async function setWebhook(
  root: string,
  name: string,
  hook: { url: string; secret: string; format: WebhookFormat },
): Promise<void> {
  const gitDir = join(root, `${name}.git`);
  await run('git', ['--git-dir', gitDir, 'config', 'webhook.url', hook.url]);
  await run('git', ['--git-dir', gitDir, 'config', 'webhook.secret', hook.secret]);
  await run('git', ['--git-dir', gitDir, 'config', 'webhook.format', hook.format]);
}

/** The clone URL with the token in it, for the `git` command line. */
export function authedCloneUrl(serverUrl: string, token: string, name: string): string {
  const url = new URL(`${serverUrl}/${name}.git`);
  url.username = 'git';
  url.password = token;
  return url.toString();
}

/**
 * Waits until the server at `serverUrl` has delivered every webhook of the pushes it received
 * so far (`GET /-/settled`), and answers the deliveries made since the last call.
 */
export async function webhooksSettled(serverUrl: string): Promise<WebhookDelivery[]> {
  const response = await fetch(`${serverUrl}/-/settled`);
  return (await response.json()) as WebhookDelivery[];
}

/** Starts the server; `close()` stops it and any CGI process still running. */
export async function startGitServer(options: GitServerOptions): Promise<GitServer> {
  mkdirSync(options.root, { recursive: true });
  const children = new Set<ChildProcess>();
  const deliveries = new Set<Promise<void>>();
  let delivered: WebhookDelivery[] = [];
  let baseUrl = '';

  async function deliverWebhooks(name: string, gitDir: string, before: Map<string, string>): Promise<void> {
    const url = await configOf(gitDir, 'webhook.url');
    if (!url) return;
    const secret = (await configOf(gitDir, 'webhook.secret')) ?? '';
    const format = ((await configOf(gitDir, 'webhook.format')) ?? 'github') as WebhookFormat;
    const after = await refsOf(gitDir);
    const names = new Set([...before.keys(), ...after.keys()]);
    for (const ref of names) {
      const update = { ref, before: before.get(ref) ?? ZERO, after: after.get(ref) ?? ZERO };
      if (update.before === update.after) continue;
      const commits = await commitsOf(gitDir, update, 2048);
      const event = pushEvent(format, update, commits, `${baseUrl}/${name}.git`, name, secret);
      let outcome: WebhookDelivery;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'User-Agent': 'local-git-server', ...event.headers },
          body: event.body,
        });
        outcome = { repository: name, url, status: response.status };
        if (!response.ok) outcome.error = await response.text();
      } catch (error) {
        outcome = { repository: name, url, status: 0, error: String(error) };
      }
      delivered.push(outcome);
      options.onDelivery?.(outcome);
    }
  }

  async function settled(): Promise<void> {
    while (deliveries.size > 0) await Promise.all([...deliveries]);
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://git.local');
    if (url.pathname === '/-/settled') {
      void settled().then(() => {
        const body = JSON.stringify(delivered);
        delivered = [];
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(body);
      });
      return;
    }
    const match = /^\/([^/]+)\.git(\/.*)$/.exec(url.pathname);
    const name = match?.[1] ?? '';
    const gitDir = join(options.root, `${name}.git`);
    if (!match || !REPO_NAME.test(name) || !existsSync(gitDir)) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Repository not found\n');
      return;
    }
    if (!authorized(req, options.token)) {
      res
        .writeHead(401, { 'WWW-Authenticate': 'Basic realm="git"', 'Content-Type': 'text/plain' })
        .end('Authentication required\n');
      return;
    }
    const isPush = req.method === 'POST' && match[2] === '/git-receive-pack';
    const start = isPush ? refsOf(gitDir) : Promise.resolve(new Map<string, string>());
    void start.then((before) => {
      const child = spawn('git', ['http-backend'], {
        env: {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          GIT_PROJECT_ROOT: options.root,
          GIT_HTTP_EXPORT_ALL: '1',
          // http-backend allows pushes by an authenticated user; the bridge checked the token.
          REMOTE_USER: 'git',
          REMOTE_ADDR: req.socket.remoteAddress ?? '127.0.0.1',
          REQUEST_METHOD: req.method ?? 'GET',
          PATH_INFO: `/${name}.git${match[2]}`,
          QUERY_STRING: url.search.slice(1),
          CONTENT_TYPE: req.headers['content-type'] ?? '',
          ...(req.headers['content-length'] ? { CONTENT_LENGTH: req.headers['content-length'] } : {}),
          ...(req.headers['git-protocol'] ? { GIT_PROTOCOL: String(req.headers['git-protocol']) } : {}),
          ...(req.headers['content-encoding']
            ? { HTTP_CONTENT_ENCODING: String(req.headers['content-encoding']) }
            : {}),
        },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      children.add(child);
      req.pipe(child.stdin);
      let head = Buffer.alloc(0);
      let headersSent = false;
      child.stdout.on('data', (chunk: Buffer) => {
        if (headersSent) {
          res.write(chunk);
          return;
        }
        head = Buffer.concat([head, chunk]);
        const end = head.indexOf('\r\n\r\n');
        if (end < 0) return;
        const lines = head.subarray(0, end).toString('utf8').split('\r\n');
        let status = 200;
        const headers: Record<string, string> = {};
        for (const line of lines) {
          const colon = line.indexOf(':');
          const key = line.slice(0, colon).trim();
          const value = line.slice(colon + 1).trim();
          if (key.toLowerCase() === 'status') status = Number.parseInt(value, 10);
          else headers[key] = value;
        }
        res.writeHead(status, headers);
        headersSent = true;
        res.write(head.subarray(end + 4));
      });
      child.stderr.resume();
      child.on('close', () => {
        children.delete(child);
        if (!headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
        res.end();
        if (isPush) {
          const delivery = deliverWebhooks(name, gitDir, before).catch(() => undefined);
          deliveries.add(delivery);
          void delivery.finally(() => deliveries.delete(delivery));
        }
      });
    });
  }

  const server: Server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    root: options.root,
    token: options.token,
    cloneUrl: (name) => `${baseUrl}/${name}.git`,
    authedUrl: (name) => authedCloneUrl(baseUrl, options.token, name),
    createRepository: (name) => createBareRepository(options.root, name),
    setWebhook: (name, hook) => setWebhook(options.root, name, hook),
    settled,
    async close() {
      for (const child of children) child.kill();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections?.();
    },
  };
}

/** The token of a data folder's git server: made once, kept in the folder (like a host's key). */
export function localGitToken(root: string): string {
  mkdirSync(root, { recursive: true });
  const file = join(root, '.token');
  if (!existsSync(file)) {
    writeFileSync(file, createHash('sha256').update(randomUUID()).digest('hex').slice(0, 32), {
      mode: 0o600,
    });
  }
  return readFileSync(file, 'utf8').trim();
}
