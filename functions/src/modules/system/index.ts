/**
 * The system module's public entry, the only file other modules may import (rule and map:
 * docs/architecture.md "Modules"). Routes and the app are never exported from here.
 *
 * The role service (no other module uses it today).
 */
export { createRole, deleteRole, getRole, listRoles, roleMenuTree, updateRole } from './roles';
