/**
 * Products, modules, plans and requirement tags as the API shows them. Like views.ts, every
 * response is built from explicit fields, so internal attributes (keys, sequences) never leak.
 */

import type { UserRecord } from '@core/identity/store/users';
import { userSummaryView } from '@core/identity/views';
import { displayedPlanStatus, PLAN_STATUSES, PRODUCT_STATUSES } from '@shared/domain/products';
import type { Plan, Product, ProductModule } from '@shared/schemas/products';
import type { PlanRecord } from './store/plans';
import type { ModuleRecord } from './store/product-modules';
import type { ProductCounters, ProductRecord } from './store/products';

const nameOf = (list: readonly { id: number; name: string }[], id: number) =>
  list.find((entry) => entry.id === id)?.name ?? String(id);

export interface ProductViewContext {
  /** The owner's and members' user records (missing users show their id alone). */
  users: ReadonlyMap<string, UserRecord>;
  counters: ProductCounters;
  /** Projects that name the product. */
  projectCount: number;
  /** The caller. */
  userId: string;
}

export function productView(product: ProductRecord, context: ProductViewContext): Product {
  return {
    id: product.productId,
    name: product.name,
    identifier: product.identifier,
    description: product.description,
    status: product.status,
    statusName: nameOf(PRODUCT_STATUSES, product.status),
    owner: userSummaryView(product.ownerId, context.users.get(product.ownerId)),
    members: product.memberIds.map((id) => userSummaryView(id, context.users.get(id))),
    isMember: product.memberIds.includes(context.userId),
    reviewers: product.reviewerIds.map((id) => userSummaryView(id, context.users.get(id))),
    allowSelfReview: product.allowSelfReview,
    topAt: product.topAt,
    userRequirementCount: context.counters.userRequirementCount,
    specCount: context.counters.specCount,
    planCount: context.counters.planCount,
    projectCount: context.projectCount,
    createdAt: product.createdAt,
    updatedAt: product.updatedAt,
    version: product.version,
  };
}

export function moduleView(module: ModuleRecord): ProductModule {
  return {
    id: module.moduleId,
    productId: module.productId,
    name: module.name,
    root_id: module.root_id,
    sort: module.sort,
    version: module.version,
  };
}

/** Specs in a plan, and how many of them are completed. */
export interface PlanSpecCounts {
  specCount: number;
  completedSpecCount: number;
}

export const NO_SPECS: PlanSpecCounts = { specCount: 0, completedSpecCount: 0 };

/** A plan as shown on `today` (YYYY-MM-DD): open plans past their end date show as expired. */
export function planView(
  plan: PlanRecord,
  context: { creator: UserRecord | undefined; specs: PlanSpecCounts; today: string },
): Plan {
  const status = displayedPlanStatus(plan.status, plan.endDate, context.today);
  return {
    id: plan.planId,
    productId: plan.productId,
    title: plan.title,
    description: plan.description,
    startDate: plan.startDate,
    endDate: plan.endDate,
    status,
    statusName: nameOf(PLAN_STATUSES, status),
    specCount: context.specs.specCount,
    completedSpecCount: context.specs.completedSpecCount,
    creator: userSummaryView(plan.creatorId, context.creator),
    createdAt: plan.createdAt,
    updatedAt: plan.updatedAt,
    version: plan.version,
  };
}
