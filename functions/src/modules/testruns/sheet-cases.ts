/**
 * The cases of a test sheet: add library cases, list them with their latest results, record a
 * result (one at a time or in a batch), read one with its steps, runs and linked work items, and
 * take cases out of the sheet.
 *
 * Every recorded result is a run: the sheet case's new latest result and its SHEETRUN# item are
 * one transaction, together with the sheet's start when it had not started.
 */

import { nowIso } from '@core/clock';
import type { TxOp } from '@core/db/operations';
import {
  batchDelete,
  ConditionFailedError,
  MAX_TRANSACTION_WRITES,
  onConditionFailed,
  transact,
} from '@core/db/operations';
import { badRequest, conflict, notFound, staleVersion } from '@core/errors';
import { userSummaries } from '@core/identity/people';
import { newId } from '@core/ids';
import { pageOf } from '@core/paging';
import { caseCode, MAX_SHEET_CASES, TEST_RESULT } from '@shared/domain/testing';
import type { Page } from '@shared/schemas/common';
import type {
  SheetCaseBatchBody,
  SheetCaseDetail,
  SheetCaseListQuery,
  SheetCaseResultBody,
  SheetCaseRow,
  SheetCasesAddBody,
} from '@shared/schemas/testruns';
import { getIssues, type IssueRecord } from '../issues';
import {
  caseLocalId,
  getTestcase,
  getTestcaseBody,
  getTestcases,
  listCaseModules,
  listTestcases,
  moduleAndDescendantIds,
  modulePaths,
  type TestcaseRecord,
  testcaseKeyOf,
} from '../testcases';
import { assertMember, requireSheet, sheetNotFound } from './sheets';
import {
  addSheetCaseOp,
  deleteSheetCaseOp,
  getSheetCase,
  getSheetCases,
  issueDeletionOps,
  keysBelow,
  listIssueSheetCaseLinks,
  listRuns,
  listSheetCases,
  notRun,
  putRunOp,
  replaceSheetCaseOp,
  type SheetCaseRecord,
  type SheetRunRecord,
  sheetCaseIdOf,
  sheetCaseKeyOf,
} from './store/sheet-cases';
import { getSheet, type SheetRecord, sheetExistsOp, sheetLocalId, startSheetOp } from './store/sheets';
import { caseFieldsOf, linkedIssueView, runView, sheetCaseRowView } from './views';

export const sheetCaseNotFound = (id: string) => notFound(`Sheet case ${id} does not exist`);
const caseNotFound = (id: string) => notFound(`Test case ${id} does not exist`);
const staleSheetCase = (record: SheetCaseRecord) =>
  staleVersion(`Sheet case ${caseCode(record.caseNumber)} ${record.title}`);

/** A transaction's writes (room left for its audit entry); cases are added in transactions of this many. */
const TRANSACTION_ITEMS = MAX_TRANSACTION_WRITES;

export interface LoadedSheetCase {
  record: SheetCaseRecord;
  sheet: SheetRecord;
}

/**
 * The sheet case and its sheet, or 404. A sheet case whose sheet is gone (left over by an
 * interrupted sheet delete) is not found either.
 */
export async function requireSheetCase(enterpriseId: string, sheetCaseId: string): Promise<LoadedSheetCase> {
  const located = sheetCaseKeyOf(enterpriseId, sheetCaseId);
  if (!located) throw sheetCaseNotFound(sheetCaseId);
  const [record, sheet] = await Promise.all([
    getSheetCase(enterpriseId, sheetCaseId),
    getSheet(enterpriseId, located.sheetId),
  ]);
  if (!record || !sheet) throw sheetCaseNotFound(sheetCaseId);
  return { record, sheet };
}

