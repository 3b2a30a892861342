/**
 * The product blocks of the desk: my products (`myProduct`: active products whose members I am),
 * the requirement and spec statistics with their review queues (`userRequirementStat`,
 * `productRequirementSpecsStat`) and the plans' status (`milestoneStatusStat`). With `productId`
 * a statistic covers that product (any the caller may read, as the product pages do); without
 * it, all of my products. Review queues hold what waits for a review: pending review or changed.
 */
import { summaryOf, userSummaries } from '@core/identity/people';
import type { Tenant } from '@core/identity/tenancy';
import { displayedPlanStatus, PLAN_STATUS, PLAN_STATUSES, PRODUCT_STATUS } from '@shared/domain/products';
import {
  type RequirementKind,
  requirementStatusName,
  SPEC_STATUS,
  STATUS_LISTS,
  USER_REQUIREMENT_STATUS,
} from '@shared/domain/requirement-workflow';
import {
  type MilestoneStat,
  type MyProduct,
  type ProductStatQuery,
  QUEUE_ROWS,
  type QueuedRequirement,
  type RequirementStat,
} from '@shared/schemas/dashboard';
import { type ProductRecord, requireProduct } from '../products';
import { type SpecRecord, specIdOf, type UserRequirementRecord, userRequirementIdOf } from '../requirements';
import { todayIn } from './days';
import { holds } from './my-work';
import * as sources from './sources';

/** The statuses that wait for a reviewer. */
const AWAITING_REVIEW: Record<RequirementKind, readonly number[]> = {
  userRequirement: [USER_REQUIREMENT_STATUS.pendingReview, USER_REQUIREMENT_STATUS.changed],
  spec: [SPEC_STATUS.pendingReview, SPEC_STATUS.changed],
};

/** Every requirement (or spec) of the products that waits for a review, longest waiting first. */
export function reviewQueue(kind: RequirementKind, all: readonly Requirement[]): Requirement[] {
  return all.filter((r) => AWAITING_REVIEW[kind].includes(r.record.status)).sort(longestWaiting);
}

/** Active products the caller is a member of, by name. */
export async function myProducts(tenant: Tenant): Promise<ProductRecord[]> {
  const userId = tenant.principal.userId;
  return (await sources.products(tenant.enterprise.id))
    .filter((p) => p.status === PRODUCT_STATUS.active && p.memberIds.includes(userId))
    .sort((a, b) => a.name.localeCompare(b.name) || a.productId.localeCompare(b.productId));
}

export async function listMyProducts(tenant: Tenant): Promise<MyProduct[]> {
  if (!holds(tenant, 'product:product:list')) return [];
  const products = await myProducts(tenant);
  const counters = await sources.productCounts(
    tenant.enterprise.id,
    products.map((p) => p.productId),
  );
  return products.map((product) => {
    const counts = counters.get(product.productId);
    return {
      id: product.productId,
      name: product.name,
      identifier: product.identifier,
      status: product.status,
      role: product.ownerId === tenant.principal.userId ? 'owner' : 'member',
      userRequirementCount: counts?.userRequirementCount ?? 0,
      specCount: counts?.specCount ?? 0,
      planCount: counts?.planCount ?? 0,
    };
  });
}

/** The products a statistic covers: the one asked for, or all of mine. */
async function productsFor(tenant: Tenant, query: ProductStatQuery): Promise<ProductRecord[]> {
  if (query.productId) return [await requireProduct(tenant.enterprise.id, query.productId)];
  return myProducts(tenant);
}

const productRef = (p: ProductRecord) => ({ id: p.productId, name: p.name, identifier: p.identifier });

export type Requirement = { record: UserRequirementRecord | SpecRecord; product: ProductRecord; id: string };

function statusCounts(kind: RequirementKind, statuses: readonly number[]) {
  return STATUS_LISTS[kind].map((status) => ({
    ...status,
    count: statuses.filter((s) => s === status.id).length,
  }));
}

