import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  type LocationRewrite,
} from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import {
  GLOBAL_SECTIONS,
  runtimeRootDomain,
  TENANT_SECTIONS,
  tenantHostRewrite,
  tenantOfHost,
  tenantRewrite,
} from './tenant-host';

describe('tenantOfHost', () => {
  it.each([
    ['acme.example.com', 'acme'],
    ['ACME.Example.com', 'acme'],
    ['acme-labs.example.com', 'acme-labs'],
    ['acme.localhost:5173', 'acme'],
  ])('%s is the tenant %s', (host, tenant) => {
    expect(tenantOfHost(host, 'example.com') ?? tenantOfHost(host, 'localhost')).toBe(tenant);
  });

  it.each([
    'example.com',
    'www.example.com',
    'api.example.com',
    'login.example.com',
    'a.example.com',
    'a.b.example.com',
    '-acme.example.com',
    'acme--labs.example.com',
    `${'a'.repeat(41)}.example.com`,
    'acmeexample.com',
    'acme.example.org',
  ])('%s is not a tenant host', (host) => {
    expect(tenantOfHost(host, 'example.com')).toBeNull();
  });

  it('knows no tenants without a root domain', () => {
    expect(tenantOfHost('acme.example.com', null)).toBeNull();
    expect(tenantHostRewrite('acme.example.com', null)).toBeUndefined();
    expect(tenantHostRewrite('example.com', 'example.com')).toBeUndefined();
  });
});

describe('runtimeRootDomain', () => {
  it('reads the root domain of /config.js, lower-cased, and null when unset', () => {
    expect(runtimeRootDomain({ rootDomain: ' Example.com ' })).toBe('example.com');
    expect(runtimeRootDomain({ rootDomain: null })).toBeNull();
    expect(runtimeRootDomain({})).toBeNull();
    expect(runtimeRootDomain(undefined)).toBeNull();
  });
});

describe('tenantRewrite', () => {
  const rewrite = tenantRewrite('acme', 'example.com');
  const run = (fn: LocationRewrite['input'], href: string) => {
    const url = new URL(href);
    const result = fn?.({ url }) ?? url;
    return String(result);
  };
  const input = (path: string) => run(rewrite.input, `https://acme.example.com${path}`);
  const output = (path: string) => run(rewrite.output, `https://acme.example.com${path}`);

  it.each([
    ['/', 'https://acme.example.com/acme'],
    ['/projects', 'https://acme.example.com/acme/projects'],
    ['/projects/42/bug?page=2#top', 'https://acme.example.com/acme/projects/42/bug?page=2#top'],
    ['/admin/roles', 'https://acme.example.com/acme/admin/roles'],
    ['/login?go_page=x', 'https://acme.example.com/login?go_page=x'],
    ['/enterprises/new', 'https://acme.example.com/enterprises/new'],
    ['/404', 'https://acme.example.com/404'],
    // The path form on its own subdomain is understood as such.
    ['/acme/projects', 'https://acme.example.com/acme/projects'],
  ])('reads %s as the route %s', (path, route) => {
    expect(input(path)).toBe(route);
  });

  it.each([
    ['/acme', 'https://acme.example.com/'],
    ['/acme/projects/42?tab=bugs', 'https://acme.example.com/projects/42?tab=bugs'],
    ['/login', 'https://acme.example.com/login'],
    ['/enterprises', 'https://acme.example.com/enterprises'],
    ['/', 'https://acme.example.com/'],
    ['/globex/projects#list', 'https://globex.example.com/projects#list'],
  ])('shows the route %s as %s', (route, address) => {
    expect(output(route)).toBe(address);
  });

  it('keeps the port when sending to another tenant', () => {
    const local = tenantRewrite('acme', 'localhost');
    expect(run(local.output, 'http://acme.localhost:4000/globex/members')).toBe(
      'http://globex.localhost:4000/members',
    );
  });

  it('leaves an identifier that is also a section name to the section', () => {
    const projects = tenantRewrite('projects', 'example.com');
    expect(run(projects.input, 'https://projects.example.com/projects')).toBe(
      'https://projects.example.com/projects/projects',
    );
    expect(run(projects.output, 'https://projects.example.com/projects/projects')).toBe(
      'https://projects.example.com/projects',
    );
  });
});

describe('router on a tenant host', () => {
  const rootRoute = createRootRoute();
  const tenant = createRoute({ getParentRoute: () => rootRoute, path: '$identifier' });
  const projects = createRoute({ getParentRoute: () => tenant, path: 'projects' });
  const project = createRoute({ getParentRoute: () => tenant, path: 'projects/$projectId' });
  const login = createRoute({ getParentRoute: () => rootRoute, path: 'login' });
  const routeTree = rootRoute.addChildren([tenant.addChildren([projects, project]), login]);

  const routerAt = (path: string) =>
    createRouter({
      routeTree,
      history: createMemoryHistory({ initialEntries: [path] }),
      origin: 'https://acme.example.com',
      rewrite: tenantRewrite('acme', 'example.com'),
    });

  it('matches /projects/42 on acme.example.com to the enterprise route, and links come out short', async () => {
    const router = routerAt('/projects/42');
    await router.load();
    expect(router.state.location.pathname).toBe('/acme/projects/42');
    expect(router.state.matches.at(-1)?.params).toEqual({ identifier: 'acme', projectId: '42' });

    const link = router.buildLocation({ to: '/$identifier/projects', params: { identifier: 'acme' } });
    expect(link.publicHref).toBe('/projects');
    expect(link.external).toBe(false);
    const elsewhere = router.buildLocation({ to: '/$identifier/projects', params: { identifier: 'globex' } });
    expect(elsewhere).toMatchObject({ publicHref: 'https://globex.example.com/projects', external: true });
  });

  it('navigates within the subdomain form', async () => {
    const router = routerAt('/projects');
    await router.load();
    await router.navigate({
      to: '/$identifier/projects/$projectId',
      params: { identifier: 'acme', projectId: '7' },
    });
    expect(router.history.location.pathname).toBe('/projects/7');
    expect(router.state.location.pathname).toBe('/acme/projects/7');
  });
});

describe('section lists', () => {
  // The generated route tree lists every route's full path.
  const fullPaths = [
    ...readFileSync(join(import.meta.dirname, '../routeTree.gen.ts'), 'utf8').matchAll(
      /fullPath: '([^']+)'/g,
    ),
  ].map((m) => m[1]!);
  const first = (path: string) => path.split('/')[1] ?? '';

  it('GLOBAL_SECTIONS are the first segments of the pages outside an enterprise', () => {
    const global = new Set(fullPaths.filter((p) => !p.startsWith('/$identifier')).map(first));
    global.delete('');
    expect([...global].sort()).toEqual([...GLOBAL_SECTIONS].sort());
  });

  it('TENANT_SECTIONS are the first segments under /$identifier/', () => {
    const sections = new Set(
      fullPaths.filter((p) => p.startsWith('/$identifier/')).map((p) => p.split('/')[2] ?? ''),
    );
    sections.delete('');
    expect([...sections].sort()).toEqual([...TENANT_SECTIONS].sort());
  });
});
