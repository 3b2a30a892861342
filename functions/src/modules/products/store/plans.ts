/**
 * A product's plans (ENT#{e}#PRD#{productId} / PLAN#{localId}). The product's `planCount`
 * (COUNTERS) changes in the same transaction as a plan is created or deleted, so it is exact.
 * Specs name their plan by `planId` on the SPEC# item; plans count them by one query.
 */
import { keys, productPartition, SK } from '@core/db/keys';
import { conditions, type Item, queryAll, transact } from '@core/db/operations';
import { childRecordReads, readRecord } from '@core/db/records';
import { productCountersOp, productExistsOp } from './products';

export interface PlanRecord {
  enterpriseId: string;
  productId: string;
  /** Product-scoped: `{productId}.{localId}`. */
  planId: string;
  title: string;
  description: string;
  startDate: string | null;
  endDate: string | null;
  /** The stored status: 1, 2, 3 or 5 (expired is derived when shown). */
  status: number;
  creatorId: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export type PlanChanges = Partial<
  Pick<PlanRecord, 'title' | 'description' | 'startDate' | 'endDate' | 'status'>
>;

const localIdOf = (planId: string) => planId.slice(planId.lastIndexOf('.') + 1);

const planKey = (plan: Pick<PlanRecord, 'enterpriseId' | 'productId' | 'planId'>) =>
  keys.plan(plan.enterpriseId, plan.productId, localIdOf(plan.planId));

function toItem(plan: PlanRecord): Item {
  return { ...planKey(plan), entity: 'ProductPlan', ...plan };
}

function fromItem(item: Item): PlanRecord {
  return readRecord(
    item,
    [
      'enterpriseId',
      'productId',
      'planId',
      'title',
      'status',
      'creatorId',
      'createdAt',
      'updatedAt',
      'version',
    ],
    { description: '', startDate: null, endDate: null },
  );
}

const planReads = childRecordReads(productPartition, SK.planPrefix, keys.plan, fromItem);
// Access pattern: one plan (ENT#{e}#PRD#{p} / PLAN#{localId}).
export const getPlan = planReads.one;
// Access pattern: every plan of a product (ENT#{e}#PRD#{p}, begins_with PLAN#).
export const listPlans = planReads.list;

/** The plan and status of a spec, as plans count them. */
export interface SpecPlanRef {
  planId: string | null;
  status: number;
}

// Access pattern: the plan and status of every spec of a product, optionally of one plan only
// (ENT#{e}#PRD#{p}, begins_with SPEC#, projected; filtered on planId).
export async function listSpecPlanRefs(
  enterpriseId: string,
  productId: string,
  planId?: string,
): Promise<SpecPlanRef[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ...(planId === undefined ? {} : { FilterExpression: 'planId = :planId' }),
    ExpressionAttributeValues: {
      ':pk': productPartition(enterpriseId, productId),
      ':prefix': SK.specPrefix,
      ...(planId === undefined ? {} : { ':planId': planId }),
    },
    ProjectionExpression: 'planId, #status',
    ExpressionAttributeNames: { '#status': 'status' },
    ConsistentRead: true,
  });
  return items.map((item) => ({ planId: item.planId ?? null, status: item.status }));
}

/** Creates a plan and counts it (`'product'` when the product is gone). */
export async function createPlan(plan: PlanRecord): Promise<void> {
  await transact([
    productExistsOp(plan.enterpriseId, plan.productId),
    { put: toItem(plan), condition: conditions.notExists, label: 'plan' },
    productCountersOp(plan.enterpriseId, plan.productId, { planCount: 1 }),
  ]);
}

/** Edits a plan read at `plan.version` (`'stale'` when it changed or went meanwhile). */
export async function updatePlan(
  plan: PlanRecord,
  changes: PlanChanges,
  updatedAt: string,
): Promise<PlanRecord> {
  const next: PlanRecord = { ...plan, ...changes, updatedAt, version: plan.version + 1 };
  await transact([{ put: toItem(next), condition: conditions.version(plan.version), label: 'stale' }]);
  return next;
}

/** Deletes a plan and uncounts it (`'missing'` when it is gone already). */
export async function deletePlan(plan: PlanRecord): Promise<void> {
  await transact([
    { delete: planKey(plan), condition: conditions.exists, label: 'missing' },
    productCountersOp(plan.enterpriseId, plan.productId, { planCount: -1 }),
  ]);
}
