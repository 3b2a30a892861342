import { fileURLToPath } from 'node:url';

/** The repository root: the functions' entries, the lockfile, tsconfig.json and web/dist hang off it. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
