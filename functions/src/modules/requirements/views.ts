/**
 * User requirements, specs, their tracking records and comments as the API shows them, built
 * from explicit fields (the rule of core/identity/views.ts). Names are resolved when a response is
 * built, never copied into the items: modules, tags (deleted ones are dropped), plan titles and
 * people always show as they are now.
 */

import { summaryOf, userSummaries } from '@core/identity/people';
import { scopedId } from '@core/ids';
import { REQUIREMENT_SOURCES, SPEC_TYPES } from '@shared/domain/products';
import {
  ACTION_LABELS,
  type RequirementKind,
  requirementStatusName,
} from '@shared/domain/requirement-workflow';
import type { ProductModule, RequirementTag } from '@shared/schemas/products';
import type { UserSummary } from '@shared/schemas/projects';
import type {
  ChangeRecord,
  ProductJournal,
  Spec,
  SpecDetail,
  UserRequirement,
  UserRequirementDetail,
} from '@shared/schemas/requirements';
import { listModules, listPlans, listRequirementTags, type PlanRecord } from '../products';
import type { ProductJournalRecord } from './store/comments';
import type { SpecBody, SpecRecord } from './store/specs';
import type { TrackRecord } from './store/tracking';
import type { ReviewRecord, UserRequirementRecord } from './store/user-requirements';

/** What views and change records resolve ids with. Maps are empty when not asked for. */
export interface ProductLookups {
  modules: ReadonlyMap<string, ProductModule>;
  tags: ReadonlyMap<string, RequirementTag>;
  plans: ReadonlyMap<string, PlanRecord>;
  users: ReadonlyMap<string, UserSummary>;
}

export interface LookupNeeds {
  modules?: boolean;
  tags?: boolean;
  plans?: boolean;
  userIds?: Iterable<string | null | undefined>;
}

/** Reads what `needs` names, in parallel. */
export async function loadLookups(
  enterpriseId: string,
  productId: string,
  needs: LookupNeeds,
): Promise<ProductLookups> {
  const [modules, tags, plans, users] = await Promise.all([
    needs.modules ? listModules(enterpriseId, productId) : [],
    needs.tags ? listRequirementTags(enterpriseId) : [],
    needs.plans ? listPlans(enterpriseId, productId) : [],
    userSummaries(needs.userIds ?? []),
  ]);
  return {
    modules: new Map(modules.map((m) => [m.id, m])),
    tags: new Map(tags.map((t) => [t.id, t])),
    plans: new Map(plans.map((p) => [p.planId, p])),
    users,
  };
}

/** The people a list of items shows (authors, owners, reviewers). */
export function peopleOf(items: readonly (UserRequirementRecord | SpecRecord)[]): string[] {
  return items.flatMap((item) => [
    item.authorId,
    item.lastReview?.userId ?? '',
    'ownerId' in item ? (item.ownerId ?? '') : '',
  ]);
}

const nameIn = (list: readonly { id: number; name: string }[], id: number) =>
  list.find((entry) => entry.id === id)?.name ?? String(id);

export const sourceName = (source: number) => nameIn(REQUIREMENT_SOURCES, source);
export const specTypeName = (type: number) => nameIn(SPEC_TYPES, type);

export const userRequirementIdOf = (ur: Pick<UserRequirementRecord, 'productId' | 'requirementId'>) =>
  scopedId(ur.productId, ur.requirementId);
export const specIdOf = (spec: Pick<SpecRecord, 'productId' | 'specId'>) =>
  scopedId(spec.productId, spec.specId);

function tagsOf(tagIds: readonly string[], lookups: ProductLookups): RequirementTag[] {
  return tagIds.flatMap((id) => {
    const tag = lookups.tags.get(id);
    return tag ? [tag] : [];
  });
}

function reviewView(review: ReviewRecord | null, lookups: ProductLookups) {
  if (!review) return null;
  return {
    user: summaryOf(lookups.users, review.userId),
    at: review.at,
    result: review.result,
    comment: review.comment,
  };
}

