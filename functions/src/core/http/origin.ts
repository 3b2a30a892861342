/**
 * The request's own origin. Behind CloudFront and API Gateway the Host the function sees is not
 * the one the browser used, so X-Forwarded-Host / X-Forwarded-Proto say it, but only when the
 * front door set them: the request carries FRONT_DOOR_SECRET in X-Origin-Verify, which the
 * CloudFront origin adds (overwriting any value a viewer sent). Anyone else (a client calling the
 * API Gateway or the embedded server directly) could name any host, and with it pass the CSRF
 * Origin check from a foreign page's origin, or steer the links the API builds.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { FRONT_DOOR_HEADER } from '../../../../infra/lib/security-headers';
import { config } from '../config';

export { FRONT_DOOR_HEADER };

/** True when the request came through the configured front door; never without a secret. */
export function fromFrontDoor(c: Context): boolean {
  const secret = config.frontDoorSecret;
  const sent = c.req.header(FRONT_DOOR_HEADER);
  if (!secret || !sent) return false;
  const [a, b] = [Buffer.from(sent), Buffer.from(secret)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A forwarding header's first value, when the front door sent it; otherwise undefined. */
function forwarded(c: Context, name: string): string | undefined {
  if (!fromFrontDoor(c)) return undefined;
  return c.req.header(name)?.split(',')[0]?.trim() || undefined;
}

export function isHttps(c: Context): boolean {
  const proto = forwarded(c, 'x-forwarded-proto') ?? new URL(c.req.url).protocol.replace(':', '');
  return proto === 'https';
}

/**
 * The caller's address: from the front door its True-Client-IP (the CloudFront function writes the
 * viewer's address there); else the connection's peer (the Lambda event's source, the embedded
 * server's socket). X-Forwarded-For is never read: any client can write it.
 */
export function clientAddress(c: Context): string | undefined {
  // biome-ignore lint/suspicious/noExplicitAny: the Lambda adapter's and node-server's env differ
  const env = c.env as any;
  return (
    forwarded(c, 'true-client-ip') ??
    env?.event?.requestContext?.http?.sourceIp ??
    env?.incoming?.socket?.remoteAddress
  );
}

export function requestOrigin(c: Context): string {
  const url = new URL(c.req.url);
  const host = forwarded(c, 'x-forwarded-host') ?? c.req.header('host') ?? url.host;
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
