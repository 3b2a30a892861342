/**
 * User requirements: list, read, create, edit / change / close / reopen, review, delete, and their
 * change records. Every write is one transaction holding the item, its tracking record and (for
 * creates) the product's counters, conditioned on the version read. The workflow is
 * shared/src/domain/requirement-workflow.ts.
 *
 * Also the helpers the spec service shares: checking module, tag and owner references, list
 * filters and paging.
 */

import { nowIso } from '@core/clock';
import { ConditionFailedError, onConditionFailed, type TxOp, transact } from '@core/db/operations';
import { AppError, badRequest, conflict, notFound, staleVersion } from '@core/errors';
import { userSummaries } from '@core/identity/people';
import { newId } from '@core/ids';
import { pageOf } from '@core/paging';
import { jitteredPause } from '@core/pause';
import { DEFAULT_REQUIREMENT_PRIORITY, REQUIREMENT_SOURCES } from '@shared/domain/products';
import {
  nextRequirementStatus,
  type RequirementAction,
  type RequirementKind,
  requirementRefusal,
  STATUS_LISTS,
  USER_REQUIREMENT_STATUS,
} from '@shared/domain/requirement-workflow';
import type { Page } from '@shared/schemas/common';
import type { LookupEntry } from '@shared/schemas/products';
import type {
  ChangeRecord,
  ReviewBody,
  UserRequirement,
  UserRequirementBody,
  UserRequirementDetail,
  UserRequirementListQuery,
  UserRequirementUpdateBody,
} from '@shared/schemas/requirements';
import {
  assertMayReview,
  assertProductMember,
  getProductCounters,
  listModules,
  listRequirementTags,
  moduleAndDescendantIds,
  type ProductRecord,
  productCountersOp,
  productExistsOp,
  productNotFound,
  requireProduct,
  splitProductScopedId,
} from '../products';
import { requestReview } from './review-requests';
import { deleteProductJournalsOf } from './store/comments';
import { listSpecs } from './store/specs';
import { deleteTrackRecords, listTrackRecords, putTrackRecordOp } from './store/tracking';
import type { UserRequirementRecord } from './store/user-requirements';
import * as db from './store/user-requirements';
import {
  changedFields,
  creationRecordOf,
  describeChanges,
  type Move,
  trackRecordOf,
  USER_REQUIREMENT_FIELDS,
  type UserRequirementState,
} from './tracking';
import {
  changeRecordView,
  loadLookups,
  peopleOf,
  userRequirementDetailView,
  userRequirementIdOf,
  userRequirementView,
} from './views';

const KIND: RequirementKind = 'userRequirement';
const { pendingReview, rejected, closed } = USER_REQUIREMENT_STATUS;

export const userRequirementNotFound = (id: string) => notFound(`User requirement ${id} does not exist`);
export const userRequirementName = (ur: Pick<UserRequirementRecord, 'number'>) =>
  `User requirement UR-${ur.number}`;

/** A write answered 400 because it would change nothing. */
export const nothingToChange = () => new AppError(400, 'Nothing to change');

// ---- shared by user requirements and specs --------------------------------------------------

export const uniqueIds = (ids: readonly string[]) => [...new Set(ids)];

/**
 * 400 naming the field unless `moduleId` is a module of the product, every tag one of the
 * enterprise's requirement tags, and `ownerId` a member of the product.
 */
export async function assertReferences(
  enterpriseId: string,
  product: ProductRecord,
  refs: { moduleId?: string | null; tagIds?: readonly string[]; ownerId?: string | null },
): Promise<void> {
  const [modules, tags] = await Promise.all([
    refs.moduleId ? listModules(enterpriseId, product.productId) : [],
    refs.tagIds && refs.tagIds.length > 0 ? listRequirementTags(enterpriseId) : [],
  ]);
  if (refs.moduleId && !modules.some((m) => m.id === refs.moduleId)) {
    throw badRequest('moduleId', `Module ${refs.moduleId} is not a module of product ${product.name}`);
  }
  const unknownTag = refs.tagIds?.find((id) => !tags.some((t) => t.id === id));
  if (unknownTag !== undefined) {
    throw badRequest('tagIds', `Requirement tag ${unknownTag} does not exist in this enterprise`);
  }
  if (refs.ownerId && !product.memberIds.includes(refs.ownerId)) {
    throw badRequest('ownerId', `User ${refs.ownerId} is not a member of product ${product.name}`);
  }
}

/** The numbers of a csv filter (`status=1,2`); 400 naming the filter for anything else. */
export function numbersOf(field: string, values: readonly string[] | undefined): Set<number> | null {
  if (!values || values.length === 0) return null;
  const numbers = values.map(Number);
  if (numbers.some((n) => !Number.isInteger(n)))
    throw badRequest(field, `${field} must be numbers separated by commas`);
  return new Set(numbers);
}

