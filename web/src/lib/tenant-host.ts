/**
 * Tenant subdomains: `{identifier}.{root domain}` serves the app of that enterprise, next to the
 * path form `{root domain}/{identifier}`. The routes stay the path form (`/$identifier/...`); on a
 * tenant host the router's `rewrite` maps the address bar to them and back:
 *
 *   acme.example.com/projects/42   <->  /acme/projects/42   (this enterprise)
 *   acme.example.com/login         <->  /login              (pages outside any enterprise)
 *   globex.example.com/projects    <--  /globex/projects    (another enterprise: its own host)
 *
 * The root domain comes from the run-time config (`/config.js`, infra/lib/web-runtime-config.ts),
 * so one build serves any domain; without one every host uses the path form. In the cloud a
 * CloudFront Function also redirects the path form on its own subdomain
 * (infra/lib/constructs/site-request.ts); here such an address is simply understood.
 */

import { isEnterpriseIdentifier } from '@shared/domain/identifier';
import type { LocationRewrite } from '@tanstack/react-router';

declare global {
  interface Window {
    /** Set by /config.js before the app loads. */
    __WORKSPACE_CONFIG__?: { rootDomain?: string | null };
  }
}

/** First path segments of the pages outside any enterprise (top-level routes besides `$identifier`). */
export const GLOBAL_SECTIONS = [
  'login',
  'signup',
  'forgot-password',
  'reset-password',
  'verify-email',
  'unsubscribe',
  'invite',
  'enterprises',
  'account',
  '403',
  '404',
] as const;

/** First path segments under `/$identifier/`; see isOwnPathForm for why they matter. */
export const TENANT_SECTIONS = [
  'admin',
  'codes',
  'docs',
  'members',
  'notifications',
  'pipeline',
  'products',
  'projects',
  'repositories',
  'weekly',
] as const;

const includes = (list: readonly string[], value: string) => list.includes(value);

/** The root domain of the run-time config, lower-cased; null when there is none. */
export function runtimeRootDomain(config = globalThis.window?.__WORKSPACE_CONFIG__): string | null {
  return config?.rootDomain?.trim().toLowerCase() || null;
}

/**
 * A valid tenant label: what the enterprise identifier rule accepts (reserved names are not).
 * The zod-free rule of shared/src/domain/identifier.ts: this runs before the first render.
 */
export function isTenantLabel(label: string): boolean {
  return isEnterpriseIdentifier(label);
}

/** The enterprise identifier of a tenant host (`acme.example.com`, port or not), else null. */
export function tenantOfHost(hostname: string, rootDomain: string | null): string | null {
  if (!rootDomain) return null;
  const host = hostname.toLowerCase().replace(/:\d+$/, '');
  const suffix = `.${rootDomain}`;
  if (!host.endsWith(suffix)) return null;
  const label = host.slice(0, -suffix.length);
  return isTenantLabel(label) ? label : null;
}

function firstSegment(pathname: string): { first: string; rest: string } {
  const match = /^\/([^/]*)(.*)$/.exec(pathname);
  return { first: match?.[1] ?? '', rest: match?.[2] ?? '' };
}

/**
 * `acme.example.com/acme/...` is the path form on its own subdomain: understood as such, unless
 * `acme` is also a section name, where `/projects` on `projects.example.com` means the section.
 */
function isOwnPathForm(first: string, identifier: string): boolean {
  return first === identifier && !includes(TENANT_SECTIONS, identifier);
}

/** The router rewrite for a tenant host of `identifier` under `rootDomain`. */
export function tenantRewrite(identifier: string, rootDomain: string): LocationRewrite {
  return {
    input: ({ url }) => {
      const { first } = firstSegment(url.pathname);
      if (includes(GLOBAL_SECTIONS, first) || isOwnPathForm(first, identifier)) return undefined;
      url.pathname = url.pathname === '/' ? `/${identifier}` : `/${identifier}${url.pathname}`;
      return url;
    },
    output: ({ url }) => {
      const { first, rest } = firstSegment(url.pathname);
      if (first === identifier) {
        url.pathname = rest || '/';
        return url;
      }
      if (includes(GLOBAL_SECTIONS, first) || !isTenantLabel(first)) return undefined;
      // Another enterprise lives on its own host: a full page load there.
      const port = url.port ? `:${url.port}` : '';
      return new URL(`${url.protocol}//${first}.${rootDomain}${port}${rest || '/'}${url.search}${url.hash}`);
    },
  };
}

/** The rewrite for the page's host, or undefined on the root domain and without a root domain. */
export function tenantHostRewrite(hostname: string, rootDomain: string | null): LocationRewrite | undefined {
  const identifier = tenantOfHost(hostname, rootDomain);
  return identifier && rootDomain ? tenantRewrite(identifier, rootDomain) : undefined;
}
