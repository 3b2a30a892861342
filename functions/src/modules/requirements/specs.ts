/**
 * Requirement specs: list, read, create (optionally refining a user requirement), edit, change,
 * review, batch edits and completion, moving into and out of plans, delete, and their tracking
 * (change records, plan, test cases). Every write is one transaction holding the specs, their
 * tracking records and whatever else moves with them, conditioned on the versions read. The
 * workflow is shared/src/domain/requirement-workflow.ts.
 */

import { nowIso } from '@core/clock';
import type { TxOp } from '@core/db/operations';
import { badRequest, conflict, notFound, staleVersion } from '@core/errors';
import { userSummaries } from '@core/identity/people';
import { newId } from '@core/ids';
import { pageOf } from '@core/paging';
import { DEFAULT_REQUIREMENT_PRIORITY, DEFAULT_SPEC_TYPE } from '@shared/domain/products';
import {
  type RequirementAction,
  requirementRefusal,
  requirementStatusName,
  SPEC_STATUS,
  STATUS_LISTS,
} from '@shared/domain/requirement-workflow';
import type { Page } from '@shared/schemas/common';
import type { LookupEntry, Plan } from '@shared/schemas/products';
import type {
  ActivePlanBody,
  ChangeRecord,
  ReviewBody,
  Spec,
  SpecBatchBody,
  SpecBody,
  SpecChangeBody,
  SpecDetail,
  SpecListQuery,
  SpecUpdateBody,
} from '@shared/schemas/requirements';
import {
  assertMayReview,
  assertProductMember,
  getPlanView,
  getProductCounters,
  type ProductRecord,
  planNotFound,
  productCountersOp,
  productExistsOp,
  productNotFound,
  requirePlan,
  requireProduct,
  splitProductScopedId,
} from '../products';
import { casesCoveringSpec, flagCasesOfSpec } from '../testcases';
import { requestReview } from './review-requests';
import { deleteProductJournalsOf } from './store/comments';
import { deleteStaleSpecDemands, liveSpecDemands } from './store/demands';
import type { SpecRecord } from './store/specs';
import * as db from './store/specs';
import { deleteTrackRecords, listTrackRecords, putTrackRecordOp } from './store/tracking';
import {
  getUserRequirement,
  saveUserRequirementOp,
  type UserRequirementRecord,
  userRequirementSpecCountOp,
} from './store/user-requirements';
import {
  changedFields,
  creationRecordOf,
  describeChanges,
  SPEC_FIELDS,
  type SpecState,
  trackRecordOf,
} from './tracking';
import {
  assertReferences,
  commit,
  keywordFilter,
  moduleFilter,
  newestFirst,
  nextOrRefuse,
  nothingToChange,
  numbersOf,
  requireUserRequirement,
  uniqueIds,
  withNextNumber,
} from './user-requirements';
import {
  changeRecordView,
  loadLookups,
  peopleOf,
  specDetailView,
  specIdOf,
  specView,
  userRequirementIdOf,
} from './views';

const KIND = 'spec' as const;
const { pendingReview, reviewed, planning, rejected } = SPEC_STATUS;

export const specNotFound = (id: string) => notFound(`Spec ${id} does not exist`);
export const specName = (spec: Pick<SpecRecord, 'number'>) => `Spec SR-${spec.number}`;
const planned = (spec: SpecRecord) => ({ planned: spec.planId !== null });

/** Only reviewed and planning specs may go to a project. */
export function assertPushable(spec: SpecRecord): void {
  if (spec.status !== reviewed && spec.status !== planning) {
    throw conflict(
      `${specName(spec)} is ${requirementStatusName(KIND, spec.status)}; only a reviewed or planning spec can go to a project`,
    );
  }
}

// ---- reads ----------------------------------------------------------------------------------

export async function requireSpec(enterpriseId: string, id: string): Promise<SpecRecord> {
  const { productId, localId } = splitProductScopedId(id, 'Spec');
  const spec = await db.getSpec(enterpriseId, productId, localId);
  if (!spec) throw specNotFound(id);
  return spec;
}

