import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../functions/src/app';
import { Client, expectStatus } from './helpers';
import { documentedRoutes } from './openapi-routes';

/** Every `METHOD /api/...` named in docs/api-conventions.md, query strings dropped. */
function conventionCalls(): string[] {
  const text = readFileSync(new URL('../../docs/api-conventions.md', import.meta.url), 'utf8');
  const calls = [...text.matchAll(/`(GET|POST|PUT|PATCH|DELETE) (\/api\/[^`?\s]+)/g)].map(
    ([, m, p]) => `${m} ${p}`,
  );
  return [...new Set(calls)];
}

describe('the OpenAPI document', () => {
  it('is served at /api/openapi.json as OpenAPI 3.1 with a title and version', async () => {
    const res = expectStatus(await new Client().get('/api/openapi.json'), 200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.info).toMatchObject({ title: 'Workspace API', version: expect.any(String) });
    expect(res.body.components.securitySchemes.cookieAuth).toMatchObject({ type: 'apiKey', in: 'cookie' });
    expect(res.body).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
  });

  it('lists every call of docs/api-conventions.md, and nothing undocumented there', () => {
    const documented = documentedRoutes().map((r) => r.id);
    const conventions = conventionCalls();
    expect(conventions.length).toBeGreaterThanOrEqual(28);
    expect(documented.sort()).toEqual(conventions.sort());
  });

  it('declares who may call each route, with request and response schemas', () => {
    const doc = buildOpenApiDocument();
    for (const route of documentedRoutes()) {
      const paths = (doc.paths ?? {}) as Record<string, Record<string, Record<string, unknown>>>;
      const op = paths[route.path]![route.method.toLowerCase()]!;
      expect(['public', 'signedIn', 'member', 'permission'], route.id).toContain(route.access);
      if (route.access === 'permission') expect(route.permission, route.id).toMatch(/^[a-z]+:[a-z]+:[a-z]+$/);
      if (route.access !== 'public') expect(op.security, route.id).toEqual([{ cookieAuth: [] }]);
      const responses = op.responses as Record<string, unknown>;
      expect(
        Object.keys(responses).some((s) => s === '200' || s === '201'),
        route.id,
      ).toBe(true);
      if (['POST', 'PUT'].includes(route.method) && route.pathParams.length === 0) {
        if (route.id !== 'POST /api/accounts/logout.json') expect(route.hasBody, route.id).toBe(true);
      }
    }
  });
});
