/**
 * A product's plans (milestones): list, read, create, edit, delete. The status shown is derived
 * on the day it is shown (an open plan past its end date is expired), and the spec counts come
 * from the specs that name the plan, so neither is ever stale.
 */

import { firstVersion, nowIso } from '@core/clock';
import { onConditionFailed } from '@core/db/operations';
import { badRequest, conflict, notFound, staleVersion } from '@core/errors';
import { getUser, getUsers } from '@core/identity/store/users';
import { scopedId } from '@core/ids';
import { pageOf } from '@core/paging';
import { displayedPlanStatus, PLAN_STATUS } from '@shared/domain/products';
import { SPEC_STATUS } from '@shared/domain/requirement-workflow';
import type { Page } from '@shared/schemas/common';
import type { Plan, PlanBody, PlanListQuery, PlanUpdateBody } from '@shared/schemas/products';
import { productNotFound, requireProduct, splitProductScopedId } from './access';
import type { PlanChanges, PlanRecord, SpecPlanRef } from './store/plans';
import * as db from './store/plans';
import { NO_SPECS, type PlanSpecCounts, planView } from './views';

export const planNotFound = (planId: string) => notFound(`Plan ${planId} does not exist`);

/** Today as plans compare it with their end date (UTC, YYYY-MM-DD). */
const today = () => nowIso().slice(0, 10);

/** The plan (at least `planId`, `productId`, `title`), or 404; other enterprises' ids are unknown. */
export async function requirePlan(enterpriseId: string, planId: string): Promise<PlanRecord> {
  const { productId, localId } = splitProductScopedId(planId, 'Plan');
  const plan = await db.getPlan(enterpriseId, productId, localId);
  if (!plan) throw planNotFound(planId);
  return plan;
}

function specCountsByPlan(refs: readonly SpecPlanRef[]): Map<string, PlanSpecCounts> {
  const counts = new Map<string, PlanSpecCounts>();
  for (const ref of refs) {
    if (ref.planId === null) continue;
    const current = counts.get(ref.planId) ?? NO_SPECS;
    counts.set(ref.planId, {
      specCount: current.specCount + 1,
      completedSpecCount: current.completedSpecCount + (ref.status === SPEC_STATUS.completed ? 1 : 0),
    });
  }
  return counts;
}

async function viewOf(plan: PlanRecord): Promise<Plan> {
  const [creator, refs] = await Promise.all([
    getUser(plan.creatorId),
    db.listSpecPlanRefs(plan.enterpriseId, plan.productId, plan.planId),
  ]);
  const specs = specCountsByPlan(refs).get(plan.planId) ?? NO_SPECS;
  return planView(plan, { creator: creator ?? undefined, specs, today: today() });
}

/** The plan as shown (404 when unknown). */
export async function getPlanView(enterpriseId: string, planId: string): Promise<Plan> {
  return viewOf(await requirePlan(enterpriseId, planId));
}

/** By end date, plans without one last; then oldest first. */
const byEndDate = (a: PlanRecord, b: PlanRecord) =>
  (a.endDate ?? '9999-99-99').localeCompare(b.endDate ?? '9999-99-99') ||
  a.createdAt.localeCompare(b.createdAt) ||
  a.planId.localeCompare(b.planId);

/** One page of a product's plans; `status` filters on the status shown (4, expired, included). */
export async function listPlans(enterpriseId: string, query: PlanListQuery): Promise<Page<Plan>> {
  const { productId } = await requireProduct(enterpriseId, query.productId);
  const [plans, refs] = await Promise.all([
    db.listPlans(enterpriseId, productId),
    db.listSpecPlanRefs(enterpriseId, productId),
  ]);
  const day = today();
  const keyword = query.keyword?.toLowerCase();
  const found = plans
    .filter((p) => !keyword || p.title.toLowerCase().includes(keyword))
    .filter(
      (p) => query.status === undefined || displayedPlanStatus(p.status, p.endDate, day) === query.status,
    )
    .sort(byEndDate);
  return pageOf(found, query, async (rows) => {
    const creators = await getUsers(rows.map((p) => p.creatorId));
    const counts = specCountsByPlan(refs);
    return rows.map((p) =>
      planView(p, {
        creator: creators.get(p.creatorId),
        specs: counts.get(p.planId) ?? NO_SPECS,
        today: day,
      }),
    );
  });
}

function assertDates(startDate: string | null, endDate: string | null): void {
  if (startDate !== null && endDate !== null && endDate < startDate) {
    throw badRequest('endDate', `The end date may not be before the start date (${startDate})`);
  }
}

export async function createPlan(enterpriseId: string, userId: string, body: PlanBody): Promise<Plan> {
  const { productId } = await requireProduct(enterpriseId, body.productId);
  const startDate = body.startDate ?? null;
  const endDate = body.endDate ?? null;
  assertDates(startDate, endDate);
  const now = nowIso();
  const plan: PlanRecord = {
    enterpriseId,
    productId,
    planId: scopedId(productId),
    title: body.title,
    description: body.description ?? '',
    startDate,
    endDate,
    status: body.status ?? PLAN_STATUS.notStarted,
    creatorId: userId,
    ...firstVersion(now),
  };
  await onConditionFailed(db.createPlan(plan), { product: () => productNotFound(productId) });
  return viewOf(plan);
}

/** Edits the fields sent, if the client read the current version (409 otherwise). */
export async function updatePlan(enterpriseId: string, body: PlanUpdateBody): Promise<Plan> {
  const plan = await requirePlan(enterpriseId, body.id);
  const stale = () => staleVersion(`Plan ${plan.title}`);
  if (plan.version !== body.version) throw stale();
  const changes: PlanChanges = {};
  for (const field of ['title', 'description', 'startDate', 'endDate', 'status'] as const) {
    const value = body[field];
    if (value !== undefined && value !== plan[field]) Object.assign(changes, { [field]: value });
  }
  const next = { ...plan, ...changes };
  assertDates(next.startDate, next.endDate);
  if (Object.keys(changes).length === 0) return viewOf(plan);
  return viewOf(await onConditionFailed(db.updatePlan(plan, changes, nowIso()), { stale }));
}

/**
 * Deletes a plan that holds no specs (409 otherwise). A spec moved into it at the very moment of
 * the delete keeps a plan id that no longer resolves, and shows as in no plan.
 */
export async function deletePlan(enterpriseId: string, planId: string): Promise<void> {
  const plan = await requirePlan(enterpriseId, planId);
  const specs = (await db.listSpecPlanRefs(enterpriseId, plan.productId, planId)).length;
  if (specs > 0) {
    throw conflict(
      `Plan ${plan.title} holds ${specs} ${specs === 1 ? 'spec' : 'specs'}; move them out of the plan first`,
    );
  }
  await onConditionFailed(db.deletePlan(plan), { missing: () => planNotFound(planId) });
}
