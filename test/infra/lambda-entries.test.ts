import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENDPOINT_GROUPS, handlerEntry } from '../../functions/src/manifest';
import { REPO_ROOT } from '../../infra/lib/paths';

describe('Lambda entries', () => {
  it('has unique group names and route paths', () => {
    const names = ENDPOINT_GROUPS.map((g) => g.name);
    const routes = ENDPOINT_GROUPS.flatMap((g) => g.routes);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(routes).size).toBe(routes.length);
    for (const route of routes) expect(route).toMatch(/^\/api\//);
  });

  it.each(ENDPOINT_GROUPS.map((g) => g.name))(
    'functions/src/modules/%s/handler.ts exports handler',
    async (name) => {
      const entry = join(REPO_ROOT, handlerEntry(name));
      expect(existsSync(entry)).toBe(true);
      const module = await import(`../../functions/src/modules/${name}/handler.ts`);
      expect(typeof module.handler).toBe('function');
    },
  );
});