/** `UR-12` / `SR-12` / `#12` match a number; otherwise every word must occur in the title. */
export function keywordFilter(prefix: 'UR' | 'SR', keyword: string | undefined) {
  const text = keyword?.trim() ?? '';
  if (!text) return () => true;
  const number = new RegExp(`^(?:${prefix}-|#)(\\d+)$`, 'i').exec(text);
  if (number) return (item: { number: number }) => item.number === Number(number[1]);
  const words = text.toLowerCase().split(/\s+/);
  return (item: { title: string }) => words.every((w) => item.title.toLowerCase().includes(w));
}

/** The module and its sub-modules, for a `moduleId` filter (null: no filter). */
export async function moduleFilter(enterpriseId: string, productId: string, moduleId: string | undefined) {
  if (!moduleId) return null;
  return moduleAndDescendantIds(await listModules(enterpriseId, productId), moduleId);
}

export const newestFirst = (
  a: { createdAt: string; number: number },
  b: { createdAt: string; number: number },
) => b.createdAt.localeCompare(a.createdAt) || b.number - a.number;

/** The status `action` leads to, or 409 naming the refused action and the allowed ones. */
export function nextOrRefuse(
  kind: RequirementKind,
  status: number,
  action: RequirementAction,
  ctx: { hasSpecs?: boolean; planned?: boolean } = {},
  prefix = '',
): number {
  const next = nextRequirementStatus(kind, status, action, ctx);
  if (next === null) throw conflict(`${prefix}${requirementRefusal(kind, status, action)}`);
  return next;
}

/** Runs a transaction, turning its labelled failures into API errors. */
export function commit(ops: readonly TxOp[], failures: Record<string, () => Error>): Promise<void> {
  return onConditionFailed(transact(ops), failures);
}

// ---- reads ----------------------------------------------------------------------------------

export async function requireUserRequirement(
  enterpriseId: string,
  id: string,
): Promise<UserRequirementRecord> {
  const { productId, localId } = splitProductScopedId(id, 'User requirement');
  const ur = await db.getUserRequirement(enterpriseId, productId, localId);
  if (!ur) throw userRequirementNotFound(id);
  return ur;
}

async function requireWithBody(enterpriseId: string, id: string): Promise<UserRequirementState> {
  const { productId, localId } = splitProductScopedId(id, 'User requirement');
  const found = await db.getUserRequirementWithBody(enterpriseId, productId, localId);
  if (!found) throw userRequirementNotFound(id);
  return { ...found.requirement, description: found.description };
}

export function userRequirementStatusList(): LookupEntry[] {
  return STATUS_LISTS.userRequirement.map(({ id, name, color }) => ({ id, name, color }));
}

export async function listUserRequirements(
  enterpriseId: string,
  query: UserRequirementListQuery,
): Promise<Page<UserRequirement>> {
  const { productId } = await requireProduct(enterpriseId, query.productId);
  const [all, modules] = await Promise.all([
    db.listUserRequirements(enterpriseId, productId),
    moduleFilter(enterpriseId, productId, query.moduleId),
  ]);
  const statuses = numbersOf('status', query.status);
  const priorities = numbersOf('priority', query.priority);
  const keyword = keywordFilter('UR', query.keyword);
  const found = all
    .filter(
      (ur) =>
        keyword(ur) &&
        (!statuses || statuses.has(ur.status)) &&
        (!priorities || priorities.has(ur.priority)) &&
        (!modules || (ur.moduleId !== null && modules.has(ur.moduleId))) &&
        (!query.tagId || ur.tagIds.includes(query.tagId)) &&
        (query.source === undefined || ur.source === query.source),
    )
    .sort(newestFirst);
  return pageOf(found, query, async (rows) => {
    const lookups = await loadLookups(enterpriseId, productId, {
      modules: true,
      tags: true,
      userIds: peopleOf(rows),
    });
    return rows.map((ur) => userRequirementView(ur, lookups));
  });
}

async function detailOf(enterpriseId: string, ur: UserRequirementState): Promise<UserRequirementDetail> {
  const id = userRequirementIdOf(ur);
  const [specs, lookups] = await Promise.all([
    listSpecs(enterpriseId, ur.productId),
    loadLookups(enterpriseId, ur.productId, { modules: true, tags: true, userIds: peopleOf([ur]) }),
  ]);
  const refining = specs.filter((s) => s.userRequirementId === id);
  return userRequirementDetailView(ur, ur.description, refining, lookups);
}

