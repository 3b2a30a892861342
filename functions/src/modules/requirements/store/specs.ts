/**
 * Requirement specs of a product, in the product partition (keys.productPartition):
 *
 * - `SPEC#{local}`: the list fields, `moduleId`, `status` and `planId` included (plans and modules
 *   count their specs by a query); `demandCount` (project demands carrying the spec) is only ever
 *   stepped with ADD by the demand-link writes, so saving the other fields never overwrites it.
 * - `SPECBODY#{local}`: description and acceptance criteria, read only by the detail view.
 *
 * Every save is conditioned on the version read (`ConditionFailedError(label)`).
 */

import type { Condition } from '@core/db/expressions';
import { keys, productPartition, SK } from '@core/db/keys';
import { conditions, type Item, type TxOp } from '@core/db/operations';
import { childRecordReads, readRecord, recordFields } from '@core/db/records';
import { SPEC_STATUS } from '@shared/domain/requirement-workflow';
import type { ReviewRecord } from './user-requirements';

export interface SpecRecord {
  enterpriseId: string;
  productId: string;
  /** The local id (after the dot of the product-scoped id). */
  specId: string;
  /** SR-n, per product. */
  number: number;
  title: string;
  type: number;
  priority: number;
  /** A product-scoped module id, or null. */
  moduleId: string | null;
  tagIds: string[];
  ownerId: string | null;
  estimatedHours: number | null;
  status: number;
  /** A product-scoped plan id, or null. */
  planId: string | null;
  /** The product-scoped id of the user requirement it refines, or null. Never changes. */
  userRequirementId: string | null;
  authorId: string;
  lastReview: ReviewRecord | null;
  /** Project demands that carry it. */
  demandCount: number;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface SpecBody {
  description: string;
  acceptance: string;
}

/** What a save writes: all but the keys, the creation facts and the demand count (ADD only). */
const SAVED_FIELDS = [
  'title',
  'type',
  'priority',
  'moduleId',
  'tagIds',
  'ownerId',
  'estimatedHours',
  'status',
  'planId',
  'lastReview',
  'updatedAt',
  'version',
] as const;

function toItem(spec: SpecRecord): Item {
  return { ...keys.spec(spec.enterpriseId, spec.productId, spec.specId), entity: 'Spec', ...spec };
}

function fromItem(item: Item): SpecRecord {
  return readRecord(
    item,
    [
      'enterpriseId',
      'productId',
      'specId',
      'number',
      'title',
      'type',
      'priority',
      'status',
      'authorId',
      'createdAt',
      'updatedAt',
      'version',
    ],
    {
      moduleId: null,
      tagIds: [],
      ownerId: null,
      estimatedHours: null,
      planId: null,
      userRequirementId: null,
      lastReview: null,
      demandCount: 0,
    },
  );
}

function bodyItem(spec: Pick<SpecRecord, 'enterpriseId' | 'productId' | 'specId'>, body: SpecBody): Item {
  return {
    ...keys.specBody(spec.enterpriseId, spec.productId, spec.specId),
    entity: 'SpecBody',
    specId: spec.specId,
    description: body.description,
    acceptance: body.acceptance,
  };
}

const specReads = childRecordReads(productPartition, SK.specPrefix, keys.spec, fromItem, keys.specBody);
// Access pattern: every spec of a product, list fields only
// (pk = ENT#{id}#PRD#{productId}, begins_with(sk, SPEC#), strongly consistent).
export const listSpecs = specReads.list;
// Access pattern: one spec (SPEC#{local}).
export const getSpec = specReads.one;
// Access pattern: several specs of a product by local id (batch); unknown ids are left out.
export const getSpecs = specReads.many;

// Access pattern: one spec with its body (SPEC# and SPECBODY#, one batch).
export async function getSpecWithBody(
  enterpriseId: string,
  productId: string,
  specId: string,
): Promise<{ spec: SpecRecord; body: SpecBody } | null> {
  const found = await specReads.withBody(enterpriseId, productId, specId);
  if (!found) return null;
  const { record, body } = found;
  return { spec: record, body: { description: body?.description ?? '', acceptance: body?.acceptance ?? '' } };
}

export function createSpecOps(spec: SpecRecord, body: SpecBody): TxOp[] {
  return [
    { put: toItem(spec), condition: conditions.notExists, label: 'spec' },
    { put: bodyItem(spec, body) },
  ];
}

/** Saves the spec as `spec` if it still has `expectedVersion` (`label`, 'stale' unless told). */
export function saveSpecOp(spec: SpecRecord, expectedVersion: number, label = 'stale'): TxOp {
  return {
    update: keys.spec(spec.enterpriseId, spec.productId, spec.specId),
    set: recordFields(spec, SAVED_FIELDS),
    condition: conditions.version(expectedVersion),
    label,
  };
}

export function putSpecBodyOp(spec: SpecRecord, body: SpecBody): TxOp {
  return { put: bodyItem(spec, body) };
}

/** A spec may go to a project while reviewed or planning. */
const pushable: Condition = {
  expression: 'attribute_exists(pk) AND #status IN (:reviewed, :planning)',
  names: { '#status': 'status' },
  values: { ':reviewed': SPEC_STATUS.reviewed, ':planning': SPEC_STATUS.planning },
};

/**
 * Steps the spec's demand count. Adding requires it to be reviewed or planning, removing only
 * that it exists (`'spec'` otherwise). The version stays: the spec's content did not change.
 */
export function specDemandCountOp(
  enterpriseId: string,
  productId: string,
  specId: string,
  delta: 1 | -1,
): TxOp {
  return {
    update: keys.spec(enterpriseId, productId, specId),
    add: { demandCount: delta },
    condition: delta > 0 ? pushable : conditions.exists,
    label: 'spec',
  };
}

/**
 * Deletes the spec and its body if it still has the version and demand count read (`'spec'`
 * otherwise: it changed, or a project took it meanwhile).
 */
export function deleteSpecOps(spec: SpecRecord): TxOp[] {
  return [
    {
      delete: keys.spec(spec.enterpriseId, spec.productId, spec.specId),
      condition: conditions.versionAndCount(spec.version, 'demandCount', spec.demandCount),
      label: 'spec',
    },
    { delete: keys.specBody(spec.enterpriseId, spec.productId, spec.specId) },
  ];
}

/** The transaction step that requires a plan to still exist (`'plan'` when it is gone). */
export function planExistsOp(enterpriseId: string, productId: string, planLocalId: string): TxOp {
  return {
    check: keys.plan(enterpriseId, productId, planLocalId),
    condition: conditions.exists,
    label: 'plan',
  };
}
