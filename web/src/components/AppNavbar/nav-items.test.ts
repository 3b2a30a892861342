import { type AccessMap, computeAccess } from '@shared/permissions/access';
import { describe, expect, it } from 'vitest';
import { isNavActive, NAV_ITEMS, navHref, visibleNavItems } from './nav-items';

const principal = (permissions: string[]) => ({ userId: 'u1', permissions, roles: [] });
const keys = (access: AccessMap) =>
  visibleNavItems(NAV_ITEMS, access).map((item) => [item.key, item.children?.map((c) => c.key)]);

describe('navigation items', () => {
  it('cover every area of spec section 2', () => {
    const labels = NAV_ITEMS.flatMap((item) => [item.label, ...(item.children ?? []).map((c) => c.label)]);
    expect(labels).toEqual([
      'Home',
      'Products',
      'Projects',
      'Code',
      'Artifact repositories',
      'Pipelines',
      'Knowledge base',
      'Weekly reports',
      'Members',
      'Admin',
      'Organization settings',
      'Roles',
      'Labels',
      'Audit log',
      'Pipeline nodes',
      'Pipeline node types',
      'Pipeline templates',
    ]);
  });

  it('shows everything to the wildcard', () => {
    const visible = visibleNavItems(NAV_ITEMS, computeAccess(principal(['*:*:*'])));
    expect(visible).toHaveLength(NAV_ITEMS.length);
  });

  it('hides what the user lacks, and Admin when none of its children is left', () => {
    expect(keys(computeAccess(principal(['enterprise:member:list'])))).toEqual([
      ['home', undefined],
      ['members', undefined],
    ]);
    expect(keys(computeAccess(principal(['system:role:list', 'docs:doc:list'])))).toEqual([
      ['home', undefined],
      ['docs', undefined],
      ['admin', ['adminRoles']],
    ]);
  });

  it('shows everything to the owner, whatever their permissions', () => {
    expect(visibleNavItems(NAV_ITEMS, computeAccess(principal([]), 'u1'))).toHaveLength(NAV_ITEMS.length);
  });

  it('knows the active item', () => {
    const roles = NAV_ITEMS.find((i) => i.key === 'admin')!.children!.find((c) => c.key === 'adminRoles')!;
    const settings = NAV_ITEMS.find((i) => i.key === 'admin')!.children!.find(
      (c) => c.key === 'adminSettings',
    )!;
    expect(navHref('/$identifier/admin/roles', 'acme')).toBe('/acme/admin/roles');
    const labels = NAV_ITEMS.find((i) => i.key === 'admin')!.children!.find((c) => c.key === 'adminLabels')!;
    expect(labels.to && navHref(labels.to, 'acme')).toBe('/acme/admin/labels');
    const projects = NAV_ITEMS.find((i) => i.key === 'projects')!;
    expect(isNavActive(projects, 'acme', '/acme/projects/p1/task')).toBe(true);
    const products = NAV_ITEMS.find((i) => i.key === 'products')!;
    expect(products.to && navHref(products.to, 'acme')).toBe('/acme/products');
    expect(isNavActive(products, 'acme', '/acme/products/p1/plan/p1.2')).toBe(true);
    expect(isNavActive(products, 'acme', '/acme/projects')).toBe(false);
    expect(isNavActive(roles, 'acme', '/acme/admin/roles/r1')).toBe(true);
    expect(isNavActive(settings, 'acme', '/acme/admin/roles')).toBe(false);
    expect(isNavActive(settings, 'acme', '/acme/admin/')).toBe(true);
  });
});
