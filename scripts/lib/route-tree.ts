/**
 * The router's route tree (`web/src/routeTree.gen.ts`), generated from the route files and not
 * kept in git: the router plugin writes it on every build and dev start, and
 * `generateRouteTree` writes it for what runs without Vite (the typecheck, a fresh install).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Generator, getConfig } from '@tanstack/router-generator';

const webRoot = fileURLToPath(new URL('../../web', import.meta.url));

/** The generator's options, the same for the router plugin (web/vite.config.ts) and the script. */
export const ROUTE_TREE_OPTIONS = {
  target: 'react',
  routesDirectory: join(webRoot, 'src/routes'),
  generatedRouteTree: join(webRoot, 'src/routeTree.gen.ts'),
  // Outside the repository, so concurrent builds never leave files in others' folders.
  tmpDir: join(tmpdir(), 'workspace-web-tsr'),
  quoteStyle: 'single',
} as const;

export async function generateRouteTree(): Promise<void> {
  await new Generator({ config: getConfig(ROUTE_TREE_OPTIONS, webRoot), root: webRoot }).run();
}
