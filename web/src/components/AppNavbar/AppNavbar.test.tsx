import { computeAccess } from '@shared/permissions/access';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../test/render';
import { AppNavbar } from './AppNavbar';

const access = (permissions: string[]) => computeAccess({ userId: 'u1', permissions, roles: [] });

describe('AppNavbar', () => {
  it('links built pages', async () => {
    renderWithRouter(<AppNavbar identifier="acme" access={access(['*:*:*'])} />, { path: '/acme/members' });
    const members = await screen.findByRole('link', { name: 'Members' });
    expect(members.getAttribute('href')).toBe('/acme/members');
    expect(members.hasAttribute('data-active')).toBe(true);
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/acme');
    expect(screen.getByRole('link', { name: 'Projects' }).getAttribute('href')).toBe('/acme/projects');
    expect(screen.getByRole('link', { name: 'Products' }).getAttribute('href')).toBe('/acme/products');
    expect(screen.getByTestId('nav-products').hasAttribute('aria-disabled')).toBe(false);
    expect(screen.getByRole('link', { name: 'Code' }).getAttribute('href')).toBe('/acme/codes');
    expect(screen.getByRole('link', { name: 'Knowledge base' }).getAttribute('href')).toBe('/acme/docs');
    expect(screen.getByRole('link', { name: 'Pipelines' }).getAttribute('href')).toBe('/acme/pipeline');
    expect(screen.getByTestId('nav-pipeline').hasAttribute('aria-disabled')).toBe(false);
  });

  it('hides areas without access, and Admin when all its entries are hidden', async () => {
    renderWithRouter(<AppNavbar identifier="acme" access={access(['enterprise:member:list'])} />);
    await screen.findByRole('link', { name: 'Members' });
    expect(screen.queryByTestId('nav-products')).toBeNull();
    expect(screen.queryByTestId('nav-admin')).toBeNull();
  });

  it('opens the Admin group on an admin page', async () => {
    renderWithRouter(<AppNavbar identifier="acme" access={access(['system:role:list'])} />, {
      path: '/acme/admin/roles',
    });
    const roles = await screen.findByRole('link', { name: 'Roles' });
    expect(roles.getAttribute('href')).toBe('/acme/admin/roles');
    expect(screen.queryByRole('link', { name: 'Organization settings' })).toBeNull();
  });
});

describe('AppNavbar active state', () => {
  it('marks only the current page, not its ancestors', async () => {
    renderWithRouter(<AppNavbar identifier="acme" access={access(['*:*:*'])} />, {
      path: '/acme/admin/roles/r1',
    });
    const roles = await screen.findByRole('link', { name: 'Roles' });
    expect(roles.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Home' }).hasAttribute('aria-current')).toBe(false);
    expect(screen.getByRole('link', { name: 'Organization settings' }).hasAttribute('aria-current')).toBe(
      false,
    );
  });
});
