/**
 * Browser tests run against the product exactly as `npm start` serves it: a child process on a
 * free port with its own data folder, so nothing here can reach into the server's memory.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../scripts/lib/local-stack';
import { buildWebIfNeeded } from '../../scripts/lib/web-build';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The local git server `npm start` runs (scripts/lib/product.ts), for the repository tests. */
    gitServer: { url: string; token: string; root: string };
    /** The web inbox of the mail catcher the server sends to (its REST API: `GET /email`). */
    mailCatcherUrl: string;
  }
}

async function waitForServer(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited early:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/setting.json`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`The server did not start within 120 s:\n${output()}`);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await buildWebIfNeeded();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'workspace-browser-'));
  // The server starts its own mail catcher (scripts/lib/product.ts) on free ports: the API tests'
  // setup may have put its catcher's SMTP_URL in this process's environment, and the default
  // ports may be taken.
  const { SMTP_URL: _api, MAIL_CATCHER_URL: _apiInbox, ...env } = process.env;
  const [smtpPort, mailWebPort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/start.ts'], {
    // ROOT_DOMAIN: Chromium resolves `{identifier}.localhost` here, so tenant hosts work too.
    env: {
      ...env,
      MAIL_SMTP_PORT: String(smtpPort),
      MAIL_WEB_PORT: String(mailWebPort),
      PORT: String(port),
      DATA_DIR: dataDir,
      ROOT_DOMAIN: 'localhost',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so the teardown stops tsx, the server and the emulators it started.
    detached: true,
  });
  let log = '';
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const baseUrl = `http://localhost:${port}`;
  await waitForServer(baseUrl, child, () => log);
  project.provide('baseUrl', baseUrl);
  project.provide('gitServer', JSON.parse(readFileSync(join(dataDir, 'git', 'server.json'), 'utf8')));
  project.provide('mailCatcherUrl', `http://127.0.0.1:${mailWebPort}`);
  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid!, 'SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
