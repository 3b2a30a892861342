/**
 * The case library: list, read, create, edit, delete, batch edit, copy and confirm. Every write
 * is one transaction holding the cases, their bodies and the spec ends of their spec links
 * (modules/testcases/spec-links.ts), conditioned on the versions read; new cases take their numbers
 * from `caseSeq` on the project's COUNTERS item in the same transaction.
 */

import { firstVersion, nowIso } from '@core/clock';
import { type Key, keys } from '@core/db/keys';
import {
  batchDelete,
  ConditionFailedError,
  conditions,
  MAX_TRANSACTION_WRITES,
  type TxOp,
  transact,
} from '@core/db/operations';
import { badRequest, conflict, notFound, staleVersion } from '@core/errors';
import { newId } from '@core/ids';
import { pageOf } from '@core/paging';
import { DEFAULT_CASE_TYPE, MAX_CASE_TAGS } from '@shared/domain/testing';
import type { Page } from '@shared/schemas/common';
import type {
  CaseBatchBody,
  CaseCopyBody,
  CaseCreateBody,
  CaseDetail,
  CaseListQuery,
  CaseRow,
  CaseUpdateBody,
} from '@shared/schemas/testcases';
import { getIssues, issueRefView } from '../issues';
import { projectNotFound, requireProject } from '../projects';
import { moduleAndDescendantIds } from './case-modules';
import { addedSpecs, assertSpecRoom, assertSpecs, specLinkOps, specRefsOf, specsByIds } from './spec-links';
import { caseModuleExistsOp, caseModuleKeyOf, listCaseModules } from './store/case-modules';
import {
  caseSeqOp,
  createCaseOps,
  deleteCaseOps,
  EMPTY_BODY,
  getTestcase,
  getTestcaseBodies,
  getTestcaseBody,
  getTestcases,
  linkEndKeys,
  listCaseIssueLinks,
  listIssueCaseLinks,
  listTestcases,
  putBodyOp,
  readCaseSeq,
  saveCaseOp,
  specCaseKeyOf,
  type TestcaseBody,
  type TestcaseRecord,
  testcaseKeyOf,
} from './store/testcases';
import { assertCaseTags, listCaseTagRecords } from './tags';
import { caseDetailView, caseRows, rowContext } from './views';

export const caseNotFound = (caseId: string) => notFound(`Case ${caseId} does not exist`);
const staleCase = (c: Pick<TestcaseRecord, 'caseNumber'>) => staleVersion(`Case TC-${c.caseNumber}`);
/** Normal (shared/src/domain/priorities.ts). */
const DEFAULT_PRIORITY = 3;

/** The case, or 404; another enterprise's ids are never found (keys start with the caller's). */
export async function requireCase(enterpriseId: string, caseId: string): Promise<TestcaseRecord> {
  const record = await getTestcase(enterpriseId, caseId);
  if (!record) throw caseNotFound(caseId);
  return record;
}

/** The cases the ids name, in the order given (duplicates once); 404 naming the first unknown. */
export async function requireCases(enterpriseId: string, ids: readonly string[]): Promise<TestcaseRecord[]> {
  const unique = [...new Set(ids)];
  const byId = new Map((await getTestcases(enterpriseId, unique)).map((c) => [c.caseId, c]));
  return unique.map((id) => {
    const found = byId.get(id);
    if (!found) throw caseNotFound(id);
    return found;
  });
}

// ---- validation shared by every write ---------------------------------------------------------

/** 400 unless the module is one of the project's. */
export async function assertModuleOf(enterpriseId: string, projectId: string, moduleId: string | null) {
  if (moduleId === null) return;
  const at = caseModuleKeyOf(enterpriseId, moduleId);
  const modules = at?.projectId === projectId ? await listCaseModules(enterpriseId, projectId) : [];
  if (!modules.some((m) => m.moduleId === moduleId)) {
    throw badRequest('moduleId', `Module ${moduleId} does not exist in this project`);
  }
}

