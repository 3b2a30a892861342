/**
 * The package clients' side of the artifact protocol tests: the app on a real local port, access
 * tokens, and running the real CLIs (npm, mvn, pip, curl) in scratch folders of their own, with
 * configuration that points them at our server only.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NewAccessToken } from '@shared/schemas/artifacts';
import type { Enterprise } from '@shared/schemas/enterprise';
import { app } from '../../functions/src/app';
import { createLocalApp, listen, type RunningServer } from '../../scripts/lib/local-server';
import { expectStatus, type TestUser } from './helpers';

export async function startServer(): Promise<RunningServer> {
  return listen(createLocalApp(app), 0, '127.0.0.1');
}

/** The protocol address of a repository on the running server. */
export const repositoryUrl = (server: RunningServer, enterprise: Enterprise, name: string) =>
  `${server.url.replace(/\/$/, '')}/api/artifacts/${enterprise.enterpriseIdentifier}/${name}`;

export async function accessToken(user: TestUser, scope: 'read' | 'write' = 'write'): Promise<string> {
  const res = await user.client.post<NewAccessToken>('/api/artifactTokens', { name: `cli ${scope}`, scope });
  return expectStatus(res, 201).data.token;
}

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The environment of a client: ours without the npm_* settings `npx vitest` hands down (they would
 * override the test's own configuration) and without proxies (everything here is local).
 */
function clientEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] =>
        entry[1] !== undefined && !/^(npm_|https?_proxy$|no_proxy$)/i.test(entry[0]),
    ),
  );
}

/** Runs a command to its end (never throws on a failing exit: the tests read the code). */
export function run(
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      {
        cwd: options.cwd,
        env: { ...clientEnv(), ...options.env },
        timeout: options.timeoutMs ?? 120_000,
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout: String(stdout), stderr: String(stderr) });
      },
    );
  });
}

const scratchFolders: string[] = [];

export function scratch(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), `${prefix}-`));
  scratchFolders.push(folder);
  return folder;
}

export function removeScratch(): void {
  for (const folder of scratchFolders.splice(0)) rmSync(folder, { recursive: true, force: true });
}

/** A pure-Python wheel of `name` at `version` whose module `greeting` holds `text`, built by Python's zipfile. */
export async function wheel(name: string, version: string, text: string): Promise<string> {
  const folder = scratch('wheel');
  const dist = name.replace(/-/g, '_');
  const script = `
import base64, hashlib, sys, zipfile
name, dist, version, text, folder = sys.argv[1:6]
files = {
  f"{dist}/__init__.py": f"greeting = {text!r}\\n",
  f"{dist}-{version}.dist-info/METADATA": f"Metadata-Version: 2.1\\nName: {name}\\nVersion: {version}\\n",
  f"{dist}-{version}.dist-info/WHEEL": "Wheel-Version: 1.0\\nGenerator: test\\nRoot-Is-Purelib: true\\nTag: py3-none-any\\n",
}
record = f"{dist}-{version}.dist-info/RECORD"
lines = []
for path, body in files.items():
  digest = base64.urlsafe_b64encode(hashlib.sha256(body.encode()).digest()).rstrip(b"=").decode()
  lines.append(f"{path},sha256={digest},{len(body.encode())}")
lines.append(f"{record},,")
with zipfile.ZipFile(f"{folder}/{dist}-{version}-py3-none-any.whl", "w") as wheel:
  for path, body in files.items():
    wheel.writestr(path, body)
  wheel.writestr(record, "\\n".join(lines) + "\\n")
`;
  const built = await run('python3', ['-c', script, name, dist, version, text, folder]);
  if (built.code !== 0) throw new Error(`building the wheel failed: ${built.stderr}`);
  return join(folder, `${dist}-${version}-py3-none-any.whl`);
}

/** Basic auth with the token as password, as Maven, pip and curl send it. */
export const basicAuth = (token: string) => `Basic ${Buffer.from(`token:${token}`).toString('base64')}`;

/**
 * A folder whose .npmrc points npm at `url` (with `token` when given, else anonymous) and at a
 * private cache outside the folder (npm publish would otherwise pack it).
 */
export function npmFolder(url: string, token: string | null): string {
  const folder = scratch('npm');
  const cache = scratch('npm-cache');
  const auth = token ? `${url.replace(/^https?:/, '')}:_authToken=${token}\n` : '';
  writeFileSync(
    join(folder, '.npmrc'),
    `registry=${url}\n${auth}cache=${cache}\naudit=false\nfund=false\nupdate-notifier=false\n`,
  );
  return folder;
}

/** The real npm in `folder`, with that folder's .npmrc only. */
export const npm = (folder: string, ...args: string[]): Promise<Run> =>
  run('npm', [...args, '--userconfig', join(folder, '.npmrc')], { cwd: folder });
