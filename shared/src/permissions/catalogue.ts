/**
 * The permission catalogue: every permission string the product knows, grouped into the menu tree
 * that the role editor shows (`roleMenuTreeSelect`). Later capabilities only add to it.
 *
 * A permission string is `area:resource:action`. `*:*:*` grants everything.
 */

export const WILDCARD_PERMISSION = '*:*:*';

/** One node of the role-to-menu tree. Leaves carry a permission; inner nodes group them. */
export interface MenuNode {
  /** Stable key; for leaves it is the permission string itself. */
  id: string;
  label: string;
  /** Present on leaves only. */
  perms?: string;
  children?: MenuNode[];
}

function leaf(perms: string, label: string): MenuNode {
  return { id: perms, label, perms };
}

function group(id: string, label: string, children: MenuNode[]): MenuNode {
  return { id, label, children };
}

/** Standard list/view/add/edit/remove leaves for one resource. */
function crud(area: string, resource: string, noun: string): MenuNode[] {
  return [
    leaf(`${area}:${resource}:list`, `View ${noun}`),
    leaf(`${area}:${resource}:add`, `Create ${noun}`),
    leaf(`${area}:${resource}:edit`, `Edit ${noun}`),
    leaf(`${area}:${resource}:remove`, `Delete ${noun}`),
  ];
}

/**
 * Reading the audit log (who changed what, from where): for administrators, so it is no part of
 * a plain member's reads although it ends in `:view`.
 */
export const AUDIT_VIEW_PERMISSION = 'enterprise:audit:view';

export const PERMISSION_MENU: MenuNode[] = [
  group('enterprise', 'Organization', [
    leaf('enterprise:settings:view', 'View organization settings'),
    leaf('enterprise:settings:edit', 'Edit organization settings'),
    leaf('enterprise:settings:remove', 'Delete the organization'),
    leaf('enterprise:member:list', 'View members'),
    leaf('enterprise:member:add', 'Add members'),
    leaf('enterprise:member:remove', 'Remove members'),
    leaf(AUDIT_VIEW_PERMISSION, 'View the audit log'),
  ]),
  group('system', 'Roles and permissions', [
    leaf('system:role:list', 'View roles'),
    leaf('system:role:add', 'Create roles'),
    leaf('system:role:edit', 'Edit roles'),
    leaf('system:role:remove', 'Delete roles'),
    leaf('system:role:assign', "Change members' roles"),
  ]),
  group('product', 'Products', [
    ...crud('product', 'product', 'products'),
    ...crud('product', 'module', 'modules'),
    ...crud('product', 'plan', 'plans'),
    ...crud('product', 'requirement', 'user requirements'),
    leaf('product:requirement:review', 'Review user requirements'),
    ...crud('product', 'spec', 'requirement specs'),
    leaf('product:spec:review', 'Review requirement specs'),
    leaf('product:spec:change', 'Change requirement specs'),
    leaf('product:tag:edit', 'Manage requirement tags'),
    leaf('product:requirement:comment', 'Comment on requirements, specs and plans'),
  ]),
  group('project', 'Projects', [
    ...crud('project', 'project', 'projects'),
    leaf('project:member:edit', 'Manage project members'),
    leaf('project:notice:edit', 'Edit the project notice'),
    ...crud('project', 'issue', 'work items'),
    leaf('project:issue:comment', 'Comment on work items'),
    leaf('project:tag:edit', 'Manage work-item tags (labels)'),
    ...crud('project', 'sprint', 'iterations'),
    leaf('project:sprint:complete', 'Start and complete iterations'),
    ...crud('project', 'weekly', 'weekly reports'),
    leaf('project:weekly:template', 'Manage weekly report templates'),
  ]),
  group('test', 'Test management', [
    ...crud('test', 'case', 'test cases'),
    leaf('test:case:import', 'Import and export test cases'),
    ...crud('test', 'sheet', 'test sheets'),
    leaf('test:sheet:execute', 'Record test results'),
    ...crud('test', 'report', 'test reports'),
  ]),
  group('code', 'Code', [
    ...crud('code', 'repository', 'code repositories'),
    leaf('code:repository:link', 'Link repositories to projects'),
    leaf('code:branch:add', 'Create branches from work items'),
  ]),
  group('pipeline', 'Pipelines', [
    ...crud('pipeline', 'pipeline', 'pipelines'),
    leaf('pipeline:pipeline:run', 'Run, stop and rerun pipelines'),
    leaf('pipeline:admin:edit', 'Manage action nodes, node types and templates'),
  ]),
  group('artifact', 'Artifact library', [
    ...crud('artifact', 'repository', 'artifact repositories'),
    leaf('artifact:asset:upload', 'Upload artifacts'),
    leaf('artifact:asset:remove', 'Delete artifacts'),
  ]),
  group('docs', 'Knowledge base', crud('docs', 'doc', 'documents')),
  group('dashboard', 'Work desk', [leaf('dashboard:workdesk:view', 'Use the personal work desk')]),
];

function collectLeaves(nodes: MenuNode[]): string[] {
  return nodes.flatMap((n) => (n.perms ? [n.perms] : collectLeaves(n.children ?? [])));
}

/** Every permission string in the catalogue, in menu order. */
export const ALL_PERMISSIONS: readonly string[] = Object.freeze(collectLeaves(PERMISSION_MENU));

const KNOWN = new Set(ALL_PERMISSIONS);

/** True when `perm` is the wildcard or a catalogue entry: roles may hold nothing else. */
export function isKnownPermission(perm: string): boolean {
  return perm === WILDCARD_PERMISSION || KNOWN.has(perm);
}

/** Built-in role keys. `admin` holds the wildcard; `member` is the read-mostly default. */
export const ADMIN_ROLE_KEY = 'admin';
export const MEMBER_ROLE_KEY = 'member';

/**
 * The default role of a plain member: may read everything, and do the everyday work of a team
 * (create and edit work items, comment, record test results, create branches from work items,
 * write documents), but not administer the organization, delete, or manage roles.
 */
export const MEMBER_DEFAULT_PERMISSIONS: readonly string[] = Object.freeze([
  ...ALL_PERMISSIONS.filter(
    (p) => (p.endsWith(':list') || p.endsWith(':view')) && p !== AUDIT_VIEW_PERMISSION,
  ),
  'project:issue:add',
  'project:issue:edit',
  'project:issue:comment',
  'product:requirement:add',
  'product:requirement:edit',
  'product:requirement:comment',
  'project:weekly:add',
  'project:weekly:edit',
  'test:sheet:execute',
  'code:branch:add',
  'docs:doc:add',
  'docs:doc:edit',
]);