/** Checks tags and specs a write names, and that the specs have room for the cases it adds. */
async function assertReferences(
  enterpriseId: string,
  changes: readonly { before: TestcaseRecord | null; after: TestcaseRecord }[],
): Promise<void> {
  const tagIds = changes.flatMap((c) => c.after.tagIds);
  const specIds = [...new Set(changes.flatMap((c) => c.after.specIds))];
  const [, specs] = await Promise.all([
    assertCaseTags(enterpriseId, 'tagIds', tagIds),
    assertSpecs(enterpriseId, specIds, 'specIds'),
  ]);
  const adding = new Map<string, number>();
  for (const c of changes)
    for (const id of addedSpecs(c.before, c.after)) adding.set(id, (adding.get(id) ?? 0) + 1);
  await assertSpecRoom(enterpriseId, specs, adding);
}

/** The module checks of a write: a case filed into a module must not outlive a delete of it. */
function moduleChecks(enterpriseId: string, records: readonly TestcaseRecord[]): TxOp[] {
  const ids = [...new Set(records.flatMap((r) => (r.moduleId === null ? [] : [r.moduleId])))];
  return ids.map((id) => ({ ...caseModuleExistsOp(enterpriseId, id), label: `module:${id}` }));
}

/** Maps a write's labelled failures to the caller's errors. */
function failureOf(error: unknown, records: readonly TestcaseRecord[]): Error {
  if (!(error instanceof ConditionFailedError)) return error as Error;
  const { label } = error;
  if (label === 'project') return projectNotFound(records[0]?.projectId ?? '');
  if (label.startsWith('module:')) {
    return badRequest('moduleId', `Module ${label.slice('module:'.length)} does not exist in this project`);
  }
  if (label.startsWith('stale:') || label.startsWith('missing:')) {
    const record = records.find((r) => r.caseId === label.slice(label.indexOf(':') + 1));
    return record ? staleCase(record) : conflict('A case was changed by someone else; reload and try again');
  }
  return error;
}

// ---- creating cases ---------------------------------------------------------------------------

/** A new case before it has a number. */
export interface NewCase {
  record: Omit<TestcaseRecord, 'caseNumber'>;
  body: TestcaseBody;
}

/** A new case's record from the fields a body or a spreadsheet row gives. */
export function newCaseRecord(
  enterpriseId: string,
  projectId: string,
  userId: string,
  fields: Partial<Pick<TestcaseRecord, 'moduleId' | 'type' | 'priority' | 'tagIds' | 'specIds'>> & {
    title: string;
  },
  at: string,
): Omit<TestcaseRecord, 'caseNumber'> {
  return {
    enterpriseId,
    projectId,
    caseId: `${projectId}.${newId()}`,
    title: fields.title,
    moduleId: fields.moduleId ?? null,
    type: fields.type ?? DEFAULT_CASE_TYPE,
    priority: fields.priority ?? DEFAULT_PRIORITY,
    tagIds: [...new Set(fields.tagIds ?? [])],
    specIds: [...new Set(fields.specIds ?? [])],
    changedSpecIds: [],
    needsConfirmation: false,
    linkedIssueCount: 0,
    creatorId: userId,
    ...firstVersion(at),
  };
}

const opsOfNew = (c: NewCase) => 2 + c.record.specIds.length;
/** Room left in a transaction besides the cases: the project check and the number step. */
const TX_ROOM = MAX_TRANSACTION_WRITES - 2;

