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

/** Origins allowed to send state-changing requests. */
export function isAllowedOrigin(c: Context, origin: string): boolean {
  const normalized = origin.replace(/\/$/, '').toLowerCase();
  if (normalized === requestOrigin(c)) return true;
  if (config.publicOrigin && normalized === config.publicOrigin.toLowerCase()) return true;
  return config.allowedOrigins.some((allowed) => allowed.toLowerCase() === normalized);
}
