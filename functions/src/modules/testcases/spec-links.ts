/**
 * Cases covering requirement specs. A case holds the product-scoped ids of the specs it covers
 * (`specIds`); each spec holds a SPECCASE item per covering case in its product's partition,
 * written and deleted in the case's own transaction. When a spec goes through a change, every
 * case covering it is flagged (`needsConfirmation`, the spec in `changedSpecIds`) in the change's
 * transaction; saving or confirming the case clears the flag.
 *
 * SPECCASE items carry no copy of the case's title or flag: readers batch-get the cases, so a
 * spec's list always shows the cases as they are, and the items of cases that went with their
 * project are simply not shown.
 */

import type { TxOp } from '@core/db/operations';
import { badRequest, conflict } from '@core/errors';
import { REQUIREMENT_KIND, requirementStatusName } from '@shared/domain/requirement-workflow';
import { MAX_SPEC_CASES } from '@shared/domain/testing';
import type { SpecRef } from '@shared/schemas/testcases';
import { getProducts } from '../products';
import { getSpecs, type SpecRecord } from '../requirements';
import {
  deleteSpecCaseOp,
  flagCaseOp,
  getTestcases,
  listSpecCases,
  putSpecCaseOp,
  specKeyParts,
  type TestcaseRecord,
} from './store/testcases';

/** A covered spec with the product it belongs to. */
export interface CoveredSpec {
  id: string;
  spec: SpecRecord;
}

function groupByProduct(specIds: readonly string[]): Map<string, string[]> {
  const byProduct = new Map<string, string[]>();
  for (const id of new Set(specIds)) {
    const parts = specKeyParts(id);
    if (parts) byProduct.set(parts.productId, [...(byProduct.get(parts.productId) ?? []), parts.specLocal]);
  }
  return byProduct;
}

/** The specs the ids name (any product of the enterprise), by scoped id; unknown ids are left out. */
export async function specsByIds(
  enterpriseId: string,
  specIds: readonly string[],
): Promise<Map<string, SpecRecord>> {
  const reads = [...groupByProduct(specIds)].map(([productId, locals]) =>
    getSpecs(enterpriseId, productId, locals),
  );
  const found = (await Promise.all(reads)).flat();
  return new Map(found.map((spec) => [`${spec.productId}.${spec.specId}`, spec]));
}

/** 400 `{field}: Spec X does not exist` for the first id that is not a spec of the enterprise. */
export async function assertSpecs(
  enterpriseId: string,
  specIds: readonly string[],
  field = 'specIds',
): Promise<Map<string, SpecRecord>> {
  const specs = await specsByIds(enterpriseId, specIds);
  const unknown = specIds.find((id) => !specs.has(id));
  if (unknown !== undefined) throw badRequest(field, `Spec ${unknown} does not exist`);
  return specs;
}

/** The live cases covering a spec (cases gone with their project are left out). */
export async function casesCoveringSpec(
  enterpriseId: string,
  productId: string,
  specLocal: string,
): Promise<TestcaseRecord[]> {
  const links = await listSpecCases(enterpriseId, productId, specLocal);
  return getTestcases(
    enterpriseId,
    links.map((l) => l.caseId),
  );
}

/**
 * 409 naming the spec when covering it would give it more than MAX_SPEC_CASES cases (a spec
 * change flags all of them in one transaction). `adding` counts new cases per spec id.
 */
export async function assertSpecRoom(
  enterpriseId: string,
  specs: ReadonlyMap<string, SpecRecord>,
  adding: ReadonlyMap<string, number>,
): Promise<void> {
  for (const [specId, count] of adding) {
    const spec = specs.get(specId);
    if (!spec || count === 0) continue;
    const covering = await casesCoveringSpec(enterpriseId, spec.productId, spec.specId);
    if (covering.length + count > MAX_SPEC_CASES) {
      throw conflict(
        `Spec SR-${spec.number} ${spec.title} is covered by ${covering.length} cases; a spec may have at most ${MAX_SPEC_CASES}`,
      );
    }
  }
}

/** Specs a change of `before` into `after` adds (for the room check). */
export function addedSpecs(before: TestcaseRecord | null, after: TestcaseRecord): string[] {
  return after.specIds.filter((id) => !before?.specIds.includes(id));
}

/** The SPECCASE writes that go with a case write: the spec ends of added and removed specs. */
export function specLinkOps(
  enterpriseId: string,
  before: TestcaseRecord | null,
  after: TestcaseRecord | null,
): TxOp[] {
  const old = before?.specIds ?? [];
  const now = after?.specIds ?? [];
  const caseId = (after ?? before)?.caseId;
  if (caseId === undefined) return [];
  return [
    ...now.filter((id) => !old.includes(id)).map((id) => putSpecCaseOp(enterpriseId, id, after!)),
    ...old.filter((id) => !now.includes(id)).map((id) => deleteSpecCaseOp(enterpriseId, id, caseId)),
  ];
}

/** The label of the flag writes: one fails when a covering case changed after it was read. */
export const COVERING_CASE_CHANGED = 'coveringCaseChanged';

/**
 * The writes that flag every case covering a spec that goes through a change, for the change's
 * transaction (at most MAX_SPEC_CASES), with the error their failure means. Each is conditioned
 * on the case's version read here.
 */
export async function flagCasesOfSpec(
  enterpriseId: string,
  spec: Pick<SpecRecord, 'productId' | 'specId' | 'number'>,
): Promise<{ ops: TxOp[]; failures: Record<string, () => Error> }> {
  const cases = await casesCoveringSpec(enterpriseId, spec.productId, spec.specId);
  const specId = `${spec.productId}.${spec.specId}`;
  return {
    ops: cases.map((c) => ({ ...flagCaseOp(c, specId), label: COVERING_CASE_CHANGED })),
    failures: {
      [COVERING_CASE_CHANGED]: () =>
        conflict(`A test case covering Spec SR-${spec.number} was changed meanwhile; try again`),
    },
  };
}

/** The specs a case covers as the detail shows them; specs that were deleted are left out. */
export async function specRefsOf(enterpriseId: string, record: TestcaseRecord): Promise<SpecRef[]> {
  const specs = await specsByIds(enterpriseId, record.specIds);
  const products = new Map(
    (await getProducts(enterpriseId, [...new Set([...specs.values()].map((s) => s.productId))])).map((p) => [
      p.productId,
      p,
    ]),
  );
  return record.specIds.flatMap((id) => {
    const spec = specs.get(id);
    if (!spec) return [];
    return [
      {
        id,
        productId: spec.productId,
        productName: products.get(spec.productId)?.name ?? '',
        title: spec.title,
        status: spec.status,
        statusName: requirementStatusName(REQUIREMENT_KIND.spec, spec.status),
        changed: record.changedSpecIds.includes(id),
      },
    ];
  });
}