/** Rows as shown: live case fields (when `live` is not given, read by batch), module paths, people. */
export async function sheetCaseRows(
  enterpriseId: string,
  projectId: string,
  records: readonly SheetCaseRecord[],
  live?: ReadonlyMap<string, TestcaseRecord>,
): Promise<SheetCaseRow[]> {
  const [cases, modules, users] = await Promise.all([
    live ??
      getTestcases(
        enterpriseId,
        records.map((r) => r.caseId),
      ).then((l) => new Map(l.map((c) => [c.caseId, c]))),
    listCaseModules(enterpriseId, projectId),
    userSummaries(records.flatMap((r) => [r.executorId, r.assigneeId])),
  ]);
  const paths = modulePaths(modules);
  return records.map((r) => sheetCaseRowView(r, cases.get(r.caseId), paths, users));
}

// ---- the list -----------------------------------------------------------------------------------

/** `TC-12` or `12`: that case; otherwise every word must occur in the title, ignoring case. */
function keywordMatcher(
  keyword: string | undefined,
): (fields: { caseNumber: number; title: string }) => boolean {
  const text = keyword?.trim() ?? '';
  if (!text) return () => true;
  const number = /^(?:tc-)?(\d+)$/i.exec(text);
  if (number) return (f) => f.caseNumber === Number(number[1]);
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  return (f) => words.every((w) => f.title.toLowerCase().includes(w));
}

/**
 * A page of a sheet's cases by case number, filtered by result, module (with its sub-modules),
 * assignee and keyword.
 */
export async function listSheetCasePage(
  enterpriseId: string,
  query: SheetCaseListQuery,
): Promise<Page<SheetCaseRow>> {
  const sheet = await requireSheet(enterpriseId, query.projectTestsheetId);
  const [records, library, modules] = await Promise.all([
    listSheetCases(enterpriseId, sheet.sheetId),
    listTestcases(enterpriseId, sheet.projectId),
    listCaseModules(enterpriseId, sheet.projectId),
  ]);
  const live = new Map(library.map((c) => [c.caseId, c]));
  const inModule =
    query.moduleId === undefined || query.moduleId === 'none'
      ? null
      : moduleAndDescendantIds(modules, query.moduleId);
  const matches = keywordMatcher(query.keyword);
  const found = records
    .map((record) => ({ record, fields: caseFieldsOf(record, live.get(record.caseId)) }))
    .filter(({ record, fields }) => {
      if (query.result !== undefined && record.result !== query.result) return false;
      if (query.moduleId === 'none' && fields.moduleId !== null) return false;
      if (inModule && !(fields.moduleId && inModule.has(fields.moduleId))) return false;
      if (query.assigneeId !== undefined && record.assigneeId !== query.assigneeId) return false;
      return matches(fields);
    })
    .sort(
      (a, b) => a.fields.caseNumber - b.fields.caseNumber || a.record.caseId.localeCompare(b.record.caseId),
    );
  return pageOf(found, query, (rows) =>
    sheetCaseRows(
      enterpriseId,
      sheet.projectId,
      rows.map((f) => f.record),
      live,
    ),
  );
}

// ---- adding cases -------------------------------------------------------------------------------

/** The cases the ids name, in the order given; 404 naming the first that is not a case of the project. */
async function casesOfProject(enterpriseId: string, projectId: string, caseIds: readonly string[]) {
  const foreign = caseIds.find((id) => testcaseKeyOf(enterpriseId, id)?.projectId !== projectId);
  if (foreign !== undefined) throw caseNotFound(foreign);
  const found = new Map((await getTestcases(enterpriseId, caseIds)).map((c) => [c.caseId, c]));
  return caseIds.map((id) => {
    const testcase = found.get(id);
    if (!testcase) throw caseNotFound(id);
    return testcase;
  });
}

function newSheetCase(
  sheet: SheetRecord,
  testcase: TestcaseRecord,
  userId: string,
  at: string,
): SheetCaseRecord {
  return {
    enterpriseId: sheet.enterpriseId,
    projectId: sheet.projectId,
    sheetId: sheet.sheetId,
    sheetCaseId: sheetCaseIdOf(sheet.projectId, sheetLocalId(sheet.sheetId), caseLocalId(testcase.caseId)),
    caseId: testcase.caseId,
    caseNumber: testcase.caseNumber,
    title: testcase.title,
    moduleId: testcase.moduleId,
    type: testcase.type,
    priority: testcase.priority,
    ...notRun(),
    addedBy: userId,
    addedAt: at,
    version: 1,
  };
}