export async function requireSpecWithBody(enterpriseId: string, id: string): Promise<SpecState> {
  const { productId, localId } = splitProductScopedId(id, 'Spec');
  const found = await db.getSpecWithBody(enterpriseId, productId, localId);
  if (!found) throw specNotFound(id);
  return { ...found.spec, ...found.body };
}

export function specStatusList(): LookupEntry[] {
  return STATUS_LISTS.spec.map(({ id, name, color }) => ({ id, name, color }));
}

const viewNeeds = (specs: readonly SpecRecord[]) => ({
  modules: true,
  tags: true,
  plans: specs.some((s) => s.planId !== null),
  userIds: peopleOf(specs),
});

export async function listSpecs(enterpriseId: string, query: SpecListQuery): Promise<Page<Spec>> {
  const { productId } = await requireProduct(enterpriseId, query.productId);
  const [all, modules] = await Promise.all([
    db.listSpecs(enterpriseId, productId),
    moduleFilter(enterpriseId, productId, query.moduleId),
  ]);
  const statuses = numbersOf('status', query.status);
  const priorities = numbersOf('priority', query.priority);
  const types = numbersOf('type', query.type);
  const keyword = keywordFilter('SR', query.keyword);
  const found = all
    .filter(
      (s) =>
        keyword(s) &&
        (!statuses || statuses.has(s.status)) &&
        (!priorities || priorities.has(s.priority)) &&
        (!types || types.has(s.type)) &&
        (!modules || (s.moduleId !== null && modules.has(s.moduleId))) &&
        (!query.planId || s.planId === query.planId) &&
        (!query.userRequirementId || s.userRequirementId === query.userRequirementId) &&
        (!query.ownerId || s.ownerId === query.ownerId) &&
        (!query.tagId || s.tagIds.includes(query.tagId)),
    )
    .sort(newestFirst);
  return pageOf(found, query, async (rows) => {
    const lookups = await loadLookups(enterpriseId, productId, viewNeeds(rows));
    return rows.map((s) => specView(s, lookups));
  });
}

async function detailOf(enterpriseId: string, spec: SpecState): Promise<SpecDetail> {
  const urLocal = spec.userRequirementId
    ? splitProductScopedId(spec.userRequirementId, 'User requirement')
    : null;
  const [ur, lookups] = await Promise.all([
    urLocal ? getUserRequirement(enterpriseId, urLocal.productId, urLocal.localId) : null,
    loadLookups(enterpriseId, spec.productId, viewNeeds([spec])),
  ]);
  return specDetailView(spec, spec, ur, lookups);
}

export async function getSpec(enterpriseId: string, id: string): Promise<SpecDetail> {
  return detailOf(enterpriseId, await requireSpecWithBody(enterpriseId, id));
}

export async function specChangeRecords(enterpriseId: string, id: string): Promise<ChangeRecord[]> {
  const spec = await requireSpec(enterpriseId, id);
  const records = await listTrackRecords(enterpriseId, spec.productId, spec.specId);
  const users = await userSummaries(records.map((r) => r.userId));
  return records.map((r) => changeRecordView(r, users));
}

/** The plan the spec is in, or null. */
export async function associatedPlan(enterpriseId: string, id: string): Promise<Plan | null> {
  const spec = await requireSpec(enterpriseId, id);
  return spec.planId ? getPlanView(enterpriseId, spec.planId) : null;
}

/**
 * The test cases that cover the spec, as they are now: test management writes the links with the
 * cases, and the cases' titles and flags are read live (casesCoveringSpec).
 */
export async function associatedTestcases(enterpriseId: string, id: string) {
  const spec = await requireSpec(enterpriseId, id);
  const cases = await casesCoveringSpec(enterpriseId, spec.productId, spec.specId);
  return cases
    .sort((a, b) => a.projectId.localeCompare(b.projectId) || a.caseNumber - b.caseNumber)
    .map((c) => ({
      caseId: c.caseId,
      pmsProjectId: c.projectId,
      title: c.title,
      needsConfirmation: c.needsConfirmation,
    }));
}

// ---- create ---------------------------------------------------------------------------------