/** Splits new cases into groups whose writes fit in one transaction each. */
function transactionGroups(
  cases: readonly NewCase[],
  extraPerGroup: (group: NewCase[]) => number,
): NewCase[][] {
  const groups: NewCase[][] = [];
  let current: NewCase[] = [];
  for (const c of cases) {
    const next = [...current, c];
    const size = next.reduce((sum, n) => sum + opsOfNew(n), 0) + extraPerGroup(next);
    if (current.length > 0 && size > TX_ROOM) {
      groups.push(current);
      current = [c];
    } else current = next;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

const MAX_NUMBER_ATTEMPTS = 8;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The tail of each project's queue of case creates in this process. */
const createQueues = new Map<string, Promise<unknown>>();

/**
 * Runs the case creates of one project in this process one after the other. They serialise on
 * `caseSeq` anyway; queueing them keeps a burst from one process from failing each other's
 * conditions round after round (creates in other processes still may, and retry).
 */
async function queued<T>(projectKey: string, work: () => Promise<T>): Promise<T> {
  const run = (createQueues.get(projectKey) ?? Promise.resolve()).then(work);
  const tail = run.catch(() => undefined);
  createQueues.set(projectKey, tail);
  try {
    return await run;
  } finally {
    if (createQueues.get(projectKey) === tail) createQueues.delete(projectKey);
  }
}

/** Writes one group of new cases with the next numbers; again on a fresh number when another create went first. */
async function writeGroup(
  enterpriseId: string,
  projectId: string,
  group: NewCase[],
): Promise<TestcaseRecord[]> {
  for (let attempt = 1; ; attempt += 1) {
    const seen = await readCaseSeq(enterpriseId, projectId);
    const records = group.map((c, i) => ({ ...c.record, caseNumber: seen + i + 1 }) as TestcaseRecord);
    const ops: TxOp[] = [
      { check: keys.project(enterpriseId, projectId), condition: conditions.exists, label: 'project' },
      caseSeqOp(enterpriseId, projectId, seen, seen + group.length),
      ...moduleChecks(enterpriseId, records),
      ...records.flatMap((r, i) => [
        ...createCaseOps(r, group[i]!.body),
        ...specLinkOps(enterpriseId, null, r),
      ]),
    ];
    try {
      await transact(ops);
      return records;
    } catch (error) {
      const raced = error instanceof ConditionFailedError && error.label === 'caseSeq';
      if (!raced) throw failureOf(error, records);
      if (attempt >= MAX_NUMBER_ATTEMPTS)
        throw conflict('Cases were being created by someone else; try again');
      await pause(Math.random() * Math.min(200, 10 * 2 ** attempt));
    }
  }
}

/**
 * Writes new cases of one project (checked already), numbered in order, in as few transactions
 * as their writes need (one for a single case; uploads and copies may take several).
 */
export async function writeNewCases(
  enterpriseId: string,
  projectId: string,
  cases: readonly NewCase[],
): Promise<TestcaseRecord[]> {
  const groups = transactionGroups(cases, (group) => new Set(group.map((c) => c.record.moduleId)).size);
  const written: TestcaseRecord[] = [];
  await queued(`${enterpriseId}/${projectId}`, async () => {
    for (const group of groups) written.push(...(await writeGroup(enterpriseId, projectId, group)));
  });
  return written;
}

function bodyFrom(fields: Pick<CaseCreateBody, 'precondition' | 'steps' | 'remark'>): TestcaseBody {
  return {
    precondition: fields.precondition ?? '',
    steps: (fields.steps ?? []).map((s) => ({ step: s.step, expected: s.expected ?? '' })),
    remark: fields.remark ?? '',
  };
}

export async function createCase(
  enterpriseId: string,
  userId: string,
  body: CaseCreateBody,
): Promise<CaseDetail> {
  const { projectId } = await requireProject(enterpriseId, body.pmsProjectId);
  const record = newCaseRecord(enterpriseId, projectId, userId, body, nowIso());
  await assertModuleOf(enterpriseId, projectId, record.moduleId);
  await assertReferences(enterpriseId, [{ before: null, after: record as TestcaseRecord }]);
  const [created] = await writeNewCases(enterpriseId, projectId, [{ record, body: bodyFrom(body) }]);
  return detailOf(enterpriseId, created!, bodyFrom(body));
}

// ---- reading ----------------------------------------------------------------------------------

async function detailOf(
  enterpriseId: string,
  record: TestcaseRecord,
  body: TestcaseBody,
): Promise<CaseDetail> {
  const [context, specs, linkedIssues] = await Promise.all([
    rowContext(enterpriseId, [record]),
    specRefsOf(enterpriseId, record),
    linkedIssuesOf(enterpriseId, record),
  ]);
  return caseDetailView(record, body, context, specs, linkedIssues);
}

/** The work items linked to a case, by number (links whose item went meanwhile are left out). */
async function linkedIssuesOf(enterpriseId: string, record: TestcaseRecord) {
  if (record.linkedIssueCount === 0) return [];
  const links = await listCaseIssueLinks(enterpriseId, record.caseId);
  const issues = await getIssues(
    enterpriseId,
    record.projectId,
    links.map((l) => l.issueId),
  );
  return issues.sort((a, b) => a.issueNumber - b.issueNumber).map(issueRefView);
}

export async function getCaseDetail(enterpriseId: string, caseId: string): Promise<CaseDetail> {
  const [record, body] = await Promise.all([
    requireCase(enterpriseId, caseId),
    getTestcaseBody(enterpriseId, caseId),
  ]);
  return detailOf(enterpriseId, record, body ?? EMPTY_BODY);
}

/** `TC-12` or `12`: the case number a keyword names, or null. */
function caseNumberOf(keyword: string): number | null {
  const match = /^(?:tc-?)?(\d{1,9})$/i.exec(keyword.trim());
  return match ? Number(match[1]) : null;
}

function matchesKeyword(record: TestcaseRecord, keyword: string): boolean {
  if (record.caseNumber === caseNumberOf(keyword)) return true;
  const title = record.title.toLowerCase();
  return keyword
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => title.includes(word));
}

/** The filter of a list query, with what it needs read beforehand (module subtree, linked cases). */
async function listFilter(
  enterpriseId: string,
  query: CaseListQuery,
): Promise<(record: TestcaseRecord) => boolean> {
  const projectId = query.pmsProjectId;
  const [modules, linked] = await Promise.all([
    query.moduleId && query.moduleId !== 'none' ? listCaseModules(enterpriseId, projectId) : [],
    query.issueId ? listIssueCaseLinks(enterpriseId, projectId, query.issueId) : [],
  ]);
  const inModules =
    query.moduleId && query.moduleId !== 'none' ? moduleAndDescendantIds(modules, query.moduleId) : null;
  const linkedIds = new Set(linked.map((l) => l.caseId));
  return (c) =>
    (query.moduleId !== 'none' || c.moduleId === null) &&
    (inModules === null || (c.moduleId !== null && inModules.has(c.moduleId))) &&
    (query.type === undefined || c.type === query.type) &&
    (query.tagId === undefined || c.tagIds.includes(query.tagId)) &&
    (query.priority === undefined || c.priority === query.priority) &&
    (query.needsConfirmation === undefined || c.needsConfirmation === query.needsConfirmation) &&
    (query.specId === undefined || c.specIds.includes(query.specId)) &&
    (query.issueId === undefined || linkedIds.has(c.caseId)) &&
    (!query.keyword || matchesKeyword(c, query.keyword));
}

/** A page of the project's cases matching the query, the newest number first. */
export async function listCases(enterpriseId: string, query: CaseListQuery): Promise<Page<CaseRow>> {
  await requireProject(enterpriseId, query.pmsProjectId);
  const [all, filter] = await Promise.all([
    listTestcases(enterpriseId, query.pmsProjectId),
    listFilter(enterpriseId, query),
  ]);
  const found = all.filter(filter).sort((a, b) => b.caseNumber - a.caseNumber);
  return pageOf(found, query, (rows) => caseRows(enterpriseId, rows));
}

// ---- editing ----------------------------------------------------------------------------------

/** A case as saved: the changes applied, unflagged (saving confirms), the version stepped. */
export function savedCase(
  record: TestcaseRecord,
  changes: Partial<TestcaseRecord>,
  at: string,
): TestcaseRecord {
  return {
    ...record,
    ...changes,
    changedSpecIds: [],
    needsConfirmation: false,
    updatedAt: at,
    version: record.version + 1,
  };
}

const sameList = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

export const sameBody = (a: TestcaseBody, b: TestcaseBody) =>
  a.precondition === b.precondition &&
  a.remark === b.remark &&
  a.steps.length === b.steps.length &&
  a.steps.every((s, i) => s.step === b.steps[i]!.step && s.expected === b.steps[i]!.expected);

/** Whether the saved fields of `changes` differ from the case's. */
export function differs(record: TestcaseRecord, changes: Partial<TestcaseRecord>): boolean {
  return Object.entries(changes).some(([field, value]) => {
    const current = record[field as keyof TestcaseRecord];
    return Array.isArray(value) ? !sameList(value, current as unknown[]) : value !== current;
  });
}

/** A case saved with its body (when that changed), as a write of a save transaction. */
export interface CaseSave {
  before: TestcaseRecord;
  after: TestcaseRecord;
  body: TestcaseBody | null;
}

/**
 * The writes that save cases: each case, its body when it changed and its spec ends, plus one
 * check of each module cases move into (a transaction may touch an item only once).
 */
export function saveOps(enterpriseId: string, saves: readonly CaseSave[]): TxOp[] {
  const moved = saves.filter((s) => s.after.moduleId !== s.before.moduleId).map((s) => s.after);
  return [
    ...saves.flatMap(({ before, after, body }) => [
      saveCaseOp(after, before.version),
      ...(body ? [putBodyOp(after, body)] : []),
      ...specLinkOps(enterpriseId, before, after),
    ]),
    ...moduleChecks(enterpriseId, moved),
  ];
}

/** Writes case saves in one transaction, mapping its failures to API errors. */
export async function commitSaves(enterpriseId: string, saves: readonly CaseSave[]): Promise<void> {
  await transact(saveOps(enterpriseId, saves)).catch((error) => {
    throw failureOf(
      error,
      saves.map((s) => s.before),
    );
  });
}

function changesOf(body: CaseUpdateBody): Partial<TestcaseRecord> {
  const changes: Partial<TestcaseRecord> = {};
  if (body.title !== undefined) changes.title = body.title;
  if (body.moduleId !== undefined) changes.moduleId = body.moduleId;
  if (body.type !== undefined) changes.type = body.type;
  if (body.priority !== undefined) changes.priority = body.priority;
  if (body.tagIds !== undefined) changes.tagIds = [...new Set(body.tagIds)];
  if (body.specIds !== undefined) changes.specIds = [...new Set(body.specIds)];
  return changes;
}

/** Edits any fields at the version read (409 when stale); saving also confirms the case. */
export async function updateCase(
  enterpriseId: string,
  caseId: string,
  body: CaseUpdateBody,
): Promise<CaseDetail> {
  const [record, storedBody] = await Promise.all([
    requireCase(enterpriseId, caseId),
    getTestcaseBody(enterpriseId, caseId),
  ]);
  if (record.version !== body.version) throw staleCase(record);
  const before = storedBody ?? EMPTY_BODY;
  const nextBody: TestcaseBody = {
    precondition: body.precondition ?? before.precondition,
    steps: body.steps ? bodyFrom({ steps: body.steps }).steps : before.steps,
    remark: body.remark ?? before.remark,
  };
  const changes = changesOf(body);
  const bodyChanged = !sameBody(before, nextBody);
  if (!differs(record, changes) && !bodyChanged && !record.needsConfirmation) {
    return detailOf(enterpriseId, record, before);
  }
  const next = savedCase(record, changes, nowIso());
  if (changes.moduleId !== undefined) await assertModuleOf(enterpriseId, record.projectId, next.moduleId);
  await assertReferences(enterpriseId, [{ before: record, after: next }]);
  await commitSaves(enterpriseId, [{ before: record, after: next, body: bodyChanged ? nextBody : null }]);
  return detailOf(enterpriseId, next, nextBody);
}

/** The same change to several cases (≤ 40), all or nothing. */
export async function batchUpdateCases(enterpriseId: string, body: CaseBatchBody): Promise<CaseRow[]> {
  const cases = await requireCases(enterpriseId, body.ids);
  const at = nowIso();
  const changes = cases.map((record) => {
    const change: Partial<TestcaseRecord> = {};
    if (body.moduleId !== undefined) change.moduleId = body.moduleId;
    if (body.type !== undefined) change.type = body.type;
    if (body.priority !== undefined) change.priority = body.priority;
    if (body.addTagIds?.length) change.tagIds = [...new Set([...record.tagIds, ...body.addTagIds])];
    return { before: record, after: savedCase(record, change, at) };
  });
  if (body.moduleId !== undefined) {
    for (const projectId of new Set(cases.map((c) => c.projectId))) {
      await assertModuleOf(enterpriseId, projectId, body.moduleId);
    }
  }
  const tooMany = changes.find((c) => c.after.tagIds.length > MAX_CASE_TAGS);
  if (tooMany) {
    const problem = `Case TC-${tooMany.after.caseNumber} would have more than ${MAX_CASE_TAGS} tags`;
    throw badRequest('addTagIds', problem);
  }
  if (body.addTagIds?.length) await assertCaseTags(enterpriseId, 'addTagIds', body.addTagIds);
  await commitSaves(
    enterpriseId,
    changes.map((c) => ({ ...c, body: null })),
  );
  return caseRows(
    enterpriseId,
    changes.map((c) => c.after),
  );
}

/** Clears the flag of cases whose covered specs changed (≤ 40), all or nothing. */
export async function confirmCases(enterpriseId: string, ids: readonly string[]): Promise<CaseRow[]> {
  const cases = await requireCases(enterpriseId, ids);
  const at = nowIso();
  const flagged = cases.filter((c) => c.needsConfirmation);
  const confirmed = new Map(flagged.map((c) => [c.caseId, savedCase(c, {}, at)]));
  await transact(flagged.map((c) => saveCaseOp(confirmed.get(c.caseId)!, c.version))).catch((error) => {
    throw failureOf(error, cases);
  });
  return caseRows(
    enterpriseId,
    cases.map((c) => confirmed.get(c.caseId) ?? c),
  );
}

// ---- copying and deleting ---------------------------------------------------------------------

/**
 * Copies cases (same content, spec links included, unflagged, new numbers) into a module of the
 * same or another project of the enterprise. Copies of one transaction's worth are written
 * together; a large copy may take a few transactions.
 */
export async function copyCases(
  enterpriseId: string,
  userId: string,
  body: CaseCopyBody,
): Promise<CaseRow[]> {
  const cases = await requireCases(enterpriseId, body.ids);
  const { projectId } = await requireProject(enterpriseId, body.pmsProjectId ?? cases[0]!.projectId);
  const moduleId = body.moduleId ?? null;
  await assertModuleOf(enterpriseId, projectId, moduleId);
  const [bodies, tags, specs] = await Promise.all([
    getTestcaseBodies(
      enterpriseId,
      cases.map((c) => c.caseId),
    ),
    listCaseTagRecords(enterpriseId),
    specsByIds(
      enterpriseId,
      cases.flatMap((c) => c.specIds),
    ),
  ]);
  // Tags and specs deleted since a case was saved are not copied (its rows no longer show them).
  const tagIds = new Set(tags.map((t) => t.tagId));
  const at = nowIso();
  const copies: NewCase[] = cases
    .sort((a, b) => a.caseNumber - b.caseNumber)
    .map((c) => {
      const fields = {
        ...c,
        moduleId,
        tagIds: c.tagIds.filter((id) => tagIds.has(id)),
        specIds: c.specIds.filter((id) => specs.has(id)),
      };
      return {
        record: newCaseRecord(enterpriseId, projectId, userId, fields, at),
        body: bodies.get(c.caseId) ?? EMPTY_BODY,
      };
    });
  await assertReferences(
    enterpriseId,
    copies.map((c) => ({ before: null, after: c.record as TestcaseRecord })),
  );
  return caseRows(enterpriseId, await writeNewCases(enterpriseId, projectId, copies));
}

/**
 * The writes that delete cases: the cases and bodies (conditioned on the versions read), the spec
 * ends and both ends of their work-item links.
 */
async function deletionOps(enterpriseId: string, cases: readonly TestcaseRecord[]) {
  const links = await Promise.all(
    cases.map((c) => (c.linkedIssueCount > 0 ? listCaseIssueLinks(enterpriseId, c.caseId) : [])),
  );
  const ends: Key[] = [
    ...cases.flatMap((c) => c.specIds.map((specId) => specCaseKeyOf(enterpriseId, specId, c.caseId))),
    ...links.flat().flatMap((link) => linkEndKeys(enterpriseId, link)),
  ];
  return { core: cases.flatMap(deleteCaseOps), ends };
}

/**
 * Deletes cases (≤ 40), all or nothing: the cases and their bodies in one transaction, with their
 * spec ends and work-item links when everything fits in it. When it does not, the ends go right
 * after; readers meanwhile skip ends whose case is gone. Sheets keep their own copies.
 */
export async function deleteCases(enterpriseId: string, ids: readonly string[]): Promise<void> {
  const cases = await requireCases(enterpriseId, ids);
  const { core, ends } = await deletionOps(enterpriseId, cases);
  const together = core.length + ends.length <= MAX_TRANSACTION_WRITES;
  const endOps: TxOp[] = ends.map((key) => ({ delete: key }));
  await transact(together ? [...core, ...endOps] : core).catch((error) => {
    throw failureOf(error, cases);
  });
  if (!together) await batchDelete(ends);
}

/** The project a case id belongs to, without reading it (404 when it is not a case id). */
export function projectOfCaseId(enterpriseId: string, caseId: string): string {
  const at = testcaseKeyOf(enterpriseId, caseId);
  if (!at) throw caseNotFound(caseId);
  return at.projectId;
}
