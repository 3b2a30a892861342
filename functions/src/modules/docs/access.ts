/**
 * Who may use which library. The enterprise library follows roles alone (the route's `docs:doc:*`
 * permission); a project's library also needs project membership, except for the enterprise's
 * owner and its administrators (the `admin` role or the wildcard), who look after every library.
 */
import { forbidden, notFound } from '@core/errors';
import type { Tenant } from '@core/identity/tenancy';
import { ENTERPRISE_SPACE } from '@shared/domain/docs';
import { ADMIN_ROLE_KEY, WILDCARD_PERMISSION } from '@shared/permissions/catalogue';
import type { SpaceInfo } from '@shared/schemas/docs';
import { getProject, getProjectMember, listProjectMembershipsOfUser, listProjects } from '../projects';

export interface SpaceRef {
  id: string;
  name: string;
  kind: 'enterprise' | 'project';
}

export const ENTERPRISE_LIBRARY_NAME = 'Enterprise library';

function isAdministrator(tenant: Tenant): boolean {
  const { principal, enterprise } = tenant;
  return (
    principal.userId === enterprise.ownerId ||
    principal.permissions.includes(WILDCARD_PERMISSION) ||
    principal.roles.some((role) => role.roleKey === ADMIN_ROLE_KEY)
  );
}

/**
 * The space, if the caller may use it: 404 for a project that does not exist (another
 * enterprise's included), 403 for a project the caller is not a member of.
 */
export async function requireSpace(tenant: Tenant, space: string): Promise<SpaceRef> {
  if (space === ENTERPRISE_SPACE) return { id: space, name: ENTERPRISE_LIBRARY_NAME, kind: 'enterprise' };
  const enterpriseId = tenant.enterprise.id;
  const [project, member] = await Promise.all([
    getProject(enterpriseId, space),
    getProjectMember(enterpriseId, space, tenant.principal.userId),
  ]);
  if (!project) throw notFound(`space: Project ${space} does not exist`);
  if (!member && !isAdministrator(tenant)) {
    throw forbidden(`Only members of project ${project.name} may use its documents`);
  }
  return { id: space, name: project.name, kind: 'project' };
}

/** Every space the caller may read: the enterprise library and their projects' (all, for admins). */
export async function readableSpaces(tenant: Tenant): Promise<SpaceRef[]> {
  const enterpriseId = tenant.enterprise.id;
  const projects = await listProjects(enterpriseId);
  let allowed = projects;
  if (!isAdministrator(tenant)) {
    const mine = new Set(
      (await listProjectMembershipsOfUser(enterpriseId, tenant.principal.userId)).map((m) => m.projectId),
    );
    allowed = projects.filter((p) => mine.has(p.projectId));
  }
  allowed.sort((a, b) => a.name.localeCompare(b.name));
  return [
    { id: ENTERPRISE_SPACE, name: ENTERPRISE_LIBRARY_NAME, kind: 'enterprise' },
    ...allowed.map((p) => ({ id: p.projectId, name: p.name, kind: 'project' as const })),
  ];
}

export function spaceView(space: SpaceRef): SpaceInfo {
  return { id: space.id, name: space.name, kind: space.kind };
}