/**
 * Adds library cases of the sheet's project (404 naming an unknown or foreign one, nothing
 * added); cases already in the sheet are skipped, and the sheet holds at most MAX_SHEET_CASES
 * (409; counted on the cases read first, so two adds at the same moment may pass it together by
 * a little). Up to 500 cases do not fit one transaction, so they are written in transactions of
 * up to 98 conditional puts (plus a check that the sheet still exists): each case is added on
 * its own terms, not all or nothing. When a transaction fails because someone added one of its
 * cases meanwhile, the earlier transactions stay and the call answers 409; a retry skips what is
 * there and adds the rest.
 */
export async function addSheetCases(
  enterpriseId: string,
  userId: string,
  body: SheetCasesAddBody,
): Promise<{ added: number; skipped: number }> {
  const sheet = await requireSheet(enterpriseId, body.projectTestsheetId);
  const caseIds = [...new Set(body.caseIds)];
  const [cases, present] = await Promise.all([
    casesOfProject(enterpriseId, sheet.projectId, caseIds),
    listSheetCases(enterpriseId, sheet.sheetId),
  ]);
  const there = new Set(present.map((r) => r.caseId));
  const fresh = cases.filter((c) => !there.has(c.caseId));
  if (present.length + fresh.length > MAX_SHEET_CASES) {
    throw conflict(
      `Test sheet ${sheet.name} may hold at most ${MAX_SHEET_CASES} cases; it has ${present.length} and ${fresh.length} more were asked for`,
    );
  }
  const at = nowIso();
  const records = fresh.map((c) => newSheetCase(sheet, c, userId, at));
  let added = 0;
  for (let i = 0; i < records.length; i += TRANSACTION_ITEMS - 1) {
    const part = records.slice(i, i + TRANSACTION_ITEMS - 1);
    await onConditionFailed(transact([sheetExistsOp(sheet), ...part.map(addSheetCaseOp)]), {
      sheet: () => sheetNotFound(sheet.sheetId),
      present: () =>
        conflict(`Cases were added to test sheet ${sheet.name} at the same time; try again to add the rest`, {
          added,
        }),
    });
    added += part.length;
  }
  return { added, skipped: caseIds.length - added };
}

// ---- recording results --------------------------------------------------------------------------

/**
 * Writes `ops` about the sheet's cases with the sheet's start when `starts` and it has not
 * started (or a check that it still exists). When the sheet started meanwhile, reads it again
 * and writes without the start.
 */
async function commitWithSheet(
  enterpriseId: string,
  sheetId: string,
  starts: boolean,
  ops: readonly TxOp[],
  labels: Record<string, () => Error>,
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const sheet = await getSheet(enterpriseId, sheetId);
    if (!sheet) throw sheetNotFound(sheetId);
    const sheetOp = starts && sheet.status === 0 ? startSheetOp(sheet, nowIso()) : sheetExistsOp(sheet);
    try {
      await onConditionFailed(transact([...ops, sheetOp]), {
        ...labels,
        sheet: () => sheetNotFound(sheetId),
      });
      return;
    } catch (error) {
      if (!(error instanceof ConditionFailedError && error.label === 'sheetStarted') || attempt >= 3)
        throw error;
    }
  }
}

/** The sheet case after a run: its new latest result and who recorded it when. */
function withRun(record: SheetCaseRecord, run: SheetRunRecord): SheetCaseRecord {
  return {
    ...record,
    result: run.result,
    executorId: run.executorId,
    executedAt: run.executedAt,
    note: run.note,
    runCount: record.runCount + 1,
    version: record.version + 1,
  };
}

function newRun(
  record: SheetCaseRecord,
  userId: string,
  result: number,
  note: string | undefined,
  at: string,
): SheetRunRecord {
  return {
    runId: newId(),
    sheetCaseId: record.sheetCaseId,
    number: record.runCount + 1,
    result,
    note: note ?? '',
    executorId: userId,
    executedAt: at,
  };
}

