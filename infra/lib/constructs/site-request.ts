/**
 * The CloudFront Function (cloudfront-js-2.0) on the web app's default behaviour, viewer request.
 * CloudFront allows one function per event per behaviour, so this one does both jobs there:
 *
 * 1. Tenant hosts. With a root domain, `{identifier}.{root}` serves the app of that enterprise
 *    (the web app maps `/{rest}` to its `/{identifier}/{rest}` routes, web/src/lib/tenant-host.ts).
 *    A label is a tenant when the enterprise identifier rule accepts it (shared/src/schemas/
 *    enterprise.ts: pattern, 2 to 40 characters, not reserved). Here:
 *    - the path form on its own subdomain (`acme.example.com/acme/projects`) answers 301 to the
 *      subdomain form (`/projects`), so each page has one address per host. Not when the
 *      identifier is also a section name of an enterprise (`projects`): `/projects` on
 *      `projects.example.com` is then the section, and nothing is redirected;
 *    - any other subdomain of the root (`www`, `api`, `a.b`, an invalid label) is not a tenant
 *      and answers 301 to the same path on the root domain.
 * 2. Single-page fallback: a path whose last segment has no extension is a client-side route
 *    (`/acme/projects/42`), so CloudFront fetches /index.html for it; paths with an extension
 *    (`/favicon.svg`) are objects.
 *
 * Why not the distribution's error responses (403/404 -> /index.html) for the fallback: they apply
 * to every behaviour, so an API 404 or 403 would come back as the web page with status 200. This
 * function runs on the default behaviour only; `/api/*` never sees it.
 * Limit: a client route whose last segment contains a dot would be taken for a file.
 *
 * The code is plain ES5 on purpose: it runs as is at the edge, and the tests run the same text.
 */
import { IDENTIFIER_PATTERN, RESERVED_IDENTIFIERS } from '../../../shared/src/domain/identifier';

/** The identifier rule's length limits (EnterpriseIdentifierSchema); the tests compare the two. */
export const TENANT_IDENTIFIER_LENGTH = { min: 2, max: 40 } as const;

/**
 * First path segments under `/{identifier}/` in the web app (its routes `$identifier.<section>`).
 * Only needed to leave an identifier that equals one of them alone (see above); the infra tests
 * check this list against the web app's own.
 */
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

/** `|a|b|c|`: a membership test that, unlike an object, has no inherited keys (`constructor`). */
const wordList = (words: readonly string[]) => `|${words.join('|')}|`;

export interface SiteRequestOptions {
  /** The root domain (`example.com`); without one, only the single-page fallback runs. */
  readonly rootDomain?: string;
}

export function siteRequestFunctionCode({ rootDomain }: SiteRequestOptions = {}): string {
  return `var ROOT_DOMAIN = ${JSON.stringify(rootDomain?.toLowerCase() ?? null)};
var RESERVED = ${JSON.stringify(wordList(RESERVED_IDENTIFIERS))};
var SECTIONS = ${JSON.stringify(wordList(TENANT_SECTIONS))};
var IDENTIFIER = /${IDENTIFIER_PATTERN.source}/;

function isTenant(label) {
  return label.length >= ${TENANT_IDENTIFIER_LENGTH.min} && label.length <= ${TENANT_IDENTIFIER_LENGTH.max} &&
    IDENTIFIER.test(label) && RESERVED.indexOf('|' + label + '|') === -1;
}

function queryString(querystring) {
  var parts = [];
  for (var name in querystring) {
    var parameter = querystring[name];
    var values = parameter.multiValue || [parameter];
    for (var i = 0; i < values.length; i++) {
      parts.push(values[i].value === '' ? name : name + '=' + values[i].value);
    }
  }
  return parts.length ? '?' + parts.join('&') : '';
}

function redirect(location) {
  return {
    statusCode: 301,
    statusDescription: 'Moved Permanently',
    headers: { location: { value: location } },
  };
}

function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var host = request.headers.host ? request.headers.host.value.toLowerCase() : '';
  var suffix = '.' + ROOT_DOMAIN;
  if (ROOT_DOMAIN && host.length > suffix.length && host.slice(-suffix.length) === suffix) {
    var label = host.slice(0, -suffix.length);
    var query = queryString(request.querystring || {});
    if (!isTenant(label)) {
      return redirect('https://' + ROOT_DOMAIN + uri + query);
    }
    var own = '/' + label;
    if (SECTIONS.indexOf('|' + label + '|') === -1 && (uri === own || uri.indexOf(own + '/') === 0)) {
      return redirect((uri.slice(own.length) || '/') + query);
    }
  }
  var lastSegment = uri.substring(uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}
`;
}