export function userRequirementView(ur: UserRequirementRecord, lookups: ProductLookups): UserRequirement {
  return {
    id: userRequirementIdOf(ur),
    productId: ur.productId,
    number: ur.number,
    title: ur.title,
    source: ur.source,
    sourceName: sourceName(ur.source),
    priority: ur.priority,
    moduleId: ur.moduleId,
    moduleName: ur.moduleId ? (lookups.modules.get(ur.moduleId)?.name ?? null) : null,
    tags: tagsOf(ur.tagIds, lookups),
    status: ur.status,
    statusName: requirementStatusName('userRequirement', ur.status),
    author: summaryOf(lookups.users, ur.authorId),
    lastReview: reviewView(ur.lastReview, lookups),
    specCount: ur.specCount,
    createdAt: ur.createdAt,
    updatedAt: ur.updatedAt,
    version: ur.version,
  };
}

/** A short reference to a requirement or spec (the specs of a requirement, the requirement of a spec). */
function refView(kind: RequirementKind, id: string, item: { number: number; title: string; status: number }) {
  return {
    id,
    number: item.number,
    title: item.title,
    status: item.status,
    statusName: requirementStatusName(kind, item.status),
  };
}

export function userRequirementDetailView(
  ur: UserRequirementRecord,
  description: string,
  specs: readonly SpecRecord[],
  lookups: ProductLookups,
): UserRequirementDetail {
  return {
    ...userRequirementView(ur, lookups),
    description,
    specs: [...specs].sort((a, b) => a.number - b.number).map((s) => refView('spec', specIdOf(s), s)),
  };
}

export function specView(spec: SpecRecord, lookups: ProductLookups): Spec {
  return {
    id: specIdOf(spec),
    productId: spec.productId,
    number: spec.number,
    title: spec.title,
    type: spec.type,
    typeName: specTypeName(spec.type),
    priority: spec.priority,
    moduleId: spec.moduleId,
    moduleName: spec.moduleId ? (lookups.modules.get(spec.moduleId)?.name ?? null) : null,
    tags: tagsOf(spec.tagIds, lookups),
    owner: spec.ownerId ? summaryOf(lookups.users, spec.ownerId) : null,
    estimatedHours: spec.estimatedHours,
    status: spec.status,
    statusName: requirementStatusName('spec', spec.status),
    planId: spec.planId,
    planTitle: spec.planId ? (lookups.plans.get(spec.planId)?.title ?? null) : null,
    userRequirementId: spec.userRequirementId,
    author: summaryOf(lookups.users, spec.authorId),
    lastReview: reviewView(spec.lastReview, lookups),
    demandCount: spec.demandCount,
    createdAt: spec.createdAt,
    updatedAt: spec.updatedAt,
    version: spec.version,
  };
}

export function specDetailView(
  spec: SpecRecord,
  body: SpecBody,
  ur: UserRequirementRecord | null,
  lookups: ProductLookups,
): SpecDetail {
  return {
    ...specView(spec, lookups),
    description: body.description,
    acceptance: body.acceptance,
    userRequirement: ur ? refView('userRequirement', userRequirementIdOf(ur), ur) : null,
  };
}

export function changeRecordView(record: TrackRecord, users: ReadonlyMap<string, UserSummary>): ChangeRecord {
  return {
    id: record.recordId,
    objectId: scopedId(record.productId, record.objectId),
    action: record.action,
    actionName: record.action === 'create' ? 'Create' : ACTION_LABELS[record.action],
    user: summaryOf(users, record.userId),
    at: record.at,
    comment: record.comment,
    fromStatus: record.fromStatus,
    toStatus: record.toStatus,
    fields: record.fields,
  };
}

export function productJournalView(
  journal: ProductJournalRecord,
  users: ReadonlyMap<string, UserSummary>,
): ProductJournal {
  const objectId = scopedId(journal.productId, journal.objectId);
  return {
    id: scopedId(objectId, journal.journalId),
    objectId,
    user: summaryOf(users, journal.userId),
    notes: journal.notes,
    createdAt: journal.createdAt,
    updatedAt: journal.updatedAt,
    version: journal.version,
  };
}
