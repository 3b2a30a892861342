/**
 * The case library of a project, in the project's partition:
 *
 * - `TESTCASE#{local}`: the list fields (what the list filters and shows), `needsConfirmation`
 *   and `changedSpecIds` included. `linkedIssueCount` is only ever stepped with ADD by the link
 *   writes, and saves are UPDATEs of the saved fields, so a save never overwrites it.
 * - `TESTCASEBODY#{local}`: preconditions, steps and remark, read by the detail, copies and
 *   spreadsheets only.
 * - `CASEISSUE#{caseLocal}#{issueId}` and `ISSUECASE#{issueId}#{caseLocal}`: a work item linked to
 *   a case (`linkTestcase`), both ends written in one transaction.
 * - `SPECCASE#{specLocal}#{caseId}` in the spec's product partition: the spec end of the case's
 *   `specIds`, written in the case's transaction (requirement tracking lists them).
 *
 * Case ids are project-scoped (`{projectId}.{localId}`), so the id alone says which partition
 * holds the case. Case numbers (TC-n) come from `caseSeq` on the project's COUNTERS item.
 */

import { type Key, keys, productPartition, projectPartition, SK } from '@core/db/keys';
import { batchGet, conditions, getItem, type Item, queryPartition, type TxOp } from '@core/db/operations';
import { projectScopedKey, scopedReads } from '@core/db/project-scoped';
import { getRecord, queryRecords, readRecord, recordFields } from '@core/db/records';
import { parseScopedId } from '@core/ids';