export async function queueViews(
  kind: RequirementKind,
  queue: readonly Requirement[],
): Promise<QueuedRequirement[]> {
  const users = await userSummaries(queue.map((q) => q.record.authorId));
  const prefix = kind === 'spec' ? 'SR' : 'UR';
  return queue.map(({ record, product, id }) => ({
    id,
    number: `${prefix}-${record.number}`,
    title: record.title,
    status: record.status,
    statusName: requirementStatusName(kind, record.status),
    product: productRef(product),
    author: summaryOf(users, record.authorId),
    updatedAt: record.updatedAt,
  }));
}

/** Oldest change first: what waited longest is reviewed first. */
const longestWaiting = (a: Requirement, b: Requirement) =>
  a.record.updatedAt.localeCompare(b.record.updatedAt) || a.id.localeCompare(b.id);

/** Every user requirement (or spec) of the products, with its product and public id. */
export async function requirementsOf(
  tenant: Tenant,
  kind: RequirementKind,
  products: readonly ProductRecord[],
): Promise<Requirement[]> {
  const enterpriseId = tenant.enterprise.id;
  const lists = await Promise.all(
    products.map(async (product): Promise<Requirement[]> => {
      if (kind === 'spec') {
        const specs = await sources.specsOf(enterpriseId, product.productId);
        return specs.map((record) => ({ record, product, id: specIdOf(record) }));
      }
      const found = await sources.userRequirementsOf(enterpriseId, product.productId);
      return found.map((record) => ({ record, product, id: userRequirementIdOf(record) }));
    }),
  );
  return lists.flat();
}

const EMPTY_STAT = (kind: RequirementKind): RequirementStat => ({
  byStatus: statusCounts(kind, []),
  total: 0,
  reviewQueue: [],
  queued: 0,
});

/** `userRequirementStat` / `productRequirementSpecsStat`. */
export async function requirementStat(
  tenant: Tenant,
  kind: RequirementKind,
  query: ProductStatQuery,
): Promise<RequirementStat> {
  const permission = kind === 'spec' ? 'product:spec:list' : 'product:requirement:list';
  if (!holds(tenant, permission)) return EMPTY_STAT(kind);
  const all = await requirementsOf(tenant, kind, await productsFor(tenant, query));
  const queue = reviewQueue(kind, all);
  return {
    byStatus: statusCounts(
      kind,
      all.map((r) => r.record.status),
    ),
    total: all.length,
    reviewQueue: await queueViews(kind, queue.slice(0, QUEUE_ROWS)),
    queued: queue.length,
  };
}

const OPEN_PLAN_STATUSES: readonly number[] = [
  PLAN_STATUS.notStarted,
  PLAN_STATUS.inProgress,
  PLAN_STATUS.expired,
];

/** `milestoneStatusStat`: plans by the status shown (expired derived), and the open ones by end date. */
export async function milestoneStat(tenant: Tenant, query: ProductStatQuery): Promise<MilestoneStat> {
  const none = { byStatus: PLAN_STATUSES.map((s) => ({ ...s, count: 0 })), total: 0, open: [] };
  if (!holds(tenant, 'product:plan:list')) return none;
  const today = todayIn(tenant.enterprise.timeZone);
  const products = await productsFor(tenant, query);
  const plans = (
    await Promise.all(
      products.map(async (product) =>
        (
          await sources.plansOf(tenant.enterprise.id, product.productId)
        ).map((plan) => ({
          plan,
          product,
          status: displayedPlanStatus(plan.status, plan.endDate, today),
        })),
      ),
    )
  ).flat();
  const open = plans
    .filter((p) => OPEN_PLAN_STATUSES.includes(p.status))
    .sort(
      (a, b) =>
        (a.plan.endDate ?? '9999').localeCompare(b.plan.endDate ?? '9999') ||
        a.plan.planId.localeCompare(b.plan.planId),
    );
  return {
    byStatus: PLAN_STATUSES.map((s) => ({ ...s, count: plans.filter((p) => p.status === s.id).length })),
    total: plans.length,
    open: open.slice(0, QUEUE_ROWS).map(({ plan, product, status }) => ({
      id: plan.planId,
      title: plan.title,
      product: productRef(product),
      status,
      statusName: PLAN_STATUSES.find((s) => s.id === status)?.name ?? `Status ${status}`,
      endDate: plan.endDate,
    })),
  };
}
