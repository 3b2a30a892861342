import { describe, expect, it } from 'vitest';
import { FORWARDED_HOST_FUNCTION_CODE } from '../../infra/lib/constructs/forwarded-host';
import { SPA_REWRITE_FUNCTION_CODE } from '../../infra/lib/constructs/spa-rewrite';

interface ViewerRequest {
  uri: string;
  headers: Record<string, { value: string }>;
}
type Handler = (event: { request: ViewerRequest }) => ViewerRequest;

// CloudFront Functions have no module system: the code defines a global `handler`.
const load = (code: string) => new Function(`${code}\nreturn handler;`)() as Handler;

describe('SPA rewrite (default behaviour)', () => {
  const handler = load(SPA_REWRITE_FUNCTION_CODE);
  const rewrite = (uri: string) => handler({ request: { uri, headers: {} } }).uri;

  it.each(['/', '/login', '/enterprises', '/acme/projects/42', '/acme/projects/42/'])(
    'serves index.html for the client route %s',
    (uri) => {
      expect(rewrite(uri)).toBe('/index.html');
    },
  );

  it.each(['/index.html', '/assets/index-4f2a9c.js', '/favicon.svg', '/api/openapi.json', '/robots.txt'])(
    'leaves the file %s alone',
    (uri) => {
      expect(rewrite(uri)).toBe(uri);
    },
  );
});

describe("forwarded host ('/api/*' behaviour)", () => {
  const handler = load(FORWARDED_HOST_FUNCTION_CODE);

  it('copies the viewer host into X-Forwarded-Host, replacing a client-sent value', () => {
    const request = handler({
      request: {
        uri: '/api/auth/me',
        headers: { host: { value: 'acme.example.com' }, 'x-forwarded-host': { value: 'evil.example' } },
      },
    });
    expect(request.headers['x-forwarded-host']).toEqual({ value: 'acme.example.com' });
    expect(request.uri).toBe('/api/auth/me');
  });
});
