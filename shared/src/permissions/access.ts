import { hasPermission, type Principal, type Requirement } from './matcher';

/**
 * Route access by access name (spec section 6). Each page declares an access name; this table
 * says which permissions (any of) open it. The web hides what is closed and shows /403 when a
 * closed page is opened directly; the server enforces the same strings on the API.
 */
export const ACCESS_RULES = {
  home: null,
  members: 'enterprise:member:list',
  adminSettings: 'enterprise:settings:view',
  adminRoles: 'system:role:list',
  adminRoleAdd: 'system:role:add',
  adminRoleEdit: ['system:role:edit', 'system:role:list'],
  adminLabels: 'project:tag:edit',
  adminAudit: 'enterprise:audit:view',
  products: 'product:product:list',
  projects: 'project:project:list',
  codes: 'code:repository:list',
  repositories: 'artifact:repository:list',
  docs: 'docs:doc:list',
  pipeline: 'pipeline:pipeline:list',
  pipelineAdmin: 'pipeline:admin:edit',
  weekly: 'project:weekly:list',
  workdesk: 'dashboard:workdesk:view',
} as const satisfies Record<string, Requirement | null>;

export type AccessName = keyof typeof ACCESS_RULES;

export type AccessMap = Record<AccessName, boolean>;

/** Which access names the principal holds. A `null` rule means any member may enter. */
export function computeAccess(principal: Principal | null | undefined, ownerId?: string | null): AccessMap {
  const entries = Object.entries(ACCESS_RULES).map(([name, rule]) => [
    name,
    principal != null && (rule === null || hasPermission(principal, rule, ownerId)),
  ]);
  return Object.fromEntries(entries) as AccessMap;
}

/** A node of a route (or navigation) tree that may declare an access name. */
export interface AccessNode {
  access?: AccessName;
  children?: AccessNode[];
}

/**
 * Whether a route tree node is accessible: its own access name must be held, and a parent whose
 * children are all inaccessible is inaccessible too.
 */
export function isNodeAccessible(node: AccessNode, access: AccessMap): boolean {
  if (node.access && !access[node.access]) return false;
  const children = node.children ?? [];
  if (children.length === 0) return true;
  return children.some((child) => isNodeAccessible(child, access));
}
