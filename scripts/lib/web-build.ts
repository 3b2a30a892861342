/** Builds the web app when its sources are newer than the last build (or there is none). */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

/**
 * Where the built web app lives and is served from: web/dist, or WEB_DIST (the first-visit bench
 * builds and serves its own copy, so a run never rebuilds the folder other servers serve from).
 */
export const WEB_DIST = process.env.WEB_DIST
  ? resolve(process.env.WEB_DIST)
  : join(process.cwd(), 'web', 'dist');
const WEB_SOURCES = [
  'web/src',
  'web/index.html',
  'web/vite.config.ts',
  'shared/src',
  // The build's own plugins: how the output is cut and compressed.
  'scripts/lib/web-chunks.ts',
  'scripts/lib/precompress.ts',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestMtime(join(path, name))),
    stat.mtimeMs,
  );
}

export function webBuildIsStale(): boolean {
  const index = join(WEB_DIST, 'index.html');
  if (!existsSync(index)) return true;
  const builtAt = statSync(index).mtimeMs;
  return WEB_SOURCES.some((source) => newestMtime(join(process.cwd(), source)) > builtAt);
}

export async function buildWebIfNeeded(log: (message: string) => void = console.log): Promise<void> {
  if (!webBuildIsStale()) return;
  log('Building the web app (first start or sources changed)…');
  // A production build whoever asks: Vite derives import.meta.env.DEV from NODE_ENV, which is
  // 'test' inside vitest (the browser tests' setup), and npm start would serve that build later.
  const vite = join(process.cwd(), 'node_modules', 'vite', 'bin', 'vite.js');
  await promisify(execFile)(
    process.execPath,
    [
      vite,
      'build',
      '--config',
      join('web', 'vite.config.ts'),
      '--outDir',
      WEB_DIST,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { env: { ...process.env, NODE_ENV: 'production' }, maxBuffer: 16 * 1024 * 1024 },
  );
}
