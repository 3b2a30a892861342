import type { MenuNode } from '@shared/permissions/catalogue';

/** A group of two permissions shaped as the catalogue shapes it: the first group of the tests' menus. */
export const roleMenu: MenuNode = {
  id: 'system',
  label: 'Roles and permissions',
  children: [
    { id: 'system:role:list', label: 'View roles', perms: 'system:role:list' },
    { id: 'system:role:add', label: 'Create roles', perms: 'system:role:add' },
  ],
};
