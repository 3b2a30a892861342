import { RESERVED_IDENTIFIERS } from '@shared/domain/identifier';
import { EnterpriseIdentifierSchema } from '@shared/schemas/enterprise';
import { describe, expect, it } from 'vitest';
import { FORWARDED_HOST_FUNCTION_CODE } from '../../infra/lib/constructs/forwarded-host';
import { siteRequestFunctionCode, TENANT_SECTIONS } from '../../infra/lib/constructs/site-request';
import { webRuntimeConfigScript } from '../../infra/lib/web-runtime-config';
import { runtimeRootDomain, TENANT_SECTIONS as WEB_TENANT_SECTIONS } from '../../web/src/lib/tenant-host';

type QueryString = Record<string, { value: string; multiValue?: { value: string }[] }>;

interface ViewerRequest {
  uri: string;
  headers: Record<string, { value: string }>;
  querystring?: QueryString;
}
interface ViewerResponse {
  statusCode: number;
  statusDescription: string;
  headers: Record<string, { value: string }>;
}
type Handler = (event: { request: ViewerRequest; viewer?: { ip: string } }) => ViewerRequest | ViewerResponse;

// CloudFront Functions have no module system: the code defines global functions.
const load = <T = Handler>(code: string, name = 'handler') => new Function(`${code}\nreturn ${name};`)() as T;

describe('site request without a root domain (CloudFront domain only)', () => {
  const handler = load(siteRequestFunctionCode());
  const rewrite = (uri: string, host = 'd111.cloudfront.net') =>
    (handler({ request: { uri, headers: { host: { value: host } }, querystring: {} } }) as ViewerRequest).uri;

  it.each(['/', '/login', '/enterprises', '/acme/projects/42', '/acme/projects/42/'])(
    'serves index.html for the client route %s',
    (uri) => {
      expect(rewrite(uri)).toBe('/index.html');
    },
  );

  it.each(['/index.html', '/assets/index-4f2a9c.js', '/favicon.svg', '/api/openapi.json', '/config.js'])(
    'leaves the file %s alone',
    (uri) => {
      expect(rewrite(uri)).toBe(uri);
    },
  );

  it('redirects nothing, whatever the host', () => {
    expect(rewrite('/acme/projects', 'acme.example.com')).toBe('/index.html');
  });
});

describe('site request with the root domain example.com', () => {
  const handler = load(siteRequestFunctionCode({ rootDomain: 'Example.com' }));
  const request = (host: string, uri: string, querystring: QueryString = {}) =>
    handler({ request: { uri, headers: { host: { value: host } }, querystring } });
  const redirectOf = (result: ViewerRequest | ViewerResponse) =>
    'statusCode' in result ? `${result.statusCode} ${result.headers.location?.value}` : `uri ${result.uri}`;

  it.each([
    ['example.com', '/acme/projects', 'uri /index.html'],
    ['acme.example.com', '/projects', 'uri /index.html'],
    ['acme.example.com', '/', 'uri /index.html'],
    ['acme.example.com', '/assets/index-4f2a9c.js', 'uri /assets/index-4f2a9c.js'],
    ['ACME.example.com', '/login', 'uri /index.html'],
    ['acme-labs.example.com', '/members', 'uri /index.html'],
    // The path form on its own subdomain has one address: the subdomain form.
    ['acme.example.com', '/acme/projects/42', '301 /projects/42'],
    ['acme.example.com', '/acme', '301 /'],
    ['acme.example.com', '/acme/', '301 /'],
    ['acme.example.com', '/acmeish/projects', 'uri /index.html'],
    // Section names are reserved: no enterprise is called `projects`, so this host is no tenant.
    ['projects.example.com', '/projects', '301 https://example.com/projects'],
    // Subdomains that are no tenant go to the root domain.
    ['www.example.com', '/acme/projects', '301 https://example.com/acme/projects'],
    ['api.example.com', '/', '301 https://example.com/'],
    ['a.b.example.com', '/x', '301 https://example.com/x'],
    ['x.example.com', '/x', '301 https://example.com/x'],
    // Not under the root domain at all (the CloudFront domain): no tenant logic.
    ['d111.cloudfront.net', '/acme/projects', 'uri /index.html'],
    ['notexample.com', '/acme/projects', 'uri /index.html'],
  ])('%s%s -> %s', (host, uri, expected) => {
    expect(redirectOf(request(host, uri))).toBe(expected);
  });

  it('keeps the query string, repeated parameters and valueless ones included', () => {
    const result = request('acme.example.com', '/acme/projects', {
      tab: { value: 'bugs' },
      id: { value: '1', multiValue: [{ value: '1' }, { value: '2' }] },
      open: { value: '' },
    }) as ViewerResponse;
    expect(result).toEqual({
      statusCode: 301,
      statusDescription: 'Moved Permanently',
      headers: { location: { value: '/projects?tab=bugs&id=1&id=2&open' } },
    });
  });

  it('tells tenants apart with the enterprise identifier rule', () => {
    const isTenant = load<(label: string) => boolean>(
      siteRequestFunctionCode({ rootDomain: 'example.com' }),
      'isTenant',
    );
    const labels = [
      ...RESERVED_IDENTIFIERS,
      'acme',
      'a1',
      'a',
      'ab',
      '9lives',
      'acme-labs',
      'acme--labs',
      '-acme',
      'acme-',
      'constructor',
      'toString',
      'a'.repeat(40),
      'a'.repeat(41),
    ];
    for (const label of labels) {
      expect(isTenant(label), label).toBe(EnterpriseIdentifierSchema.safeParse(label).success);
    }
  });

  it('knows the section names the web app routes under an enterprise', () => {
    expect([...TENANT_SECTIONS].sort()).toEqual([...WEB_TENANT_SECTIONS].sort());
  });
});

describe('web run-time config', () => {
  const evaluate = (script: string) => {
    const window: Record<string, unknown> = {};
    new Function('window', script)(window);
    return runtimeRootDomain(window.__WORKSPACE_CONFIG__ as { rootDomain: string | null });
  };

  it('sets the global the web app reads', () => {
    expect(evaluate(webRuntimeConfigScript({ rootDomain: 'Example.com' }))).toBe('example.com');
    expect(evaluate(webRuntimeConfigScript({ rootDomain: null }))).toBeNull();
    expect(evaluate(webRuntimeConfigScript({ rootDomain: ' ' }))).toBeNull();
  });
});

describe("forwarded host ('/api/*' behaviour)", () => {
  const handler = load(FORWARDED_HOST_FUNCTION_CODE);

  it('copies the viewer host and address into X-Forwarded-Host and True-Client-IP, replacing client-sent values', () => {
    const request = handler({
      request: {
        uri: '/api/auth/me',
        headers: {
          host: { value: 'acme.example.com' },
          'x-forwarded-host': { value: 'evil.example' },
          'true-client-ip': { value: '10.0.0.1' },
        },
      },
      viewer: { ip: '198.51.100.7' },
    }) as ViewerRequest;
    expect(request.headers['x-forwarded-host']).toEqual({ value: 'acme.example.com' });
    expect(request.headers['true-client-ip']).toEqual({ value: '198.51.100.7' });
    expect(request.uri).toBe('/api/auth/me');
  });
});
