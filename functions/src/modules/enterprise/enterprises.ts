/** Enterprises: creation (with built-in roles and the owner), listing, settings and deletion. */

import { firstVersion, nowIso } from '@core/clock';
import { onConditionFailed } from '@core/db/operations';
import { badRequest, conflict, enterpriseNotFound, staleVersion } from '@core/errors';
import type { EnterpriseRecord } from '@core/identity/store/enterprises';
import * as db from '@core/identity/store/enterprises';
import { listMembershipsOfUser } from '@core/identity/store/memberships';
import { newId } from '@core/ids';
import { canonicalTimeZone } from '@shared/domain/time-zone';
import { DEFAULT_REMINDER_DAY, DEFAULT_REMINDER_TIME, DEFAULT_TIME_ZONE } from '@shared/domain/weekly';
import { AUDIT_RETENTION_DAYS } from '@shared/schemas/audit';
import type { CreateEnterpriseBody, UpdateEnterpriseBody } from '@shared/schemas/enterprise';
import { listRepositories as listArtifactRepositories, purgeArtifactsOf } from '../artifacts';
import { deleteProductPartition, listProducts } from '../products';
import { deleteProjectPartition, listProjects } from '../projects';
import { builtInRoles } from './member-roles';

/**
 * Creates an enterprise owned by `ownerId`, who becomes its first member with the admin role.
 * `gitlinkUrl` is the workspace's own origin (this product is its own code platform).
 */
export async function createEnterprise(
  ownerId: string,
  body: CreateEnterpriseBody,
  gitlinkUrl: string,
): Promise<EnterpriseRecord> {
  const now = nowIso();
  const enterprise: EnterpriseRecord = {
    id: newId(),
    identifier: body.identifier,
    name: body.name,
    description: body.description ?? '',
    ownerId,
    gitlinkUrl,
    auditRetentionDays: AUDIT_RETENTION_DAYS.default,
    timeZone: DEFAULT_TIME_ZONE,
    weeklyReminderDay: DEFAULT_REMINDER_DAY,
    weeklyReminderTime: DEFAULT_REMINDER_TIME,
    memberCount: 1,
    ...firstVersion(now),
  };
  const roles = builtInRoles(enterprise.id);
  const admin = roles[0]!;
  const owner = {
    enterpriseId: enterprise.id,
    userId: ownerId,
    roleIds: [admin.roleId],
    joinedAt: now,
    version: 1,
  };
  await onConditionFailed(db.createEnterprise(enterprise, roles, owner), {
    identifier: () => conflict(`identifier: ${body.identifier} is taken`),
  });
  return enterprise;
}

/** The enterprises the user belongs to, by name. */
export async function listEnterprisesOf(userId: string): Promise<EnterpriseRecord[]> {
  const memberships = await listMembershipsOfUser(userId);
  const enterprises = await db.getEnterprises(memberships.map((m) => m.enterpriseId));
  return enterprises.sort((a, b) => a.name.localeCompare(b.name) || a.identifier.localeCompare(b.identifier));
}

/** Edits the settings; the identifier never changes (it is in every address and subdomain). */
export async function updateEnterprise(
  enterprise: EnterpriseRecord,
  body: UpdateEnterpriseBody,
): Promise<EnterpriseRecord> {
  const { version, ...changes } = body;
  // Stored by its canonical name (`utc` is `UTC`), which every reader's Intl knows.
  if (changes.timeZone) changes.timeZone = canonicalTimeZone(changes.timeZone) ?? changes.timeZone;
  if (version !== enterprise.version) throw staleVersion(`The enterprise ${enterprise.name}`);
  return onConditionFailed(db.updateEnterprise(enterprise.id, version, changes, nowIso()), {
    stale: () => staleVersion(`The enterprise ${enterprise.name}`),
    missing: () => enterpriseNotFound(),
  });
}

/**
 * Deletes the enterprise and all it owns, if `confirmIdentifier` repeats its identifier. Each
 * project and each product keeps its contents in a partition of its own, found through the
 * project and product items of the enterprise partition: they are listed before that partition
 * goes, and deleted after the enterprise stopped resolving (so nothing new is written into them
 * meanwhile). A project or product created in the instant between the listing and the delete
 * would leave its partition behind, unreachable: nothing can address an enterprise that no
 * longer resolves.
 */
export async function deleteEnterprise(
  enterprise: EnterpriseRecord,
  confirmIdentifier: string,
): Promise<void> {
  if (confirmIdentifier !== enterprise.identifier) {
    throw badRequest('confirmIdentifier', `Type the identifier ${enterprise.identifier} to confirm`);
  }
  const [projects, products, artifactRepositories] = await Promise.all([
    listProjects(enterprise.id),
    listProducts(enterprise.id),
    listArtifactRepositories(enterprise.id),
  ]);
  await onConditionFailed(db.deleteEnterprise(enterprise), {
    missing: () => enterpriseNotFound(),
    identifier: () => enterpriseNotFound(),
  });
  for (const project of projects) await deleteProjectPartition(enterprise.id, project.projectId);
  for (const product of products) await deleteProductPartition(enterprise.id, product.productId);
  // The artifact library may hold many files: its partitions and blobs go in a job of its own.
  await purgeArtifactsOf(
    enterprise.id,
    artifactRepositories.map((r) => r.repositoryId),
  );
}
