/** Spec section 2: a page must finish loading within 120 s. */
export const PAGE_LOAD_TIMEOUT_MS = 120_000;

/**
 * Spec section 8, page load failures: a script chunk that fails to load raises a load error, a
 * style chunk a style load error. Browsers word the script failure differently; Vite words the
 * style one ("Unable to preload CSS").
 */
export type LoadErrorKind = 'script' | 'style';

const STYLE_FAILURE = /Unable to preload CSS|Loading CSS chunk|stylesheet/i;
const SCRIPT_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Failed to load module script|Loading chunk [\w-]+ failed/i;

export function classifyLoadError(error: unknown): LoadErrorKind | null {
  if (!(error instanceof Error)) return null;
  if (error.name === 'CssChunkLoadError' || STYLE_FAILURE.test(error.message)) return 'style';
  if (error.name === 'ChunkLoadError' || SCRIPT_FAILURE.test(error.message)) return 'script';
  return null;
}
