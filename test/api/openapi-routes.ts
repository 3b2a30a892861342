/** The routes as the OpenAPI document declares them: what the isolation and matrix tests cover. */
import { buildOpenApiDocument } from '../../functions/src/app';

export type Access = 'public' | 'signedIn' | 'member' | 'permission';

export interface DocumentedRoute {
  /** `METHOD /path/{param}`, e.g. `GET /api/pms/pmsEnterprise/{identifier}`. */
  id: string;
  method: string;
  path: string;
  access: Access;
  permission?: string;
  pathParams: string[];
  queryParams: string[];
  hasBody: boolean;
}

interface Operation {
  'x-access'?: Access;
  'x-permission'?: string;
  parameters?: { name: string; in: string }[];
  requestBody?: unknown;
}

export function documentedRoutes(): DocumentedRoute[] {
  const doc = buildOpenApiDocument();
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Operation>).map(([method, op]) => {
      if (!op['x-access']) throw new Error(`${method.toUpperCase()} ${path} declares no x-access`);
      const params = op.parameters ?? [];
      return {
        id: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        access: op['x-access'],
        permission: op['x-permission'],
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
        hasBody: op.requestBody !== undefined,
      };
    }),
  );
}

/** Fills `{param}` placeholders. */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${path}`);
    return encodeURIComponent(value);
  });
}
