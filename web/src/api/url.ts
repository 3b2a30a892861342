/** What the url rules need to know about the enterprise being worked in. */
export interface UrlContext {
  /** The current enterprise's identifier (first path segment of the app). */
  identifier?: string | null;
  /** The enterprise's hosting address (`gitlinkUrl` of the enterprise detail). */
  hostingAddress?: string | null;
}

const RUBY_API = '/ruby/api';

/**
 * Calls under `pms/` that are not tenant-scoped, so they never get the identifier. `pmsEnterprise`
 * and `productLibrary` are matched as substrings (case-sensitive, as in the spec), `open` as a whole
 * path segment: a substring match would also exclude any future call whose name merely contains
 * "open" (`.../reopen`), and tenant calls must never lose their enterprise.
 */
const NOT_TENANT_SCOPED: readonly ((url: string) => boolean)[] = [
  (url) => url.includes('pmsEnterprise'),
  (url) => url.includes('productLibrary'),
  (url) => /(^|\/)open(\/|\?|#|$)/.test(url),
];

function withoutTrailingSlash(address: string): string {
  return address.replace(/\/+$/, '');
}

/**
 * Spec section 7, applied in this order:
 * 1. a url containing `repositories` is left as it is;
 * 2. a url containing `/ruby/api` has that part rewritten to `/api` and goes to the hosting address
 *    (same origin while the hosting address is unknown);
 * 3. any other url containing `pms/` gets the enterprise identifier inserted after `pms/`, unless
 *    it is one of the non-tenant calls above (or no enterprise is selected yet).
 */
export function rewriteUrl(url: string, context: UrlContext): string {
  if (url.includes('repositories')) return url;

  const ruby = url.indexOf(RUBY_API);
  if (ruby !== -1) {
    const rest = url.slice(ruby + RUBY_API.length);
    return `${withoutTrailingSlash(context.hostingAddress ?? '')}/api${rest}`;
  }

  if (url.includes('pms/') && context.identifier && !NOT_TENANT_SCOPED.some((test) => test(url))) {
    return url.replace('pms/', `pms/${context.identifier}/`);
  }
  return url;
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** Appends query parameters, skipping empty ones (`undefined`, `null`, `''`). */
export function withQuery(url: string, params?: QueryParams): string {
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.append(key, String(value));
  }
  const query = search.toString();
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}
