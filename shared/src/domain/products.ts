/**
 * Products (spec sections 3, 4 and 7): the status sets, spec types and limits that both the
 * server and the web use. The spec names the sets but not their ids, so the ids are ours,
 * documented in docs/api-conventions.md, "Products".
 */
import { PRIORITIES } from './priorities';
import { PRODUCT_VIEW_HIDDEN_DEMAND_STATUSES, WORK_ITEM_KIND, WORK_ITEM_STATUSES } from './work-items';

/** A product is active or closed (closed products stay readable and listed; the status filter hides them). */
export const PRODUCT_STATUS = { active: 1, closed: 2 } as const;
export const PRODUCT_STATUSES = [
  { id: PRODUCT_STATUS.active, name: 'Active' },
  { id: PRODUCT_STATUS.closed, name: 'Closed' },
] as const;

/**
 * Plans (milestones) use the set "not started, in progress, completed, expired, closed". Expired
 * is never stored: a plan that is not started or in progress shows as expired once its end date
 * has passed.
 */
export const PLAN_STATUS = { notStarted: 1, inProgress: 2, completed: 3, expired: 4, closed: 5 } as const;
export const PLAN_STATUSES = [
  { id: PLAN_STATUS.notStarted, name: 'Not started', color: 'gray' },
  { id: PLAN_STATUS.inProgress, name: 'In progress', color: 'blue' },
  { id: PLAN_STATUS.completed, name: 'Completed', color: 'green' },
  { id: PLAN_STATUS.expired, name: 'Expired', color: 'red' },
  { id: PLAN_STATUS.closed, name: 'Closed', color: 'dark' },
] as const;
/** The plan statuses that can be set; expired is derived. */
export const STORED_PLAN_STATUSES = [
  PLAN_STATUS.notStarted,
  PLAN_STATUS.inProgress,
  PLAN_STATUS.completed,
  PLAN_STATUS.closed,
] as const;

/** The status a plan shows on `today` (YYYY-MM-DD): expired when its end date passed while still open. */
export function displayedPlanStatus(stored: number, endDate: string | null, today: string): number {
  const open = stored === PLAN_STATUS.notStarted || stored === PLAN_STATUS.inProgress;
  return open && endDate !== null && endDate < today ? PLAN_STATUS.expired : stored;
}

/**
 * The product-view kinds of `pmsProductStatus/list?type=`: plan = 1, demand = 2 (section 3).
 * For demands the product view leaves out statuses 1 and 6 (section 4).
 */
export const PRODUCT_STATUS_KIND = { plan: 1, demand: 2 } as const;
export const PRODUCT_VIEW_DEMAND_STATUSES = WORK_ITEM_STATUSES[WORK_ITEM_KIND.demand].filter(
  (s) => !(PRODUCT_VIEW_HIDDEN_DEMAND_STATUSES as readonly number[]).includes(s.id),
);

/** Priorities of user requirements and specs: the four levels of section 9. */
export const PRODUCT_PRIORITIES = PRIORITIES;
export const DEFAULT_REQUIREMENT_PRIORITY = 3;

/** Requirement spec types (`typeList`, the product state's `demandType`). */
export const SPEC_TYPES = [
  { id: 1, name: 'Feature' },
  { id: 2, name: 'Interface' },
  { id: 3, name: 'Performance' },
  { id: 4, name: 'Security' },
  { id: 5, name: 'Experience' },
  { id: 6, name: 'Other' },
] as const;
export const SPEC_TYPE_IDS = SPEC_TYPES.map((t) => t.id);
export const DEFAULT_SPEC_TYPE = 1;

/** Where a user requirement came from. */
export const REQUIREMENT_SOURCES = [
  { id: 1, name: 'Customer' },
  { id: 2, name: 'Market' },
  { id: 3, name: 'Internal' },
  { id: 4, name: 'Support' },
  { id: 5, name: 'Other' },
] as const;
export const REQUIREMENT_SOURCE_IDS = REQUIREMENT_SOURCES.map((s) => s.id);

/** Module trees stay shallow enough to read in a sidebar. */
export const MAX_MODULE_DEPTH = 5;
export const MAX_PRODUCT_MEMBERS = 200;
export const MAX_BATCH_SPECS = 40;
export const MAX_REQUIREMENT_TAGS = 10;
/** Bulk delete of products takes at most this many ids. */
export const MAX_PRODUCT_DELETE = 20;

/** What decides who may pass or reject a product's requirements and specs. */
export interface ProductReviewRule {
  memberIds: readonly string[];
  /** The reviewers the product chose; empty: every product member reviews. */
  reviewerIds: readonly string[];
  /** Whether a reviewer may review what they wrote themselves. */
  allowSelfReview: boolean;
}

/**
 * Why `userId` may not review an item `authorId` wrote, or null when they may. Reviewers are
 * product members; once a product chose reviewers only they review (a product that chose nobody
 * lets every member review), and nobody reviews their own item unless the product allows it,
 * whether or not it chose reviewers: a review is a second pair of eyes.
 * The server refuses with this text (403) and the web disables the review buttons with it.
 */
export function reviewRefusal(
  product: ProductReviewRule & { name: string },
  userId: string,
  authorId: string,
): string | null {
  if (!product.memberIds.includes(userId)) return `Only members of product ${product.name} may review`;
  if (product.reviewerIds.length > 0 && !product.reviewerIds.includes(userId))
    return `Only the reviewers of product ${product.name} may review`;
  if (userId === authorId && !product.allowSelfReview) {
    return `You wrote this; product ${product.name} does not let authors review their own work`;
  }
  return null;
}
