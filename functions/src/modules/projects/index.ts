/**
 * The projects module's public entry, the only file other modules may import (rule and map:
 * docs/architecture.md "Modules"). Routes and the app are never exported from here.
 */

// Projects and their members, for the modules whose data lives in a project.
export { removeFromAllProjects } from './members';
export { projectNotFound, requireProject } from './projects';
export {
  deleteProjectPartition,
  getProject,
  getProjectMember,
  listProjectMembers,
  listProjectMembershipsOfUser,
  listProjects,
  type ProjectMemberRecord,
  type ProjectRecord,
  projectFromItem,
} from './store';