export interface TestcaseRecord {
  enterpriseId: string;
  projectId: string;
  /** The whole scoped id. */
  caseId: string;
  /** TC-n, per project; never reused. */
  caseNumber: number;
  title: string;
  /** A project-scoped case module id, or null. */
  moduleId: string | null;
  type: number;
  priority: number;
  tagIds: string[];
  /** Product-scoped spec ids the case covers. */
  specIds: string[];
  /** Covered specs changed since the case was last saved or confirmed. */
  changedSpecIds: string[];
  needsConfirmation: boolean;
  /** Work items linked by `linkTestcase` (ADD only). */
  linkedIssueCount: number;
  creatorId: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface TestcaseBody {
  precondition: string;
  steps: { step: string; expected: string }[];
  remark: string;
}

export const EMPTY_BODY: TestcaseBody = { precondition: '', steps: [], remark: '' };

/**
 * Where a case lives, from its scoped id; null when the id is not a case id of a project (a
 * parent with a dot is something else's scoped id).
 */
export const testcaseKeyOf = projectScopedKey(keys.testcase);

function located(enterpriseId: string, caseId: string) {
  const at = testcaseKeyOf(enterpriseId, caseId);
  if (!at) throw new Error(`not a case id: ${caseId}`);
  return at;
}

export const caseLocalId = (caseId: string) => caseId.slice(caseId.lastIndexOf('.') + 1);

function toItem(record: TestcaseRecord): Item {
  return { ...located(record.enterpriseId, record.caseId).key, entity: 'Testcase', ...record };
}

function fromItem(item: Item): TestcaseRecord {
  return readRecord(
    item,
    [
      'enterpriseId',
      'projectId',
      'caseId',
      'caseNumber',
      'title',
      'type',
      'priority',
      'creatorId',
      'createdAt',
      'updatedAt',
      'version',
    ],
    {
      moduleId: null,
      tagIds: [],
      specIds: [],
      changedSpecIds: [],
      needsConfirmation: false,
      linkedIssueCount: 0,
    },
  );
}

function bodyKey(enterpriseId: string, caseId: string) {
  const at = located(enterpriseId, caseId);
  return keys.testcaseBody(enterpriseId, at.projectId, at.localId);
}

function bodyFromItem(item: Item): TestcaseBody {
  return readRecord(item, [], { precondition: '', steps: [], remark: '' });
}

// ---- reads ----------------------------------------------------------------------------------

const testcaseReads = scopedReads(testcaseKeyOf, fromItem);
// Access pattern: one case (ENT#{e}#PRJ#{p} / TESTCASE#{local}).
export const getTestcase = testcaseReads.one;
// Access pattern: several cases by scoped id, any projects of the enterprise (batch); unknown ids are left out.
export const getTestcases = testcaseReads.many;

// Access pattern: a case's body (TESTCASEBODY#{local}).
export async function getTestcaseBody(enterpriseId: string, caseId: string): Promise<TestcaseBody | null> {
  if (!testcaseKeyOf(enterpriseId, caseId)) return null;
  return getRecord(bodyKey(enterpriseId, caseId), bodyFromItem);
}

// Access pattern: several cases' bodies (batch), by case id; a case without a body item gets the empty one.
export async function getTestcaseBodies(
  enterpriseId: string,
  caseIds: readonly string[],
): Promise<Map<string, TestcaseBody>> {
  const valid = caseIds.filter((id) => testcaseKeyOf(enterpriseId, id));
  const items = valid.length === 0 ? [] : await batchGet(valid.map((id) => bodyKey(enterpriseId, id)));
  const byId = new Map(items.map((item) => [item.caseId as string, bodyFromItem(item)]));
  return new Map(valid.map((id) => [id, byId.get(id) ?? EMPTY_BODY]));
}

// Access pattern: a project's whole case library, list fields only (ENT#{e}#PRJ#{p},
// begins_with TESTCASE#; the prefix does not match TESTCASEBODY#, which goes on with `B`).
export async function listTestcases(enterpriseId: string, projectId: string): Promise<TestcaseRecord[]> {
  return queryRecords(projectPartition(enterpriseId, projectId), SK.testcasePrefix, fromItem);
}

// Access pattern: the last case number given out (caseSeq on the project's COUNTERS item).
export async function readCaseSeq(enterpriseId: string, projectId: string): Promise<number> {
  const item = await getItem(keys.projectCounters(enterpriseId, projectId));
  return (item?.caseSeq as number | undefined) ?? 0;
}

// ---- writes (transaction operations) --------------------------------------------------------

/**
 * Gives out case numbers seen+1..next: `caseSeq` from `seen` to `next`, conditioned on nobody
 * having given any out meanwhile (`'caseSeq'`: read again and retry).
 */
export function caseSeqOp(enterpriseId: string, projectId: string, seen: number, next: number): TxOp {
  return {
    update: keys.projectCounters(enterpriseId, projectId),
    // `projectId`: the counters' batch read maps items back to projects by it.
    set: { entity: 'ProjectCounters', projectId, caseSeq: next },
    condition:
      seen === 0
        ? { expression: 'attribute_not_exists(#caseSeq)', names: { '#caseSeq': 'caseSeq' } }
        : {
            expression: '#caseSeq = :seenCaseSeq',
            names: { '#caseSeq': 'caseSeq' },
            values: { ':seenCaseSeq': seen },
          },
    label: 'caseSeq',
  };
}

/** A new case's list item and body (`'caseExists'` should the id be taken). */
export function createCaseOps(record: TestcaseRecord, body: TestcaseBody): TxOp[] {
  return [
    { put: toItem(record), condition: conditions.notExists, label: 'caseExists' },
    { put: bodyItem(record, body) },
  ];
}

function bodyItem(record: Pick<TestcaseRecord, 'enterpriseId' | 'caseId'>, body: TestcaseBody): Item {
  return {
    ...bodyKey(record.enterpriseId, record.caseId),
    entity: 'TestcaseBody',
    caseId: record.caseId,
    precondition: body.precondition,
    steps: body.steps,
    remark: body.remark,
  };
}

/** The fields a save writes: everything but the link count (ADD only) and the creation facts. */
const SAVED_FIELDS = [
  'title',
  'moduleId',
  'type',
  'priority',
  'tagIds',
  'specIds',
  'changedSpecIds',
  'needsConfirmation',
  'updatedAt',
  'version',
] as const;

/** Saves a case read at `expectedVersion` (`'stale:{caseId}'` when it changed or went meanwhile). */
export function saveCaseOp(record: TestcaseRecord, expectedVersion: number): TxOp {
  return {
    update: located(record.enterpriseId, record.caseId).key,
    set: recordFields(record, SAVED_FIELDS),
    condition: conditions.version(expectedVersion),
    label: `stale:${record.caseId}`,
  };
}

/** Replaces a case's body (written in the transaction of the save that changed it). */
export function putBodyOp(record: Pick<TestcaseRecord, 'enterpriseId' | 'caseId'>, body: TestcaseBody): TxOp {
  return { put: bodyItem(record, body) };
}

/** Deletes a case read at its version (`'stale:{caseId}'`) and its body. */
export function deleteCaseOps(record: TestcaseRecord): TxOp[] {
  return [
    {
      delete: located(record.enterpriseId, record.caseId).key,
      condition: conditions.version(record.version),
      label: `stale:${record.caseId}`,
    },
    { delete: bodyKey(record.enterpriseId, record.caseId) },
  ];
}

/** Steps a case's link count (no version change: links are not edits of the case). */
export function linkCountOp(enterpriseId: string, caseId: string, delta: number): TxOp {
  return {
    update: located(enterpriseId, caseId).key,
    add: { linkedIssueCount: delta },
    condition: conditions.exists,
    label: `missing:${caseId}`,
  };
}

// ---- the spec end (SPECCASE items in product partitions) --------------------------------------

/** Splits a product-scoped spec id; null when it is not one. */
export function specKeyParts(specId: string): { productId: string; specLocal: string } | null {
  const parts = parseScopedId(specId);
  if (!parts || parts.parentId.includes('.')) return null;
  return { productId: parts.parentId, specLocal: parts.localId };
}

/** The SPECCASE item of a case covering a spec. */
export function specCaseKeyOf(enterpriseId: string, specId: string, caseId: string): Key {
  const parts = specKeyParts(specId);
  if (!parts) throw new Error(`not a spec id: ${specId}`);
  return keys.specCase(enterpriseId, parts.productId, parts.specLocal, caseId);
}

/** The spec end of a case covering a spec. The case's title and flag are read live from the case. */
export function putSpecCaseOp(enterpriseId: string, specId: string, record: TestcaseRecord): TxOp {
  return {
    put: {
      ...specCaseKeyOf(enterpriseId, specId, record.caseId),
      entity: 'SpecCase',
      specId,
      caseId: record.caseId,
      projectId: record.projectId,
    },
  };
}

export function deleteSpecCaseOp(enterpriseId: string, specId: string, caseId: string): TxOp {
  return { delete: specCaseKeyOf(enterpriseId, specId, caseId) };
}

/** A test case covering a spec, as its SPECCASE item holds it (`SPECCASE#{specLocal}#{caseId}`). */
export interface SpecCaseRecord {
  caseId: string;
  projectId: string;
  title: string;
  needsConfirmation: boolean;
}

// Access pattern: the test cases that cover a spec (begins_with(sk, SPECCASE#{specLocal}#)).
export async function listSpecCases(
  enterpriseId: string,
  productId: string,
  specId: string,
): Promise<SpecCaseRecord[]> {
  const items = await queryPartition(
    productPartition(enterpriseId, productId),
    `${SK.specCasePrefix}${specId}#`,
  );
  return items.map((item) => ({
    caseId: item.caseId,
    projectId: item.projectId,
    title: item.title ?? '',
    needsConfirmation: item.needsConfirmation === true,
  }));
}

/**
 * Flags a case whose covered spec changed: `needsConfirmation` and the spec in `changedSpecIds`.
 * Versioned (`'stale:{caseId}'`), so a tester's save of the case as it was before the change is
 * refused as stale instead of silently clearing the flag.
 */
export function flagCaseOp(record: TestcaseRecord, specId: string): TxOp {
  const changed = record.changedSpecIds.includes(specId)
    ? record.changedSpecIds
    : [...record.changedSpecIds, specId];
  return {
    update: located(record.enterpriseId, record.caseId).key,
    set: { needsConfirmation: true, changedSpecIds: changed, version: record.version + 1 },
    condition: conditions.version(record.version),
    label: `stale:${record.caseId}`,
  };
}

// ---- links to work items (CASEISSUE# / ISSUECASE#) ------------------------------------------

export interface CaseIssueLink {
  caseId: string;
  issueId: string;
}

function linkFromItem(item: Item): CaseIssueLink {
  return readRecord(item, ['caseId', 'issueId'], {});
}

// Access pattern: the work items linked to a case (begins_with CASEISSUE#{caseLocal}#).
export async function listCaseIssueLinks(enterpriseId: string, caseId: string): Promise<CaseIssueLink[]> {
  const at = testcaseKeyOf(enterpriseId, caseId);
  if (!at) return [];
  return queryRecords(
    projectPartition(enterpriseId, at.projectId),
    `${SK.caseIssuePrefix}${at.localId}#`,
    linkFromItem,
  );
}

// Access pattern: the cases linked to a work item (begins_with ISSUECASE#{issueId}#).
export async function listIssueCaseLinks(
  enterpriseId: string,
  projectId: string,
  issueId: string,
): Promise<CaseIssueLink[]> {
  return queryRecords(
    projectPartition(enterpriseId, projectId),
    `${SK.issueCasePrefix}${issueId}#`,
    linkFromItem,
  );
}

/** Both ends of a link, as keys (for deletes outside a transaction). */
export function linkEndKeys(enterpriseId: string, link: CaseIssueLink): Key[] {
  const { caseEnd, issueEnd } = linkKeys(enterpriseId, link);
  return [caseEnd, issueEnd];
}

function linkKeys(enterpriseId: string, link: CaseIssueLink) {
  const at = located(enterpriseId, link.caseId);
  return {
    caseEnd: keys.caseIssue(enterpriseId, at.projectId, at.localId, link.issueId),
    issueEnd: keys.issueCase(enterpriseId, at.projectId, link.issueId, at.localId),
  };
}

/** Both ends of a new link (`'linked'` when it exists already). */
export function putLinkOps(enterpriseId: string, link: CaseIssueLink, userId: string, at: string): TxOp[] {
  const { caseEnd, issueEnd } = linkKeys(enterpriseId, link);
  const fields = { caseId: link.caseId, issueId: link.issueId, createdBy: userId, createdAt: at };
  return [
    { put: { ...caseEnd, entity: 'CaseIssue', ...fields }, condition: conditions.notExists, label: 'linked' },
    { put: { ...issueEnd, entity: 'IssueCase', ...fields } },
  ];
}

/** Both ends of an existing link (`'unlinked'` when it is gone). */
export function deleteLinkOps(enterpriseId: string, link: CaseIssueLink): TxOp[] {
  const { caseEnd, issueEnd } = linkKeys(enterpriseId, link);
  return [{ delete: caseEnd, condition: conditions.exists, label: 'unlinked' }, { delete: issueEnd }];
}