/**
 * Records a result at the version read (409 when stale): the run, the sheet case's latest
 * result, and the sheet's start (a result other than "not executed" starts a sheet that has not
 * started) in one transaction. Recording into a completed sheet leaves it completed.
 */
export async function recordResult(
  enterpriseId: string,
  userId: string,
  sheetCaseId: string,
  body: SheetCaseResultBody,
): Promise<SheetCaseRow> {
  const { record } = await requireSheetCase(enterpriseId, sheetCaseId);
  if (record.version !== body.version) throw staleSheetCase(record);
  await assertMember(enterpriseId, record.projectId, body.assigneeId, 'assigneeId');
  const run = newRun(record, userId, body.result, body.note, nowIso());
  const next = withRun(record, run);
  if (body.assigneeId !== undefined) next.assigneeId = body.assigneeId;
  await commitWithSheet(
    enterpriseId,
    record.sheetId,
    run.result !== TEST_RESULT.notExecuted,
    [replaceSheetCaseOp(next, record.version), putRunOp(next, run)],
    { 'stale:sheetCase': () => staleSheetCase(record) },
  );
  const [row] = await sheetCaseRows(enterpriseId, record.projectId, [next]);
  return row!;
}

/** The sheet cases the ids name, in order; 404 naming the first unknown, 400 unless all in one sheet. */
async function casesOfOneSheet(enterpriseId: string, ids: readonly string[]): Promise<SheetCaseRecord[]> {
  const found = new Map((await getSheetCases(enterpriseId, ids)).map((r) => [r.sheetCaseId, r]));
  const records = ids.map((id) => {
    const record = found.get(id);
    if (!record) throw sheetCaseNotFound(id);
    return record;
  });
  if (new Set(records.map((r) => r.sheetId)).size > 1) {
    throw badRequest('idList', 'The sheet cases must all belong to one test sheet');
  }
  return records;
}

/**
 * Sets one result (a run each) and/or assignee on up to MAX_BATCH_SHEET_CASES sheet cases of one
 * sheet, in one transaction: all or nothing. The caller sends no versions, so the sheet cases
 * are read again and the batch retried when one changed meanwhile.
 */
export async function batchUpdateSheetCases(
  enterpriseId: string,
  userId: string,
  body: SheetCaseBatchBody,
): Promise<SheetCaseRow[]> {
  const ids = [...new Set(body.idList)];
  for (let attempt = 1; ; attempt += 1) {
    const records = await casesOfOneSheet(enterpriseId, ids);
    const { projectId, sheetId } = records[0]!;
    await assertMember(enterpriseId, projectId, body.assigneeId, 'assigneeId');
    const at = nowIso();
    const nexts = records.map((record) => {
      const run = body.result === undefined ? null : newRun(record, userId, body.result, body.note, at);
      const next = run ? withRun(record, run) : { ...record, version: record.version + 1 };
      if (body.assigneeId !== undefined) next.assigneeId = body.assigneeId;
      return { record, next, run };
    });
    const ops = nexts.flatMap(({ record, next, run }) => [
      replaceSheetCaseOp(next, record.version),
      ...(run ? [putRunOp(next, run)] : []),
    ]);
    const starts = body.result !== undefined && body.result !== TEST_RESULT.notExecuted;
    try {
      await commitWithSheet(enterpriseId, sheetId, starts, ops, {});
    } catch (error) {
      if (error instanceof ConditionFailedError && error.label === 'stale:sheetCase' && attempt < 3) continue;
      if (error instanceof ConditionFailedError && error.label === 'stale:sheetCase') {
        throw conflict('Some of these sheet cases were changed by someone else; reload and try again');
      }
      throw error;
    }
    return sheetCaseRows(
      enterpriseId,
      projectId,
      nexts.map((n) => n.next),
    );
  }
}

// ---- one sheet case -----------------------------------------------------------------------------

