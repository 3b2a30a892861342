/**
 * The enterprise module's public entry, the only file other modules may import (rule and map:
 * docs/architecture.md "Modules"). Routes and the app are never exported from here.
 *
 * The members service: the System calls (`dept/{id}/...`) manage the same members.
 */
export { addMember, listMembers, removeMember, searchCandidates, setMemberRoles } from './members';
