/**
 * Who may see and write which weekly reports (docs/weekly-reports.md, "Who sees what"):
 *
 * - A member writes their own report of each project they belong to.
 * - A project's reports, team view and items of the week are for its members; its managers
 *   (and the enterprise's administrators: its owner, the admin role, the wildcard) also remind
 *   and export. Drafts are their author's until submitted.
 * - The weeks are the enterprise's: its time zone, no week in the future.
 */
import { badRequest, forbidden } from '@core/errors';
import type { Tenant } from '@core/identity/tenancy';
import { ADMIN_ROLE_KEY, WILDCARD_PERMISSION } from '@shared/permissions/catalogue';
import { hasPermission, hasRole } from '@shared/permissions/matcher';
import { getProjectMember, type ProjectMemberRecord, type ProjectRecord, requireProject } from '../projects';
import { currentWeek, isFuture, type Week, weekStarting } from './weeks';

export function isAdministrator(tenant: Tenant): boolean {
  return (
    hasPermission(tenant.principal, WILDCARD_PERMISSION, tenant.enterprise.ownerId) ||
    hasRole(tenant.principal, ADMIN_ROLE_KEY)
  );
}

export interface ProjectAccess {
  project: ProjectRecord;
  /** The caller's membership; null for an administrator outside the project. */
  member: ProjectMemberRecord | null;
  /** Manages the project, or administers the enterprise. */
  manages: boolean;
}

/**
 * The project, if the caller may read its weekly reports: 404 when it does not exist, 403 for
 * non-members (administrators may read every project's).
 */
export async function projectAccess(tenant: Tenant, projectId: string): Promise<ProjectAccess> {
  return readableBy(tenant, await accessTo(tenant, projectId));
}

/** The same check on a project and membership already read (the team view reads them with its data). */
export function readableBy(tenant: Tenant, access: ProjectAccess): ProjectAccess {
  if (!access.member && !isAdministrator(tenant)) {
    throw forbidden(`Only members of project ${access.project.name} may see its weekly reports`);
  }
  return access;
}

/** What the caller is in a project: its membership (or none), and whether it manages it. */
export function accessOf(
  tenant: Tenant,
  project: ProjectRecord,
  member: ProjectMemberRecord | null,
): ProjectAccess {
  return { project, member, manages: isAdministrator(tenant) || member?.role === 'manager' };
}

/** The project, if the caller may write a report of it: only its members do (403 otherwise). */
export async function memberAccess(tenant: Tenant, projectId: string): Promise<ProjectAccess> {
  const access = await accessTo(tenant, projectId);
  if (!access.member) {
    throw forbidden(`You are not a member of project ${access.project.name}, so you write no report for it`);
  }
  return access;
}

async function accessTo(tenant: Tenant, projectId: string): Promise<ProjectAccess> {
  const enterpriseId = tenant.enterprise.id;
  const [project, member] = await Promise.all([
    requireProject(enterpriseId, projectId),
    getProjectMember(enterpriseId, projectId, tenant.principal.userId),
  ]);
  return accessOf(tenant, project, member);
}

export function requireManager(access: ProjectAccess): void {
  if (!access.manages) {
    throw forbidden(`Only the managers of project ${access.project.name} may do this`);
  }
}

/** The week named by `weekStart` (the current week when absent) in the enterprise's time zone; 400 in the future. */
export function weekFor(tenant: Tenant, weekStart?: string): Week {
  const timeZone = tenant.enterprise.timeZone;
  if (!weekStart) return currentWeek(timeZone);
  const week = weekStarting(weekStart, timeZone);
  if (isFuture(week)) {
    throw badRequest('weekStart', `The week of ${weekStart} is in the future (${timeZone})`);
  }
  return week;
}