/** The user requirement a new spec refines: same product, reviewed or refined. */
async function refinedRequirement(
  enterpriseId: string,
  product: ProductRecord,
  id: string | null | undefined,
) {
  if (!id) return null;
  const { productId } = splitProductScopedId(id, 'User requirement');
  if (productId !== product.productId) {
    throw badRequest('userRequirementId', `User requirement ${id} is not in product ${product.name}`);
  }
  const ur = await requireUserRequirement(enterpriseId, id);
  nextOrRefuse('userRequirement', ur.status, 'refine');
  return ur;
}

/** A new spec as `POST` stores it (the body already validated). */
function newSpec(
  body: SpecBody,
  meta: { productId: string; number: number; ur: UserRequirementRecord | null; userId: string; at: string },
  enterpriseId: string,
): SpecState {
  return {
    enterpriseId,
    productId: meta.productId,
    specId: newId(),
    number: meta.number,
    title: body.title,
    type: body.type ?? DEFAULT_SPEC_TYPE,
    priority: body.priority ?? DEFAULT_REQUIREMENT_PRIORITY,
    // A spec made from a requirement sits in its module unless told otherwise.
    moduleId: body.moduleId === undefined ? (meta.ur?.moduleId ?? null) : body.moduleId,
    tagIds: uniqueIds(body.tagIds ?? []),
    ownerId: body.ownerId ?? null,
    estimatedHours: body.estimatedHours ?? null,
    status: pendingReview,
    planId: null,
    userRequirementId: meta.ur ? userRequirementIdOf(meta.ur) : null,
    authorId: meta.userId,
    lastReview: null,
    demandCount: 0,
    createdAt: meta.at,
    updatedAt: meta.at,
    version: 1,
    description: body.description ?? '',
    acceptance: body.acceptance ?? '',
  };
}

/** The requirement a new spec refines becomes refined, with its own record, in the spec's transaction. */
function refineOps(ur: UserRequirementRecord, spec: SpecState): TxOp[] {
  const after = {
    ...ur,
    status: nextOrRefuse('userRequirement', ur.status, 'refine'),
    updatedAt: spec.createdAt,
    version: ur.version + 1,
  };
  const record = trackRecordOf(
    'userRequirement',
    { ...ur, localId: ur.requirementId },
    {
      action: 'refine',
      userId: spec.authorId,
      at: spec.createdAt,
      fromStatus: ur.status,
      toStatus: after.status,
      comment: `Refined into SR-${spec.number} ${spec.title}`,
    },
  );
  return [saveUserRequirementOp(after, ur.version, 1), putTrackRecordOp(record)];
}

export async function createSpec(enterpriseId: string, userId: string, body: SpecBody): Promise<SpecDetail> {
  const product = await requireProduct(enterpriseId, body.productId);
  const { productId } = product;
  await assertReferences(enterpriseId, product, body);
  const created = await withNextNumber(async () => {
    // Read on every attempt: a refine of the same requirement may have gone first.
    const [counters, ur] = await Promise.all([
      getProductCounters(enterpriseId, productId),
      refinedRequirement(enterpriseId, product, body.userRequirementId),
    ]);
    const number = counters.specSeq + 1;
    const spec = newSpec(body, { productId, number, ur, userId, at: nowIso() }, enterpriseId);
    const record = creationRecordOf(KIND, { ...spec, localId: spec.specId }, userId);
    const counting = { field: 'specSeq' as const, value: counters.specSeq };
    // A failed 'stale' (the requirement changed between the read and the write) runs it again.
    await commit(
      [
        productExistsOp(enterpriseId, productId),
        productCountersOp(enterpriseId, productId, { specSeq: 1, specCount: 1 }, counting),
        ...db.createSpecOps(spec, spec),
        putTrackRecordOp(record),
        ...(ur ? refineOps(ur, spec) : []),
      ],
      { product: () => productNotFound(productId) },
    );
    return spec;
  });
  await requestReview(userId, 'spec', specIdOf(created), null, created);
  return detailOf(enterpriseId, created);
}

// ---- edit, change, review -------------------------------------------------------------------

function applyContent(before: SpecState, body: Omit<SpecUpdateBody, 'id' | 'version' | 'status'>): SpecState {
  return {
    ...before,
    title: body.title ?? before.title,
    description: body.description ?? before.description,
    acceptance: body.acceptance ?? before.acceptance,
    type: body.type ?? before.type,
    priority: body.priority ?? before.priority,
    moduleId: body.moduleId === undefined ? before.moduleId : body.moduleId,
    tagIds: body.tagIds === undefined ? before.tagIds : uniqueIds(body.tagIds),
    ownerId: body.ownerId === undefined ? before.ownerId : body.ownerId,
    estimatedHours: body.estimatedHours === undefined ? before.estimatedHours : body.estimatedHours,
  };
}

