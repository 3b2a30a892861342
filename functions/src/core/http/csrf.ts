/**
 * Cross-site request forgery defence for state-changing methods, in three independent layers:
 * a custom header (forces a CORS preflight on cross-site requests, which is never granted), a
 * JSON body type (HTML forms cannot send one), and an Origin the server trusts.
 */
import type { Context } from 'hono';
import { forbidden } from '../errors';
import { isAllowedOrigin } from './origin';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json$/i;
/**
 * Calls that take a file as multipart/form-data (case spreadsheet uploads). An HTML form can send
 * that type, so for them the custom header and the Origin are the defence, which they still are.
 */
export const UPLOAD_PATH = /\/pmsProjectTestcase\/upload$/;
const MULTIPART_TYPE = /^multipart\/form-data$/i;
/**
 * The repository webhook receiver: git hosts send no Origin and no X-Requested-With, and the
 * call acts on no session's behalf (the delivery proves itself with its signature), so the CSRF
 * rules do not apply to exactly this path and method.
 */
export const WEBHOOK_PATH = /^\/api\/pms\/[a-z0-9-]+\/pmsRepository\/[A-Za-z0-9]+\/webhook$/;

/**
 * The pipeline catalogue's writes, form-encoded as spec section 7 says (docs/pipelines.md). An
 * HTML form can send that type too, so, as for uploads, the custom header and the Origin defend.
 */
export const FORM_PATH = /^\/api\/pms\/[a-z0-9-]+\/actions\//;
const FORM_TYPE = /^application\/x-www-form-urlencoded$/i;

/**
 * The package clients' protocols (npm, Maven, pip, curl: modules/artifacts/routes/clients.ts).
 * A call there that carries an Authorization header is judged by that token alone (the cookie is
 * not read), and a cross-site page cannot set that header; a call with neither that header nor a
 * cookie acts for nobody. The CSRF rules guard the rest: calls a session cookie authenticates.
 */
export const ARTIFACT_CLIENT_PATH = /^\/api\/artifacts\//;

const acceptedType = (c: Context, mediaType: string) =>
  JSON_TYPE.test(mediaType) ||
  (UPLOAD_PATH.test(c.req.path) && MULTIPART_TYPE.test(mediaType)) ||
  (FORM_PATH.test(c.req.path) && FORM_TYPE.test(mediaType));

/**
 * Browsers send a bodiless DELETE with neither Content-Length nor Content-Type, while Node's
 * server still hands Hono an (empty) body stream: only a declared length, chunked encoding or a
 * declared type means there is a body to judge.
 */
function hasBody(c: Context): boolean {
  const length = c.req.header('content-length');
  if (length !== undefined) return Number(length) > 0;
  if (c.req.header('transfer-encoding') !== undefined) return true;
  return c.req.raw.body !== null && c.req.header('content-type') !== undefined;
}

/** Throws 403 with the reason when a state-changing request fails a CSRF rule. */
export function assertSameSiteRequest(c: Context): void {
  if (SAFE_METHODS.has(c.req.method)) return;
  if (c.req.method === 'POST' && WEBHOOK_PATH.test(c.req.path)) return;
  if (
    ARTIFACT_CLIENT_PATH.test(c.req.path) &&
    (c.req.header('authorization') !== undefined || c.req.header('cookie') === undefined)
  )
    return;
  if (c.req.header('x-requested-with') !== 'XMLHttpRequest') {
    throw forbidden('Requests that change data must carry the header X-Requested-With: XMLHttpRequest');
  }
  const mediaType = c.req.header('content-type')?.split(';')[0]?.trim() ?? '';
  if (hasBody(c) && !acceptedType(c, mediaType)) {
    throw forbidden('Requests that change data must send a body of type application/json');
  }
  const origin = c.req.header('origin');
  if (!origin || origin === 'null') {
    throw forbidden('Requests that change data must carry an Origin header');
  }
  if (!isAllowedOrigin(c, origin)) {
    throw forbidden(`Requests from ${origin} may not change data here`);
  }
}
