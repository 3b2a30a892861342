/** Department roles of an enterprise (tenant-owned: enterprise id first). */
import { enterprisePartition, keys, SK } from '../../db/keys';
import { conditions, getItem, type Item, type TxOp, transact, updateVersioned } from '../../db/operations';
import { getRecord, getRecords, queryRecords, readRecord } from '../../db/records';

export interface RoleRecord {
  enterpriseId: string;
  roleId: string;
  roleKey: string;
  roleName: string;
  remark: string;
  permissions: string[];
  builtIn: boolean;
  /** How many members hold the role; kept in the same transactions that change memberships. */
  memberCount: number;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export type RoleChanges = Partial<Pick<RoleRecord, 'roleKey' | 'roleName' | 'remark' | 'permissions'>>;

function toItem(role: RoleRecord): Item {
  return { ...keys.role(role.enterpriseId, role.roleId), entity: 'Role', ...role };
}

function fromItem(item: Item): RoleRecord {
  return readRecord(
    item,
    ['enterpriseId', 'roleId', 'roleKey', 'roleName', 'createdAt', 'updatedAt', 'version'],
    { remark: '', permissions: [], builtIn: false, memberCount: 0 },
  );
}

function roleKeyItem(enterpriseId: string, roleKey: string, roleId: string): Item {
  return { ...keys.roleKey(enterpriseId, roleKey), entity: 'RoleKey', roleId };
}

/** The writes that create a role and claim its key; `ConditionFailedError('roleKey')` if taken. */
export function createRoleOps(role: RoleRecord): TxOp[] {
  return [
    { put: toItem(role), condition: conditions.notExists, label: 'role' },
    {
      put: roleKeyItem(role.enterpriseId, role.roleKey, role.roleId),
      condition: conditions.notExists,
      label: 'roleKey',
    },
  ];
}

/**
 * The write that changes how many members hold a role. It requires the role to exist, so a
 * membership can never point at a deleted role: `ConditionFailedError('role:{roleId}')`.
 */
export function roleHoldersOp(enterpriseId: string, roleId: string, delta: number): TxOp {
  return {
    update: keys.role(enterpriseId, roleId),
    add: { memberCount: delta },
    condition: conditions.exists,
    label: `role:${roleId}`,
  };
}

export async function createRole(
  enterpriseId: string,
  role: Omit<RoleRecord, 'enterpriseId'>,
): Promise<void> {
  await transact(createRoleOps({ ...role, enterpriseId }));
}

// Access pattern: a role of an enterprise by id (base table).
export async function getRole(enterpriseId: string, roleId: string): Promise<RoleRecord | null> {
  return getRecord(keys.role(enterpriseId, roleId), fromItem);
}

// Access pattern: a role of an enterprise by key (uniqueness item ROLEKEY#{key}, then by id).
export async function findRoleByKey(enterpriseId: string, roleKey: string): Promise<RoleRecord | null> {
  const ref = await getItem(keys.roleKey(enterpriseId, roleKey));
  return ref ? getRole(enterpriseId, ref.roleId) : null;
}

// Access pattern: several roles of an enterprise by id (batch); unknown ids are left out.
export async function getRoles(enterpriseId: string, roleIds: readonly string[]): Promise<RoleRecord[]> {
  return getRecords(
    roleIds.map((roleId) => keys.role(enterpriseId, roleId)),
    fromItem,
  );
}

// Access pattern: every role of an enterprise (partition ENT#{id}, sk begins_with ROLE#).
export async function listRoles(enterpriseId: string): Promise<RoleRecord[]> {
  return queryRecords(enterprisePartition(enterpriseId), SK.rolePrefix, fromItem);
}

/**
 * Edits a role if it still has `role.version`. A new key is claimed in the same transaction and
 * the old one released: `ConditionFailedError('roleKey')` if taken, `'stale'` if edited meanwhile.
 */
export async function updateRole(
  enterpriseId: string,
  role: RoleRecord,
  changes: RoleChanges,
  updatedAt: string,
): Promise<RoleRecord> {
  const key = keys.role(enterpriseId, role.roleId);
  const set = { ...changes, updatedAt };
  if (changes.roleKey === undefined || changes.roleKey === role.roleKey) {
    return fromItem(await updateVersioned(key, role.version, set));
  }
  await transact([
    {
      update: key,
      set: { ...set, version: role.version + 1 },
      condition: conditions.version(role.version),
      label: 'stale',
    },
    { delete: keys.roleKey(enterpriseId, role.roleKey) },
    {
      put: roleKeyItem(enterpriseId, changes.roleKey, role.roleId),
      condition: conditions.notExists,
      label: 'roleKey',
    },
  ]);
  return { ...role, ...set, version: role.version + 1 };
}

/** Deletes a role and releases its key; `ConditionFailedError('held')` if a member holds it. */
export async function deleteRole(enterpriseId: string, role: RoleRecord): Promise<void> {
  await transact([
    {
      delete: keys.role(enterpriseId, role.roleId),
      condition: {
        expression: 'attribute_exists(pk) AND (attribute_not_exists(memberCount) OR memberCount = :zero)',
        values: { ':zero': 0 },
      },
      label: 'held',
    },
    { delete: keys.roleKey(enterpriseId, role.roleKey) },
  ]);
}