/** Reads the spec at the client's version (409 when stale) and checks the body's references. */
async function beforeEdit(enterpriseId: string, body: SpecUpdateBody | SpecChangeBody) {
  const before = await requireSpecWithBody(enterpriseId, body.id);
  const stale = () => staleVersion(specName(before));
  if (before.version !== body.version) throw stale();
  const product = await requireProduct(enterpriseId, before.productId);
  await assertReferences(enterpriseId, product, body);
  return { before, product, stale };
}

/** Which action a plain `PUT` is: reopen when it sends a status; else an edit (unreviewed only). */
function actionOfUpdate(before: SpecState, body: SpecUpdateBody, changes: number): RequirementAction {
  if (body.status !== undefined) {
    if (changes > 0) throw badRequest('status', 'Reopen on its own, without changing other fields');
    return 'reopen';
  }
  if (before.status !== pendingReview && before.status !== rejected) {
    const name = requirementStatusName(KIND, before.status);
    throw conflict(
      before.status === SPEC_STATUS.changed
        ? `${specName(before)}: ${requirementRefusal(KIND, before.status, 'edit')}`
        : `${specName(before)} is ${name}; a reviewed spec changes through the change action (PUT productRequirementSpecs/change)`,
    );
  }
  if (changes === 0) throw nothingToChange();
  return 'edit';
}

/**
 * `PUT productRequirementSpecs`: edits content while pending review or rejected (a rejected spec
 * is resubmitted); `status: 2` reopens a completed spec (back to planning when it has a plan).
 */
export async function updateSpec(
  enterpriseId: string,
  userId: string,
  body: SpecUpdateBody,
): Promise<SpecDetail> {
  const { before, stale } = await beforeEdit(enterpriseId, body);
  const content = applyContent(before, body);
  const action = actionOfUpdate(before, body, changedFields(SPEC_FIELDS, before, content).length);
  const status = nextOrRefuse(KIND, before.status, action, planned(before));
  return saveMove(enterpriseId, before, { ...content, status }, { action, userId }, stale);
}

/** `PUT .../change`: changes a reviewed, planning or completed spec with a reason; back to review. */
export async function changeSpec(
  enterpriseId: string,
  userId: string,
  body: SpecChangeBody,
): Promise<SpecDetail> {
  const { before, stale } = await beforeEdit(enterpriseId, body);
  const status = nextOrRefuse(KIND, before.status, 'change');
  const content = applyContent(before, body);
  if (changedFields(SPEC_FIELDS, before, content).length === 0) throw nothingToChange();
  // Test management: every case covering the spec is flagged in the same transaction.
  const flags = await flagCasesOfSpec(enterpriseId, before);
  return saveMove(
    enterpriseId,
    before,
    { ...content, status },
    { action: 'change', userId, comment: body.reason },
    stale,
    flags,
  );
}

/** Passes or rejects a spec pending review or changed; product members only, its reviewers when the product chose some, and not its author unless the product allows it (403). */
export async function reviewSpec(
  enterpriseId: string,
  userId: string,
  body: ReviewBody,
): Promise<SpecDetail> {
  const before = await requireSpecWithBody(enterpriseId, body.id);
  const product = await requireProduct(enterpriseId, before.productId);
  assertProductMember(product, userId, 'review its specs');
  assertMayReview(product, userId, before.authorId);
  const stale = () => staleVersion(specName(before));
  if (before.version !== body.version) throw stale();
  const status = nextOrRefuse(KIND, before.status, body.result, planned(before));
  const comment = body.comment ?? '';
  const lastReview = { userId, at: nowIso(), result: body.result, comment };
  return saveMove(
    enterpriseId,
    before,
    { ...before, status, lastReview },
    { action: body.result, userId, comment },
    stale,
  );
}

