/** Enterprises (tenants) and their identifiers. */
import { DEFAULT_REMINDER_DAY, DEFAULT_REMINDER_TIME, DEFAULT_TIME_ZONE } from '@shared/domain/weekly';
import { AUDIT_RETENTION_DAYS } from '@shared/schemas/audit';
import { enterprisePartition, keys } from '../../db/keys';
import {
  conditions,
  deletePartition,
  getItem,
  type Item,
  transact,
  updateVersioned,
} from '../../db/operations';
import { getRecord, getRecords, readRecord } from '../../db/records';
import { createMembershipOp, type MembershipRecord } from './memberships';
import { createRoleOps, type RoleRecord } from './roles';

export interface EnterpriseRecord {
  id: string;
  /** Lower-case, unique, immutable: the first path segment and the subdomain. */
  identifier: string;
  name: string;
  description: string;
  ownerId: string;
  gitlinkUrl: string;
  /** How many days the audit log keeps an entry (core/audit). */
  auditRetentionDays: number;
  /** IANA name; weeks run Monday to Sunday in it (docs/weekly-reports.md). */
  timeZone: string;
  /** When members who have not written their weekly report are reminded: 1 Monday ... 7 Sunday, `HH:mm`. */
  weeklyReminderDay: number;
  weeklyReminderTime: string;
  /** Kept by the membership transactions. */
  memberCount: number;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export type EnterpriseChanges = Partial<
  Pick<
    EnterpriseRecord,
    | 'name'
    | 'description'
    | 'gitlinkUrl'
    | 'auditRetentionDays'
    | 'timeZone'
    | 'weeklyReminderDay'
    | 'weeklyReminderTime'
  >
>;

function toItem(enterprise: EnterpriseRecord): Item {
  return { ...keys.enterprise(enterprise.id), entity: 'Enterprise', ...enterprise };
}

function fromItem(item: Item): EnterpriseRecord {
  return readRecord(item, ['id', 'identifier', 'name', 'ownerId', 'createdAt', 'updatedAt', 'version'], {
    description: '',
    gitlinkUrl: '',
    auditRetentionDays: AUDIT_RETENTION_DAYS.default,
    timeZone: DEFAULT_TIME_ZONE,
    weeklyReminderDay: DEFAULT_REMINDER_DAY,
    weeklyReminderTime: DEFAULT_REMINDER_TIME,
    memberCount: 0,
  });
}

/**
 * Creates an enterprise in one transaction: the enterprise, its identifier, its built-in roles
 * and the owner's membership. `ConditionFailedError('identifier')` when the identifier is taken.
 */
export async function createEnterprise(
  enterprise: EnterpriseRecord,
  roles: readonly RoleRecord[],
  owner: MembershipRecord,
): Promise<void> {
  await transact([
    { put: toItem(enterprise), condition: conditions.notExists, label: 'enterprise' },
    {
      put: {
        ...keys.enterpriseIdentifier(enterprise.identifier),
        entity: 'EnterpriseIdentifier',
        enterpriseId: enterprise.id,
      },
      condition: conditions.notExists,
      label: 'identifier',
    },
    ...roles.flatMap(createRoleOps),
    createMembershipOp(owner),
  ]);
}

// Access pattern: enterprise by id (base table ENT#{id} / ENTERPRISE).
export async function getEnterprise(enterpriseId: string): Promise<EnterpriseRecord | null> {
  return getRecord(keys.enterprise(enterpriseId), fromItem);
}

// Access pattern: the id of the enterprise with an identifier (uniqueness item ENTIDENT#{identifier}).
export async function findEnterpriseIdByIdentifier(identifier: string): Promise<string | null> {
  const ref = await getItem(keys.enterpriseIdentifier(identifier));
  return (ref?.enterpriseId as string | undefined) ?? null;
}

// Access pattern: enterprise by identifier (uniqueness item ENTIDENT#{identifier}, then by id).
export async function findEnterpriseByIdentifier(identifier: string): Promise<EnterpriseRecord | null> {
  const enterpriseId = await findEnterpriseIdByIdentifier(identifier);
  return enterpriseId ? getEnterprise(enterpriseId) : null;
}

// Access pattern: several enterprises by id (batch), e.g. the switcher's list.
export async function getEnterprises(enterpriseIds: readonly string[]): Promise<EnterpriseRecord[]> {
  return getRecords(enterpriseIds.map(keys.enterprise), fromItem);
}

/** Edits an enterprise if it still has `expectedVersion` (`ConditionFailedError('stale' | 'missing')`). */
export async function updateEnterprise(
  enterpriseId: string,
  expectedVersion: number,
  changes: EnterpriseChanges,
  updatedAt: string,
): Promise<EnterpriseRecord> {
  return fromItem(
    await updateVersioned(keys.enterprise(enterpriseId), expectedVersion, { ...changes, updatedAt }),
  );
}

/**
 * Deletes an enterprise and everything it owns. The enterprise and its identifier go first, in
 * one transaction, so it stops resolving at once (and the identifier is free again); then the
 * rest of its partition, members and their index entries included, is deleted in batches.
 */
export async function deleteEnterprise(enterprise: EnterpriseRecord): Promise<void> {
  await transact([
    { delete: keys.enterprise(enterprise.id), condition: conditions.exists, label: 'missing' },
    {
      delete: keys.enterpriseIdentifier(enterprise.identifier),
      condition: { expression: 'enterpriseId = :id', values: { ':id': enterprise.id } },
      label: 'identifier',
    },
  ]);
  await deletePartition(enterprisePartition(enterprise.id));
}
