/**
 * The area of an audit entry: the endpoint group that serves the request's path, found the way API
 * Gateway routes it (functions/src/manifest.ts): an exact route before a `{proxy+}` one, and the
 * longest of those.
 */
import { ENDPOINT_GROUPS } from '../../manifest';

interface RoutePattern {
  group: string;
  greedy: boolean;
  length: number;
  test: RegExp;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function patternOf(group: string, route: string): RoutePattern {
  const parts = route.split('/').map((part) => {
    if (part === '{proxy+}') return '.+';
    return /^\{\w+\}$/.test(part) ? '[^/]+' : escaped(part);
  });
  return {
    group,
    greedy: route.endsWith('{proxy+}'),
    length: route.length,
    test: new RegExp(`^${parts.join('/')}$`),
  };
}

let patterns: RoutePattern[] | undefined;

/** The group whose API Gateway route takes `path`; 'other' for a path no group serves. */
export function areaOfPath(path: string): string {
  patterns ??= ENDPOINT_GROUPS.flatMap((g) => g.routes.map((route) => patternOf(g.name, route)));
  const matching = patterns.filter((p) => p.test.test(path));
  matching.sort((a, b) => Number(a.greedy) - Number(b.greedy) || b.length - a.length);
  return matching[0]?.group ?? 'other';
}
