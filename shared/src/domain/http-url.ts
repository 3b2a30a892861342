/**
 * The one rule for addresses people store (an enterprise's code platform, a repository's clone
 * URL): absolute http: or https: only. The web app navigates to and links such addresses, and any
 * other scheme (`javascript:`, `data:`, `vbscript:` above all) would run in its page. The server's
 * schemas refuse the rest; the web app checks again before it follows a stored address, for
 * values stored before the rule. Zod-free, so the first script can use it (docs/architecture.md).
 */

/** True for an absolute http(s) address with a host, parsed as a browser parses it. */
export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || !URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
}

/** `value` when it is an http(s) address, else null: for a stored address about to be followed. */
export function httpUrlOrNull(value: string | null | undefined): string | null {
  return isHttpUrl(value) ? value : null;
}
