/** Builds the web app when its sources are newer than the last build (or there is none). */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const WEB_DIST = join(process.cwd(), 'web', 'dist');
const WEB_SOURCES = ['web/src', 'web/index.html', 'web/vite.config.ts', 'shared/src'];

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
  const { build } = await import('vite');
  await build({ configFile: join(process.cwd(), 'web', 'vite.config.ts'), logLevel: 'warn' });
}