export async function getUserRequirement(enterpriseId: string, id: string): Promise<UserRequirementDetail> {
  return detailOf(enterpriseId, await requireWithBody(enterpriseId, id));
}

/** The requirement's tracking records, oldest first. */
export async function userRequirementChangeRecords(
  enterpriseId: string,
  id: string,
): Promise<ChangeRecord[]> {
  const ur = await requireUserRequirement(enterpriseId, id);
  const records = await listTrackRecords(enterpriseId, ur.productId, ur.requirementId);
  const users = await userSummaries(records.map((r) => r.userId));
  return records.map((r) => changeRecordView(r, users));
}

// ---- writes ---------------------------------------------------------------------------------

const MAX_NUMBER_ATTEMPTS = 12;

/**
 * Runs a create that takes the next number of a product sequence: `attempt` reads the counters
 * (and whatever else it conditions on) and writes conditioned on them; when another write went
 * first (`'counters'`, or `'stale'` for another item it saves), it runs again on fresh reads.
 */
export async function withNextNumber<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries += 1) {
    try {
      return await attempt();
    } catch (error) {
      const clash =
        error instanceof ConditionFailedError && (error.label === 'counters' || error.label === 'stale');
      if (!clash) throw error;
      if (tries >= MAX_NUMBER_ATTEMPTS)
        throw conflict('Too many items are being created at once; please try again');
      // Each round one racer wins; the others spread out before reading the counters again.
      await jitteredPause(tries, 10, 200);
    }
  }
}

/** A new requirement as `POST` stores it (the body already validated). */
function newUserRequirement(
  enterpriseId: string,
  body: UserRequirementBody,
  meta: { number: number; userId: string; at: string },
): UserRequirementState {
  return {
    enterpriseId,
    productId: body.productId,
    requirementId: newId(),
    number: meta.number,
    title: body.title,
    source: body.source ?? REQUIREMENT_SOURCES[0].id,
    priority: body.priority ?? DEFAULT_REQUIREMENT_PRIORITY,
    moduleId: body.moduleId ?? null,
    tagIds: uniqueIds(body.tagIds ?? []),
    status: pendingReview,
    authorId: meta.userId,
    lastReview: null,
    specCount: 0,
    createdAt: meta.at,
    updatedAt: meta.at,
    version: 1,
    description: body.description ?? '',
  };
}

export async function createUserRequirement(
  enterpriseId: string,
  userId: string,
  body: UserRequirementBody,
): Promise<UserRequirementDetail> {
  const product = await requireProduct(enterpriseId, body.productId);
  const { productId } = product;
  await assertReferences(enterpriseId, product, body);
  const created = await withNextNumber(async () => {
    const counters = await getProductCounters(enterpriseId, productId);
    const ur = newUserRequirement(enterpriseId, body, { number: counters.urSeq + 1, userId, at: nowIso() });
    const record = creationRecordOf(KIND, { ...ur, localId: ur.requirementId }, userId);
    const counting = { field: 'urSeq' as const, value: counters.urSeq };
    await commit(
      [
        productExistsOp(enterpriseId, productId),
        productCountersOp(enterpriseId, productId, { urSeq: 1, userRequirementCount: 1 }, counting),
        ...db.createUserRequirementOps(ur, ur.description),
        putTrackRecordOp(record),
      ],
      { product: () => productNotFound(productId) },
    );
    return ur;
  });
  await requestReview(userId, 'userRequirement', userRequirementIdOf(created), null, created);
  return detailOf(enterpriseId, created);
}

/** The requirement after the body's content fields (unchanged ones keep their value). */
function applyContent(before: UserRequirementState, body: UserRequirementUpdateBody): UserRequirementState {
  return {
    ...before,
    title: body.title ?? before.title,
    description: body.description ?? before.description,
    source: body.source ?? before.source,
    priority: body.priority ?? before.priority,
    moduleId: body.moduleId === undefined ? before.moduleId : body.moduleId,
    tagIds: body.tagIds === undefined ? before.tagIds : uniqueIds(body.tagIds),
  };
}

/** Which action a `PUT` is: close/reopen when it sends a status, else edit (unreviewed) or change. */
function actionOfUpdate(
  before: UserRequirementState,
  body: UserRequirementUpdateBody,
  changes: number,
): RequirementAction {
  if (body.status !== undefined) {
    if (changes > 0) {
      throw badRequest('status', 'Close or reopen on its own, without changing other fields');
    }
    return body.status === closed ? 'close' : 'reopen';
  }
  if (changes === 0) throw nothingToChange();
  return before.status === pendingReview || before.status === rejected ? 'edit' : 'change';
}

