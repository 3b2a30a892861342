/**
 * Each endpoint group is its own Lambda function in the cloud, so each group app must work
 * alone: its routes, the error shape, CSRF, sessions and 404 for what it does not serve.
 */
import { describe, expect, it } from 'vitest';
import { ENDPOINT_GROUPS } from '../../functions/src/manifest';
import { artifactsApp } from '../../functions/src/modules/artifacts/app';
import { authApp } from '../../functions/src/modules/auth/app';
import { dashboardApp } from '../../functions/src/modules/dashboard/app';
import { docsApp } from '../../functions/src/modules/docs/app';
import { enterpriseApp } from '../../functions/src/modules/enterprise/app';
import { issuesApp } from '../../functions/src/modules/issues/app';
import { notificationsApp } from '../../functions/src/modules/notifications/app';
import { pipelinesApp } from '../../functions/src/modules/pipelines/app';
import { productsApp } from '../../functions/src/modules/products/app';
import { projectsApp } from '../../functions/src/modules/projects/app';
import { repositoriesApp } from '../../functions/src/modules/repositories/app';
import { requirementsApp } from '../../functions/src/modules/requirements/app';
import { sprintsApp } from '../../functions/src/modules/sprints/app';
import { systemApp } from '../../functions/src/modules/system/app';
import { testcasesApp } from '../../functions/src/modules/testcases/app';
import { testrunsApp } from '../../functions/src/modules/testruns/app';
import { weeklyApp } from '../../functions/src/modules/weekly/app';
import { HTTP_ORIGIN, signUp, unique } from './helpers';
import { documentedRoutes } from './openapi-routes';

const GROUP_APPS = {
  auth: authApp,
  enterprise: enterpriseApp,
  system: systemApp,
  projects: projectsApp,
  issues: issuesApp,
  products: productsApp,
  requirements: requirementsApp,
  sprints: sprintsApp,
  testcases: testcasesApp,
  testruns: testrunsApp,
  docs: docsApp,
  artifacts: artifactsApp,
  repositories: repositoriesApp,
  weekly: weeklyApp,
  pipelines: pipelinesApp,
  dashboard: dashboardApp,
  notifications: notificationsApp,
};

/** An API Gateway route path (`{proxy+}`) as a pattern. */
function routePattern(route: string): RegExp {
  return new RegExp(
    `^${route
      .replace(/[.]/g, '\\.')
      .replace('{proxy+}', '.+')
      .replace(/\{[^}]+\}/g, '[^/]+')}$`,
  );
}

/**
 * API Gateway's choice among matching routes: the most specific wins, and a route without a
 * greedy `{proxy+}` is more specific than one with it (then: more literal segments).
 */
function specificity(route: string): number {
  const segments = route.split('/').filter(Boolean);
  const greedy = route.includes('{proxy+}') ? 0 : 1000;
  return greedy + segments.filter((s) => !s.startsWith('{')).length;
}

/** The groups whose best matching route for `path` is the most specific of all groups' routes. */
function ownersOf(path: string) {
  const best = ENDPOINT_GROUPS.map((g) => ({
    name: g.name,
    score: Math.max(-1, ...g.routes.filter((r) => routePattern(r).test(path)).map(specificity)),
  })).filter((g) => g.score >= 0);
  const top = Math.max(...best.map((g) => g.score));
  return best.filter((g) => g.score === top);
}

describe('endpoint groups', () => {
  it('has an app for every group of the manifest', () => {
    expect(Object.keys(GROUP_APPS).sort()).toEqual(ENDPOINT_GROUPS.map((g) => g.name).sort());
  });

  it('routes every documented call to exactly one group, whose app serves it', () => {
    for (const route of documentedRoutes()) {
      const concrete = route.path.replace(/\{[^}]+\}/g, 'x');
      const owners = ownersOf(concrete);
      expect(
        owners.map((g) => g.name),
        route.id,
      ).toHaveLength(1);
      const app = GROUP_APPS[owners[0]!.name];
      const served = app.routes.some(
        (r) => r.method === route.method && r.path === route.path.replace(/\{(\w+)\}/g, ':$1'),
      );
      expect(served, `${route.id} is not served by the ${owners[0]!.name} group`).toBe(true);
    }
  });

  it('each works alone: sessions, validation, CSRF and 404 in the error shape', async () => {
    const user = await signUp();
    const cookie = user.client.cookieHeader();
    const json = {
      'Content-Type': 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      Origin: HTTP_ORIGIN,
    };

    const me = await authApp.request('/api/auth/me', { headers: { Cookie: cookie } });
    expect(me.status).toBe(200);

    const dict = await systemApp.request('/api/system/dict/data/type/pms_priority', {
      headers: { Cookie: cookie },
    });
    expect(dict.status).toBe(200);

    const invalid = await enterpriseApp.request('/api/pms/pmsEnterprise', {
      method: 'POST',
      headers: { ...json, Cookie: cookie },
      body: JSON.stringify({ identifier: 'API', name: 'x' }),
    });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).errorMessage).toMatch(/^identifier: /);

    const forged = await enterpriseApp.request('/api/pms/pmsEnterprise', {
      method: 'POST',
      headers: { ...json, Cookie: cookie, Origin: 'https://evil.example' },
      body: JSON.stringify({ identifier: unique('e'), name: 'x' }),
    });
    expect(forged.status).toBe(403);

    for (const app of Object.values(GROUP_APPS)) {
      const other = await app.request('/api/elsewhere');
      expect(other.status).toBe(404);
      expect(await other.json()).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
    }
  });
});
