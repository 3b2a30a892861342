/**
 * The enterprise identifier rule, without zod: the web checks tenant host names with it before
 * the first render (zod would add ~25 KB gzipped to the first script), the CloudFront Function
 * embeds it, and EnterpriseIdentifierSchema (shared/src/schemas/enterprise.ts) builds on it.
 */

/**
 * First path segments that can never be enterprise identifiers, because the app or the API uses
 * them (error pages, sign-in, assets), because on a tenant subdomain they begin the enterprise's
 * own pages (`acme.{root}/projects`), or because they would confuse people.
 */
export const RESERVED_IDENTIFIERS = [
  '403',
  '404',
  '500',
  'api',
  'login',
  'logout',
  'signup',
  'register',
  'enterprises',
  'organizes',
  'account',
  'settings',
  'admin',
  'assets',
  'static',
  'public',
  'ruby',
  'system',
  'pms',
  'auth',
  'open',
  'help',
  'docs',
  'www',
  'app',
  'new',
  'null',
  'undefined',
  'projects',
  'products',
  'members',
  'codes',
  'favicon.ico',
  'robots.txt',
] as const;

export const IDENTIFIER_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const IDENTIFIER_MIN_LENGTH = 2;
export const IDENTIFIER_MAX_LENGTH = 40;

export const isReservedIdentifier = (value: string): boolean =>
  (RESERVED_IDENTIFIERS as readonly string[]).includes(value);

/** Whether `value`, exactly as given (no trimming), is a valid enterprise identifier. */
export function isEnterpriseIdentifier(value: string): boolean {
  return (
    value.length >= IDENTIFIER_MIN_LENGTH &&
    value.length <= IDENTIFIER_MAX_LENGTH &&
    IDENTIFIER_PATTERN.test(value) &&
    !isReservedIdentifier(value)
  );
}