/**
 * `PUT productUserRequirement`: an edit while pending review or rejected (a rejected one is
 * resubmitted), the change action once reviewed (a reason is required; back for review as
 * changed), or a close / reopen when it sends `status`.
 */
export async function updateUserRequirement(
  enterpriseId: string,
  userId: string,
  body: UserRequirementUpdateBody,
): Promise<UserRequirementDetail> {
  const before = await requireWithBody(enterpriseId, body.id);
  const stale = () => staleVersion(userRequirementName(before));
  if (before.version !== body.version) throw stale();
  const product = await requireProduct(enterpriseId, before.productId);
  await assertReferences(enterpriseId, product, { moduleId: body.moduleId, tagIds: body.tagIds });
  const content = applyContent(before, body);
  const changes = changedFields(USER_REQUIREMENT_FIELDS, before, content);
  const action = actionOfUpdate(before, body, changes.length);
  const status = nextOrRefuse(KIND, before.status, action);
  if (action === 'change' && !body.reason) throw badRequest('reason', 'Please enter change reason');
  const at = nowIso();
  const after: UserRequirementState = { ...content, status, updatedAt: at, version: before.version + 1 };
  const [fields] = await describeChanges(enterpriseId, before.productId, USER_REQUIREMENT_FIELDS, [
    { before, after },
  ]);
  await writeMove(before, after, { action, userId, at, comment: body.reason, fields }, stale);
  return detailOf(enterpriseId, after);
}

/** Saves a requirement with the record of its move (and its description when that changed). */
async function writeMove(
  before: UserRequirementState,
  after: UserRequirementState,
  move: Omit<Move, 'fromStatus' | 'toStatus'>,
  stale: () => Error,
): Promise<void> {
  const record = trackRecordOf(
    KIND,
    { ...after, localId: after.requirementId },
    {
      ...move,
      fromStatus: before.status,
      toStatus: after.status,
    },
  );
  await commit(
    [
      db.saveUserRequirementOp(after, before.version),
      ...(after.description === before.description
        ? []
        : [db.putUserRequirementBodyOp(after, after.description)]),
      putTrackRecordOp(record),
    ],
    { stale },
  );
  await requestReview(move.userId, 'userRequirement', userRequirementIdOf(after), before.status, after);
}

/** Passes or rejects a requirement pending review or changed; product members only, its reviewers when the product chose some, and not its author unless the product allows it (403). */
export async function reviewUserRequirement(
  enterpriseId: string,
  userId: string,
  body: ReviewBody,
): Promise<UserRequirementDetail> {
  const before = await requireWithBody(enterpriseId, body.id);
  const product = await requireProduct(enterpriseId, before.productId);
  assertProductMember(product, userId, 'review its user requirements');
  assertMayReview(product, userId, before.authorId);
  const stale = () => staleVersion(userRequirementName(before));
  if (before.version !== body.version) throw stale();
  const status = nextOrRefuse(KIND, before.status, body.result, { hasSpecs: before.specCount > 0 });
  const at = nowIso();
  const comment = body.comment ?? '';
  const after: UserRequirementState = {
    ...before,
    status,
    lastReview: { userId, at, result: body.result, comment },
    updatedAt: at,
    version: before.version + 1,
  };
  await writeMove(before, after, { action: body.result, userId, at, comment }, stale);
  return detailOf(enterpriseId, after);
}

const refinedBy = (ur: UserRequirementRecord) =>
  conflict(
    `${userRequirementName(ur)} is refined by ${ur.specCount} spec${ur.specCount === 1 ? '' : 's'}; delete them first`,
  );

/** Deletes a requirement no spec refines (409 otherwise), its records and comments. */
export async function deleteUserRequirement(enterpriseId: string, id: string): Promise<void> {
  const ur = await requireUserRequirement(enterpriseId, id);
  if (ur.specCount > 0) throw refinedBy(ur);
  try {
    await transact([
      ...db.deleteUserRequirementOps(ur),
      productCountersOp(enterpriseId, ur.productId, { userRequirementCount: -1 }),
    ]);
  } catch (error) {
    if (!(error instanceof ConditionFailedError)) throw error;
    // Something happened meanwhile: say what, from a fresh read.
    const now = await requireUserRequirement(enterpriseId, id);
    throw now.specCount > 0 ? refinedBy(now) : staleVersion(userRequirementName(now));
  }
  // The records and comments go after the item: they are many, and nothing reads them without it.
  await Promise.all([
    deleteTrackRecords(enterpriseId, ur.productId, ur.requirementId),
    deleteProductJournalsOf(enterpriseId, ur.productId, ur.requirementId),
  ]);
}
