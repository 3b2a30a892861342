/**
 * User requirements of a product, in the product partition (keys.productPartition):
 *
 * - `UREQ#{local}`: the list fields (what a list row shows, and `moduleId`/`status` for the
 *   module and plan counts of the products group); `specCount` is only ever stepped with ADD by
 *   the spec transactions, so saving the other fields never overwrites it.
 * - `UREQBODY#{local}`: the description, read only by the detail view.
 *
 * Every save is conditioned on the version read (`ConditionFailedError('stale')`).
 */
import { keys, productPartition, SK } from '@core/db/keys';
import { conditions, type Item, type TxOp } from '@core/db/operations';
import { childRecordReads, readRecord, recordFields } from '@core/db/records';

/** The last review of a requirement or spec. */
export interface ReviewRecord {
  userId: string;
  at: string;
  result: 'pass' | 'reject';
  comment: string;
}

export interface UserRequirementRecord {
  enterpriseId: string;
  productId: string;
  /** The local id (after the dot of the product-scoped id). */
  requirementId: string;
  /** UR-n, per product. */
  number: number;
  title: string;
  source: number;
  priority: number;
  /** A product-scoped module id, or null. */
  moduleId: string | null;
  tagIds: string[];
  status: number;
  authorId: string;
  lastReview: ReviewRecord | null;
  /** Specs refined from it. */
  specCount: number;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** The fields a save writes: everything but the keys, the creation facts and the spec count. */
const SAVED_FIELDS = [
  'title',
  'source',
  'priority',
  'moduleId',
  'tagIds',
  'status',
  'lastReview',
  'updatedAt',
  'version',
] as const;

function toItem(ur: UserRequirementRecord): Item {
  return {
    ...keys.userRequirement(ur.enterpriseId, ur.productId, ur.requirementId),
    entity: 'UserRequirement',
    ...ur,
  };
}

function fromItem(item: Item): UserRequirementRecord {
  return readRecord(
    item,
    [
      'enterpriseId',
      'productId',
      'requirementId',
      'number',
      'title',
      'source',
      'priority',
      'status',
      'authorId',
      'createdAt',
      'updatedAt',
      'version',
    ],
    { moduleId: null, tagIds: [], lastReview: null, specCount: 0 },
  );
}

function bodyItem(
  ur: Pick<UserRequirementRecord, 'enterpriseId' | 'productId' | 'requirementId'>,
  description: string,
) {
  return {
    ...keys.userRequirementBody(ur.enterpriseId, ur.productId, ur.requirementId),
    entity: 'UserRequirementBody',
    requirementId: ur.requirementId,
    description,
  };
}

const requirementReads = childRecordReads(
  productPartition,
  SK.userRequirementPrefix,
  keys.userRequirement,
  fromItem,
  keys.userRequirementBody,
);
// Access pattern: every user requirement of a product, list fields only
// (pk = ENT#{id}#PRD#{productId}, begins_with(sk, UREQ#), strongly consistent).
export const listUserRequirements = requirementReads.list;
// Access pattern: one user requirement (UREQ#{local}).
export const getUserRequirement = requirementReads.one;

// Access pattern: one user requirement with its description (UREQ# and UREQBODY#, one batch).
export async function getUserRequirementWithBody(
  enterpriseId: string,
  productId: string,
  requirementId: string,
): Promise<{ requirement: UserRequirementRecord; description: string } | null> {
  const found = await requirementReads.withBody(enterpriseId, productId, requirementId);
  if (!found) return null;
  return { requirement: found.record, description: (found.body?.description as string | undefined) ?? '' };
}

/** The writes that create a requirement and its description. */
export function createUserRequirementOps(ur: UserRequirementRecord, description: string): TxOp[] {
  return [
    { put: toItem(ur), condition: conditions.notExists, label: 'userRequirement' },
    { put: bodyItem(ur, description) },
  ];
}

/**
 * Saves the requirement as `ur` if it still has `expectedVersion` (`'stale'` otherwise), and
 * steps its spec count by `specCountDelta` (a spec refined from it).
 */
export function saveUserRequirementOp(
  ur: UserRequirementRecord,
  expectedVersion: number,
  specCountDelta = 0,
): TxOp {
  return {
    update: keys.userRequirement(ur.enterpriseId, ur.productId, ur.requirementId),
    set: recordFields(ur, SAVED_FIELDS),
    add: specCountDelta === 0 ? undefined : { specCount: specCountDelta },
    condition: conditions.version(expectedVersion),
    label: 'stale',
  };
}

export function putUserRequirementBodyOp(ur: UserRequirementRecord, description: string): TxOp {
  return { put: bodyItem(ur, description) };
}

/** One spec fewer refines the requirement (its status stays; `'userRequirement'` when it is gone). */
export function userRequirementSpecCountOp(
  enterpriseId: string,
  productId: string,
  requirementId: string,
  delta: number,
): TxOp {
  return {
    update: keys.userRequirement(enterpriseId, productId, requirementId),
    add: { specCount: delta },
    condition: conditions.exists,
    label: 'userRequirement',
  };
}

/**
 * Deletes the requirement and its description, if it still has the version read and no spec
 * refines it (`'userRequirement'` otherwise: a spec was made from it meanwhile, or it changed).
 */
export function deleteUserRequirementOps(ur: UserRequirementRecord): TxOp[] {
  return [
    {
      delete: keys.userRequirement(ur.enterpriseId, ur.productId, ur.requirementId),
      condition: conditions.versionAndCount(ur.version, 'specCount', 0),
      label: 'userRequirement',
    },
    { delete: keys.userRequirementBody(ur.enterpriseId, ur.productId, ur.requirementId) },
  ];
}