/** The sheet case with its case's steps (none once the case is deleted), every run, the linked items. */
export async function sheetCaseDetail(enterpriseId: string, sheetCaseId: string): Promise<SheetCaseDetail> {
  const { record } = await requireSheetCase(enterpriseId, sheetCaseId);
  const [live, caseBody, runs, issues] = await Promise.all([
    getTestcase(enterpriseId, record.caseId),
    getTestcaseBody(enterpriseId, record.caseId),
    listRuns(record),
    getIssues(enterpriseId, record.projectId, record.linkIssueIds),
  ]);
  // Runs of an earlier stint of the case in this sheet (left by an interrupted clean-up) are not its own.
  const own = runs
    .filter((run) => run.executedAt >= record.addedAt)
    .sort((a, b) => b.number - a.number || b.runId.localeCompare(a.runId));
  const users = await userSummaries([...own.map((r) => r.executorId), ...issues.map((i) => i.assigneeId)]);
  const [row] = await sheetCaseRows(
    enterpriseId,
    record.projectId,
    [record],
    new Map(live ? [[live.caseId, live]] : []),
  );
  const byId = new Map(issues.map((i) => [i.issueId, i]));
  return {
    ...row!,
    precondition: live ? (caseBody?.precondition ?? '') : '',
    steps: live ? (caseBody?.steps ?? []).map((s) => ({ step: s.step, expected: s.expected })) : [],
    runs: own.map((run) => runView(run, users)),
    linkedIssues: record.linkIssueIds.flatMap((id) => {
      const issue = byId.get(id);
      return issue ? [linkedIssueView(issue, users)] : [];
    }),
  };
}

// ---- taking cases out ---------------------------------------------------------------------------

/** Sheet cases one DELETE removes (one transaction). */
export const MAX_REMOVE_SHEET_CASES = 100;

/**
 * Takes sheet cases out of their sheets, all or nothing (404 naming the first unknown): the
 * sheet-case items go in one transaction, then their runs and links in batches (a case may have
 * any number of runs; nothing reads them without the sheet case).
 */
export async function removeSheetCases(enterpriseId: string, ids: readonly string[]): Promise<void> {
  const unique = [...new Set(ids)];
  const found = new Map((await getSheetCases(enterpriseId, unique)).map((r) => [r.sheetCaseId, r]));
  const records = unique.map((id) => {
    const record = found.get(id);
    if (!record) throw sheetCaseNotFound(id);
    return record;
  });
  await onConditionFailed(transact(records.map(deleteSheetCaseOp)), {
    'stale:sheetCase': () =>
      conflict('A sheet case was changed by someone else meanwhile; reload and try again'),
  });
  const below = await Promise.all(
    records.map((r) => keysBelow(enterpriseId, r.projectId, sheetLocalId(r.sheetId), caseLocalId(r.caseId))),
  );
  await batchDelete(below.flat());
}

// ---- a work item's delete -----------------------------------------------------------------------

/**
 * Sheet cases a work item may be linked to and still be deleted in one transaction: 3 writes
 * each, leaving room for the item's own writes, its links to other items and to library cases.
 */
export const MAX_SHEET_LINKS_ON_DELETE = 10;

/**
 * The writes that take a work item being deleted out of the sheet cases it is linked to, for its
 * delete transaction (modules/issues/work-items.ts deleteIssue). 409 when it is linked to more
 * sheet cases than fit that transaction: unlink some first.
 */
export async function sheetLinkDeletionOps(enterpriseId: string, issue: IssueRecord): Promise<TxOp[]> {
  const links = await listIssueSheetCaseLinks(enterpriseId, issue.projectId, issue.issueId);
  if (links.length > MAX_SHEET_LINKS_ON_DELETE) {
    throw conflict(
      `Work item #${issue.issueNumber} is linked to ${links.length} sheet cases; unlink some first (at most ${MAX_SHEET_LINKS_ON_DELETE} go with it)`,
      { sheetCaseCount: links.length },
    );
  }
  return issueDeletionOps(enterpriseId, issue.projectId, issue.issueId, links);
}
