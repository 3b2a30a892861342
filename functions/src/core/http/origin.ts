/**
 * The request's own origin. Behind CloudFront and API Gateway the Host the function sees is not
 * the one the browser used, so X-Forwarded-Host / X-Forwarded-Proto win when present. Trusting
 * them is safe for the CSRF check: a page in another origin cannot set these headers on a
 * cross-site request without a CORS preflight, which this API never grants.
 */
import type { Context } from 'hono';
import { config } from '../config';

function first(value: string | undefined): string | undefined {
  return value?.split(',')[0]?.trim() || undefined;
}

export function isHttps(c: Context): boolean {
  const proto = first(c.req.header('x-forwarded-proto')) ?? new URL(c.req.url).protocol.replace(':', '');
  return proto === 'https';
}

export function requestOrigin(c: Context): string {
  const url = new URL(c.req.url);
  const host = first(c.req.header('x-forwarded-host')) ?? c.req.header('host') ?? url.host;
  return `${isHttps(c) ? 'https' : 'http'}://${host}`.toLowerCase();
}

/** The address people use: PUBLIC_ORIGIN when configured, else the request's origin. */
export function publicOrigin(c: Context): string {
  return config.publicOrigin ?? requestOrigin(c);
}

/**
 * The address the browser is on, for links it follows at once (the sign-in page): an
 * enterprise's own subdomain `{identifier}.{root}` when that is where the request came from,
 * so the session cookie and the tenant path stay on that host; else publicOrigin.
 */
export function browsingOrigin(c: Context): string {
  return tenantOriginOf(requestOrigin(c), config.publicOrigin) ?? publicOrigin(c);
}

/** `request` when it is a one-label subdomain of `site` (same scheme and port), else undefined. */
export function tenantOriginOf(request: string, site: string | undefined): string | undefined {
  if (!site) return undefined;
  const from = new URL(request);
  const root = new URL(site);
  const sameServer = from.protocol === root.protocol && from.port === root.port;
  const label = from.hostname.endsWith(`.${root.hostname}`)
    ? from.hostname.slice(0, -root.hostname.length - 1)
    : '';
  return sameServer && /^[a-z0-9-]+$/.test(label) ? from.origin : undefined;
}

/** Origins allowed to send state-changing requests. */
export function isAllowedOrigin(c: Context, origin: string): boolean {
  const normalized = origin.replace(/\/$/, '').toLowerCase();
  if (normalized === requestOrigin(c)) return true;
  if (config.publicOrigin && normalized === config.publicOrigin.toLowerCase()) return true;
  return config.allowedOrigins.some((allowed) => allowed.toLowerCase() === normalized);
}
