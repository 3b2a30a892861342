/**
 * The security headers of every response, in one place: the CloudFront response headers policies
 * (constructs/web.ts) and the embedded server (scripts/lib/local-server.ts) both build theirs from
 * here, so the two cannot drift. test/browser/content-security-policy.test.ts loads every page of
 * the product under this policy and fails on any violation. Also the one request header between
 * CloudFront and the functions. Free of imports: the functions' bundles take it too.
 */

/**
 * The header CloudFront's API origin adds (overwriting any viewer value), holding the front door's
 * secret: the functions believe X-Forwarded-Host and its kin only on requests that carry it.
 */
export const FRONT_DOOR_HEADER = 'x-origin-verify';

export interface ContentSecurityPolicyOptions {
  /**
   * Origins of the files bucket: the knowledge base uploads to it with presigned POSTs (fetch),
   * and its previews load presigned GETs as images, in an iframe (PDF) and by fetch (text,
   * tables, docx). In the cloud the bucket's regional domain, locally the S3 emulator.
   */
  readonly storageOrigins: readonly string[];
}

/**
 * Scripts only from our origin: no inline script, no eval (zod runs jitless in the web app for
 * this, web/src/lib/zod-config.ts), so injected markup cannot run code.
 *
 * `style-src 'unsafe-inline'` is deliberate: Mantine writes `<style>` elements at run time (its
 * CSS variables, responsive style props) and the index.html is a static file in a bucket, so
 * there is no per-response nonce to give them, and hashes would break with every theme or
 * Mantine change. Inline style cannot run code; what it could do (restyle, or leak attribute
 * values through CSS selectors) needs injected markup first, which the app never renders
 * (react-markdown without raw HTML, DOMPurify on docx previews).
 *
 * `img-src data:` is for the data-URI icons in Mantine's style sheets.
 */
export function contentSecurityPolicy({ storageOrigins }: ContentSecurityPolicyOptions): string {
  const storage = storageOrigins.join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${storage}`,
    "font-src 'self'",
    `connect-src 'self' ${storage}`,
    `frame-src ${storage}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/** Features the product never uses, off for our pages and anything they frame. */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'payment',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** A year; only CloudFront sends HSTS (with includeSubDomains): the embedded server is plain http. */
export const HSTS_MAX_AGE_SECONDS = 365 * 24 * 3600;

/** The headers the embedded server adds to every response (HSTS aside, see above). */
export function securityHeaders(options: ContentSecurityPolicyOptions): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': REFERRER_POLICY,
    'Permissions-Policy': PERMISSIONS_POLICY,
  };
}
