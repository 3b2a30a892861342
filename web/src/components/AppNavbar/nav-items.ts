import type { AccessMap, AccessNode } from '@shared/permissions/access';
import { isNodeAccessible } from '@shared/permissions/access';
import {
  IconBook2,
  IconBox,
  IconCode,
  IconGitBranch,
  IconHome,
  IconLayoutKanban,
  IconPackages,
  IconReportAnalytics,
  IconSettings,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

/** Pages of the enterprise area that exist; other areas show in the navigation, disabled. */
export type EnterprisePath =
  | '/$identifier'
  | '/$identifier/members'
  | '/$identifier/codes'
  | '/$identifier/repositories'
  | '/$identifier/products'
  | '/$identifier/projects'
  | '/$identifier/docs'
  | '/$identifier/weekly'
  | '/$identifier/admin'
  | '/$identifier/admin/roles'
  | '/$identifier/admin/labels'
  | '/$identifier/admin/audit'
  | '/$identifier/pipeline'
  | '/$identifier/admin/pipeline/node'
  | '/$identifier/admin/pipeline/nodeType'
  | '/$identifier/admin/pipeline/template';

export interface NavItem extends AccessNode {
  key: string;
  label: string;
  icon?: ComponentType<{ size?: number | string; stroke?: number }>;
  /** The page; absent while the area is not built yet (shown disabled, "Not yet available"). */
  to?: EnterprisePath;
  /** Active only on the page itself, not on pages below it. */
  exact?: boolean;
  children?: NavItem[];
}

/** Every area of spec section 2, in the order people reach for them. */
export const NAV_ITEMS: NavItem[] = [
  { key: 'home', label: 'Home', icon: IconHome, access: 'home', to: '/$identifier', exact: true },
  {
    key: 'products',
    label: 'Products',
    icon: IconBox,
    access: 'products',
    to: '/$identifier/products',
  },
  {
    key: 'projects',
    label: 'Projects',
    icon: IconLayoutKanban,
    access: 'projects',
    to: '/$identifier/projects',
  },
  { key: 'codes', label: 'Code', icon: IconCode, access: 'codes', to: '/$identifier/codes' },
  {
    key: 'repositories',
    label: 'Artifact repositories',
    icon: IconPackages,
    access: 'repositories',
    to: '/$identifier/repositories',
  },
  {
    key: 'pipeline',
    label: 'Pipelines',
    icon: IconGitBranch,
    access: 'pipeline',
    to: '/$identifier/pipeline',
  },
  { key: 'docs', label: 'Knowledge base', icon: IconBook2, access: 'docs', to: '/$identifier/docs' },
  {
    key: 'weekly',
    label: 'Weekly reports',
    icon: IconReportAnalytics,
    access: 'weekly',
    to: '/$identifier/weekly',
  },
  { key: 'members', label: 'Members', icon: IconUsers, access: 'members', to: '/$identifier/members' },
  {
    key: 'admin',
    label: 'Admin',
    icon: IconSettings,
    children: [
      {
        key: 'adminSettings',
        label: 'Organization settings',
        access: 'adminSettings',
        to: '/$identifier/admin',
        exact: true,
      },
      { key: 'adminRoles', label: 'Roles', access: 'adminRoles', to: '/$identifier/admin/roles' },
      { key: 'adminLabels', label: 'Labels', access: 'adminLabels', to: '/$identifier/admin/labels' },
      { key: 'adminAudit', label: 'Audit log', access: 'adminAudit', to: '/$identifier/admin/audit' },
      {
        key: 'pipelineNodes',
        label: 'Pipeline nodes',
        access: 'pipelineAdmin',
        to: '/$identifier/admin/pipeline/node',
      },
      {
        key: 'pipelineNodeTypes',
        label: 'Pipeline node types',
        access: 'pipelineAdmin',
        to: '/$identifier/admin/pipeline/nodeType',
      },
      {
        key: 'pipelineTemplates',
        label: 'Pipeline templates',
        access: 'pipelineAdmin',
        to: '/$identifier/admin/pipeline/template',
      },
    ],
  },
];

/**
 * The items the user may see: an item needs its access name, and a parent whose children are all
 * inaccessible disappears with them (spec section 6, isNodeAccessible).
 */
export function visibleNavItems(items: readonly NavItem[], access: AccessMap): NavItem[] {
  return items
    .filter((item) => isNodeAccessible(item, access))
    .map((item) => (item.children ? { ...item, children: visibleNavItems(item.children, access) } : item));
}

/** The address of an item's page in an enterprise. */
export function navHref(to: EnterprisePath, identifier: string): string {
  return to.replace('$identifier', encodeURIComponent(identifier));
}

/** Whether an item is the current page (or, unless exact, an ancestor of it). */
export function isNavActive(item: NavItem, identifier: string, pathname: string): boolean {
  if (!item.to) return false;
  const href = navHref(item.to, identifier);
  const path = pathname.replace(/\/+$/, '') || '/';
  return path === href || (!item.exact && path.startsWith(`${href}/`));
}