/** Saves one spec's move with its tracking record (and its body when that changed). */
async function saveMove(
  enterpriseId: string,
  before: SpecState,
  next: SpecState,
  move: { action: RequirementAction; userId: string; comment?: string },
  stale: () => Error,
  extra: { ops: TxOp[]; failures: Record<string, () => Error> } = { ops: [], failures: {} },
): Promise<SpecDetail> {
  const at = nowIso();
  const after: SpecState = { ...next, updatedAt: at, version: before.version + 1 };
  const [fields] = await describeChanges(enterpriseId, before.productId, SPEC_FIELDS, [{ before, after }]);
  const record = trackRecordOf(
    KIND,
    { ...after, localId: after.specId },
    {
      ...move,
      at,
      fromStatus: before.status,
      toStatus: after.status,
      fields,
    },
  );
  const bodyChanged = after.description !== before.description || after.acceptance !== before.acceptance;
  await commit(
    [
      db.saveSpecOp(after, before.version),
      ...(bodyChanged ? [db.putSpecBodyOp(after, after)] : []),
      putTrackRecordOp(record),
      ...extra.ops,
    ],
    { stale, ...extra.failures },
  );
  await requestReview(move.userId, 'spec', specIdOf(after), before.status, after);
  return detailOf(enterpriseId, after);
}

// ---- many at once ---------------------------------------------------------------------------

/** The specs `ids` name, all of one product (400 otherwise), each existing (404 naming the first unknown). */
async function specsOfOneProduct(enterpriseId: string, ids: readonly string[]) {
  const parts = uniqueIds(ids).map((id) => ({ id, ...splitProductScopedId(id, 'Spec') }));
  const productId = parts[0]!.productId;
  if (parts.some((p) => p.productId !== productId)) {
    throw badRequest('ids', 'The specs must all belong to one product');
  }
  const product = await requireProduct(enterpriseId, productId);
  const found = await db.getSpecs(
    enterpriseId,
    productId,
    parts.map((p) => p.localId),
  );
  const specs = parts.map((p) => {
    const spec = found.find((s) => s.specId === p.localId);
    if (!spec) throw specNotFound(p.id);
    return spec;
  });
  return { product, specs };
}

/** A spec without its body, as batch moves handle it (the body never changes there). */
const withoutBody = (spec: SpecRecord): SpecState => ({ ...spec, description: '', acceptance: '' });

/**
 * Writes moves of several specs in one transaction, each with its record; all or nothing. A
 * spec changed meanwhile fails the whole batch with 409 naming it.
 */
async function writeBatch(
  enterpriseId: string,
  productId: string,
  moves: readonly { before: SpecState; after: SpecState; action: RequirementAction }[],
  userId: string,
  at: string,
  extra: { ops: TxOp[]; failures: Record<string, () => Error> } = { ops: [], failures: {} },
): Promise<void> {
  const fields = await describeChanges(enterpriseId, productId, SPEC_FIELDS, moves);
  const ops = moves.flatMap(({ before, after, action }, i) => [
    db.saveSpecOp(after, before.version, `stale:${before.specId}`),
    putTrackRecordOp(
      trackRecordOf(
        KIND,
        { ...after, localId: after.specId },
        {
          action,
          userId,
          at,
          fromStatus: before.status,
          toStatus: after.status,
          fields: fields[i],
        },
      ),
    ),
  ]);
  const failures = Object.fromEntries(
    moves.map(({ before }) => [`stale:${before.specId}`, () => staleVersion(specName(before))]),
  );
  await commit([...extra.ops, ...ops], { ...failures, ...extra.failures });
}

/**
 * `PUT .../batch`: the same housekeeping changes (priority, module, owner, tags) to every spec in
 * any status, and `status: 3` completes them (reviewed or planning only). Specs the changes leave
 * as they are do not count as updated.
 */
export async function batchUpdateSpecs(
  enterpriseId: string,
  userId: string,
  body: SpecBatchBody,
): Promise<{ updated: number }> {
  const { product, specs } = await specsOfOneProduct(enterpriseId, body.ids);
  const { changes } = body;
  const tagIds = changes.tagIds === undefined ? undefined : uniqueIds(changes.tagIds);
  await assertReferences(enterpriseId, product, { ...changes, tagIds });
  const at = nowIso();
  const moves = specs.flatMap((spec) => {
    const before = withoutBody(spec);
    const completing = changes.status !== undefined;
    const status = completing
      ? nextOrRefuse(KIND, spec.status, 'complete', {}, `${specName(spec)}: `)
      : spec.status;
    const content: SpecState = {
      ...before,
      priority: changes.priority ?? before.priority,
      moduleId: changes.moduleId === undefined ? before.moduleId : changes.moduleId,
      ownerId: changes.ownerId === undefined ? before.ownerId : changes.ownerId,
      tagIds: tagIds ?? before.tagIds,
      status,
    };
    if (!completing && changedFields(SPEC_FIELDS, before, content).length === 0) return [];
    const after = { ...content, updatedAt: at, version: before.version + 1 };
    return [{ before, after, action: (completing ? 'complete' : 'edit') as RequirementAction }];
  });
  if (moves.length > 0) await writeBatch(enterpriseId, product.productId, moves, userId, at);
  return { updated: moves.length };
}

/**
 * `PUT .../activePlan`: moves reviewed or planning specs into a plan of their product (planning),
 * or out of their plan with `planId: null` (reviewed). All or nothing; a spec already in the plan
 * does not count as updated.
 */
export async function activePlan(
  enterpriseId: string,
  userId: string,
  body: ActivePlanBody,
): Promise<{ updated: number }> {
  const { product, specs } = await specsOfOneProduct(enterpriseId, body.ids);
  const plan = body.planId ? await requirePlan(enterpriseId, body.planId) : null;
  if (plan && plan.productId !== product.productId) {
    throw badRequest('planId', `Plan ${plan.title} is not a plan of product ${product.name}`);
  }
  const planId = plan ? plan.planId : null;
  const action: RequirementAction = plan ? 'activate' : 'unplan';
  const at = nowIso();
  const moves = specs.flatMap((spec) => {
    const status = nextOrRefuse(KIND, spec.status, action, planned(spec), `${specName(spec)}: `);
    if (spec.planId === planId && spec.status === status) return [];
    const before = withoutBody(spec);
    return [
      { before, after: { ...before, status, planId, updatedAt: at, version: spec.version + 1 }, action },
    ];
  });
  if (moves.length > 0) {
    // The plan must still exist when the specs move into it.
    const extra = plan
      ? {
          ops: [
            db.planExistsOp(
              enterpriseId,
              product.productId,
              splitProductScopedId(plan.planId, 'Plan').localId,
            ),
          ],
          failures: { plan: () => planNotFound(plan.planId) },
        }
      : undefined;
    await writeBatch(enterpriseId, product.productId, moves, userId, at, extra);
  }
  return { updated: moves.length };
}

// ---- delete ---------------------------------------------------------------------------------

/**
 * Deletes a spec no project demand carries (409 otherwise). The requirement it refines counts one
 * spec fewer and stays refined. Its records and comments go after it.
 */
export async function deleteSpec(enterpriseId: string, id: string): Promise<void> {
  const spec = await requireSpec(enterpriseId, id);
  const { live, stale } = await liveSpecDemands(enterpriseId, spec.productId, spec.specId);
  if (live.length > 0) {
    const count = live.length;
    throw conflict(
      `${specName(spec)} is carried by ${count} project demand${count === 1 ? '' : 's'}; unlink or delete ${count === 1 ? 'it' : 'them'} first`,
    );
  }
  const ur = spec.userRequirementId ? splitProductScopedId(spec.userRequirementId, 'User requirement') : null;
  await commit(
    [
      ...db.deleteSpecOps(spec),
      productCountersOp(enterpriseId, spec.productId, { specCount: -1 }),
      ...(ur ? [userRequirementSpecCountOp(enterpriseId, ur.productId, ur.localId, -1)] : []),
    ],
    {
      spec: () => conflict(`${specName(spec)} was changed by someone else; reload and try again`),
      userRequirement: () =>
        conflict(`The user requirement of ${specName(spec)} is gone; reload and try again`),
    },
  );
  await Promise.all([
    deleteStaleSpecDemands(stale),
    deleteTrackRecords(enterpriseId, spec.productId, spec.specId),
    deleteProductJournalsOf(enterpriseId, spec.productId, spec.specId),
  ]);
}
