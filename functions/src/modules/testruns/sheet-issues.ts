/**
 * Work items linked to sheet cases: list (of a sheet case or of a whole sheet), link, unlink,
 * and filing a bug from a sheet case. A link is two items (SHEETISSUE# and ISSUESHEETCASE#)
 * written with the sheet case's `linkIssueIds` in one transaction; `linkIssueIds` is what the
 * rows show, the link items are how a sheet's or a work item's links are found.
 *
 * Links are set without a client version (the body names the items, not a state): each write
 * conditions on the sheet case's version as read, and reads again when it changed meanwhile.
 */

import { nowIso } from '@core/clock';
import { ConditionFailedError, type TxOp, transact } from '@core/db/operations';
import { badRequest, conflict, notFound } from '@core/errors';
import { userSummaries } from '@core/identity/people';
import { pageOf } from '@core/paging';
import { caseCode, MAX_SHEET_CASE_ISSUES } from '@shared/domain/testing';
import { WORK_ITEM_KIND } from '@shared/domain/work-items';
import type { Page } from '@shared/schemas/common';
import type { IssueCreateBody } from '@shared/schemas/issues';
import type {
  FileBugBody,
  SheetIssueLinkBody,
  SheetIssueListQuery,
  SheetIssueRow,
} from '@shared/schemas/testruns';
import { createIssue, findIssueProjects, getIssues, type IssueRecord } from '../issues';
import {
  getTestcase,
  getTestcaseBody,
  getTestcases,
  linkCountOp,
  putLinkOps,
  type TestcaseBody,
} from '../testcases';
import { requireSheetCase, sheetCaseNotFound } from './sheet-cases';
import { requireSheet } from './sheets';
import {
  getSheetCase,
  linkOps,
  listSheetCases,
  listSheetIssueLinks,
  replaceSheetCaseOp,
  type SheetCaseRecord,
  type SheetIssueLinkRecord,
  sheetCaseKeyOf,
  unlinkOps,
} from './store/sheet-cases';
import { type SheetRecord, sheetExistsOp, sheetLocalId } from './store/sheets';
import { caseFieldsOf, sheetIssueRowView } from './views';

const MAX_WRITE_ATTEMPTS = 3;

// ---- reading ------------------------------------------------------------------------------------

/**
 * The rows of some sheet cases' links, by case number then the order they were linked. A link
 * item whose sheet case no longer lists the item, or whose work item is gone, is not shown.
 */
async function linkRows(
  enterpriseId: string,
  projectId: string,
  records: readonly SheetCaseRecord[],
  links: readonly SheetIssueLinkRecord[],
): Promise<SheetIssueRow[]> {
  const bySheetCase = new Map(records.map((r) => [r.sheetCaseId, r]));
  const current = links.filter((l) => bySheetCase.get(l.sheetCaseId)?.linkIssueIds.includes(l.issueId));
  const [issues, live] = await Promise.all([
    getIssues(enterpriseId, projectId, [...new Set(current.map((l) => l.issueId))]),
    getTestcases(enterpriseId, [...new Set(current.map((l) => bySheetCase.get(l.sheetCaseId)!.caseId))]),
  ]);
  const issueById = new Map(issues.map((i) => [i.issueId, i]));
  const caseById = new Map(live.map((c) => [c.caseId, c]));
  const users = await userSummaries(issues.map((i) => i.assigneeId));
  return current
    .flatMap((link) => {
      const issue = issueById.get(link.issueId);
      const record = bySheetCase.get(link.sheetCaseId)!;
      const fields = caseFieldsOf(record, caseById.get(record.caseId));
      // linkIssueIds keeps the order the items were linked in.
      return issue ? [{ link, issue, fields, position: record.linkIssueIds.indexOf(link.issueId) }] : [];
    })
    .sort((a, b) => a.fields.caseNumber - b.fields.caseNumber || a.position - b.position)
    .map(({ link, issue, fields }) => sheetIssueRowView(link, fields.title, issue, users));
}

/** The links of one sheet case, as rows. */
async function rowsOfSheetCase(enterpriseId: string, record: SheetCaseRecord): Promise<SheetIssueRow[]> {
  const located = sheetCaseKeyOf(enterpriseId, record.sheetCaseId)!;
  const links = await listSheetIssueLinks(
    enterpriseId,
    record.projectId,
    located.sheetLocal,
    located.caseLocal,
  );
  return linkRows(enterpriseId, record.projectId, [record], links);
}

/** A page of the links of a sheet case (`projectTestsheetCasesId`) or of a whole sheet. */
export async function listSheetIssuePage(
  enterpriseId: string,
  query: SheetIssueListQuery,
): Promise<Page<SheetIssueRow>> {
  let rows: SheetIssueRow[];
  if (query.projectTestsheetCasesId) {
    const { record } = await requireSheetCase(enterpriseId, query.projectTestsheetCasesId);
    rows = await rowsOfSheetCase(enterpriseId, record);
  } else {
    const sheet = await requireSheet(enterpriseId, query.projectTestsheetId!);
    const [records, links] = await Promise.all([
      listSheetCases(enterpriseId, sheet.sheetId),
      listSheetIssueLinks(enterpriseId, sheet.projectId, sheetLocalId(sheet.sheetId)),
    ]);
    rows = await linkRows(enterpriseId, sheet.projectId, records, links);
  }
  return pageOf(rows, query);
}

// ---- linking ------------------------------------------------------------------------------------

/** 400 naming the first id that is not a work item of the project (unknown ones included). */
async function assertItemsOfProject(enterpriseId: string, projectId: string, issueIds: readonly string[]) {
  const projects = await findIssueProjects(enterpriseId, issueIds);
  const foreign = issueIds.find((id) => projects.get(id) !== projectId);
  if (foreign !== undefined) {
    throw badRequest('linkIssueIds', `Work item ${foreign} is not a work item of this project`);
  }
}

const tooManyLinks = (record: SheetCaseRecord, count: number) =>
  conflict(
    `Sheet case ${caseCode(record.caseNumber)} may be linked to at most ${MAX_SHEET_CASE_ISSUES} work items; it would have ${count}`,
  );

/** The sheet case with `linkIssueIds` changed, and the writes that save it with its links. */
function linkChange(
  record: SheetCaseRecord,
  sheet: SheetRecord,
  add: readonly string[],
  remove: readonly string[],
  userId: string,
  at: string,
): { next: SheetCaseRecord; ops: TxOp[] } {
  const next: SheetCaseRecord = {
    ...record,
    linkIssueIds: [...record.linkIssueIds.filter((id) => !remove.includes(id)), ...add],
    version: record.version + 1,
  };
  return {
    next,
    ops: [
      replaceSheetCaseOp(next, record.version),
      sheetExistsOp(sheet),
      ...add.flatMap((id) => linkOps(record, id, userId, at)),
      ...remove.flatMap((id) => unlinkOps(record, id)),
    ],
  };
}

/** Runs a link change on a fresh read of the sheet case, again when it changed meanwhile. */
async function changeLinks(
  enterpriseId: string,
  sheetCaseId: string,
  change: (record: SheetCaseRecord) => { add: string[]; remove: string[] },
  userId: string,
): Promise<SheetCaseRecord> {
  for (let attempt = 1; ; attempt += 1) {
    const { record, sheet } = await requireSheetCase(enterpriseId, sheetCaseId);
    const { add, remove } = change(record);
    if (add.length === 0 && remove.length === 0) return record;
    const { next, ops } = linkChange(record, sheet, add, remove, userId, nowIso());
    try {
      await transact(ops);
      return next;
    } catch (error) {
      if (!(error instanceof ConditionFailedError)) throw error;
      if (error.label === 'sheet') throw sheetCaseNotFound(sheetCaseId);
      if (attempt >= MAX_WRITE_ATTEMPTS) {
        throw conflict('The sheet case was changed by someone else meanwhile; reload and try again');
      }
    }
  }
}

/** Links work items of the sheet's project to a sheet case (ones linked already are skipped). */
export async function linkIssues(
  enterpriseId: string,
  userId: string,
  body: SheetIssueLinkBody,
): Promise<SheetIssueRow[]> {
  const { record } = await requireSheetCase(enterpriseId, body.projectTestsheetCasesId);
  const wanted = [...new Set(body.linkIssueIds)];
  await assertItemsOfProject(enterpriseId, record.projectId, wanted);
  const saved = await changeLinks(
    enterpriseId,
    record.sheetCaseId,
    (current) => {
      const add = wanted.filter((id) => !current.linkIssueIds.includes(id));
      const count = current.linkIssueIds.length + add.length;
      if (count > MAX_SHEET_CASE_ISSUES) throw tooManyLinks(current, count);
      return { add, remove: [] };
    },
    userId,
  );
  return rowsOfSheetCase(enterpriseId, saved);
}

/** Unlinks work items from a sheet case (ones not linked are ignored); the work items stay. */
export async function unlinkIssues(
  enterpriseId: string,
  userId: string,
  body: SheetIssueLinkBody,
): Promise<SheetIssueRow[]> {
  const unwanted = new Set(body.linkIssueIds);
  const saved = await changeLinks(
    enterpriseId,
    body.projectTestsheetCasesId,
    (current) => ({ add: [], remove: current.linkIssueIds.filter((id) => unwanted.has(id)) }),
    userId,
  );
  return rowsOfSheetCase(enterpriseId, saved);
}

const linkNotFound = (linkId: string) => notFound(`Link ${linkId} does not exist`);

/** Deletes one link by its id `{sheetCaseId}~{issueId}` (404 when there is no such link). */
export async function deleteLink(enterpriseId: string, userId: string, linkId: string): Promise<void> {
  const [sheetCaseId, issueId, ...rest] = linkId.split('~');
  if (!sheetCaseId || !issueId || rest.length > 0) throw linkNotFound(linkId);
  const { record } = await requireSheetCase(enterpriseId, sheetCaseId).catch(() => {
    throw linkNotFound(linkId);
  });
  if (!record.linkIssueIds.includes(issueId)) throw linkNotFound(linkId);
  await changeLinks(
    enterpriseId,
    sheetCaseId,
    (current) => ({ add: [], remove: current.linkIssueIds.filter((id) => id === issueId) }),
    userId,
  );
}

// ---- filing a bug -------------------------------------------------------------------------------

const MAX_TITLE = 200;
const MAX_DESCRIPTION = 50_000;

function bugTitle(caseNumber: number, title: string): string {
  const prefix = `[${caseCode(caseNumber)}] `;
  const suffix = ' failed';
  const room = MAX_TITLE - prefix.length - suffix.length;
  const shown = title.length > room ? `${title.slice(0, room - 1)}…` : title;
  return `${prefix}${shown}${suffix}`;
}

/**
 * The bug's description: where it was found (a link to the sheet case's page), the case's
 * preconditions, its steps with their expected results as a numbered list, and the latest
 * run's note as the actual result. Markdown, cut to the work item's limit.
 */
export function bugDescription(
  place: { identifier: string; sheet: SheetRecord; sheetCaseId: string },
  fields: { caseNumber: number; title: string },
  body: TestcaseBody,
  note: string,
): string {
  const { identifier, sheet, sheetCaseId } = place;
  const page = `/${identifier}/projects/${sheet.projectId}/test/sheet/${sheet.sheetId}/caseDetail/${sheetCaseId}`;
  const steps = body.steps.map((s, i) => {
    // A nested item: on a line of its own, the expected result would run into the step's text.
    const expected = s.expected ? `\n   - Expected: ${s.expected.replace(/\n/g, '\n     ')}` : '';
    return `${i + 1}. ${s.step.replace(/\n/g, '\n   ')}${expected}`;
  });
  const text = [
    `Found while running ${caseCode(fields.caseNumber)} ${fields.title} in test sheet [${sheet.name}](${page}).`,
    '### Preconditions',
    body.precondition || 'None.',
    '### Steps',
    steps.length > 0 ? steps.join('\n') : 'No steps recorded.',
    '### Actual result',
    note || 'Not described.',
  ].join('\n\n');
  return text.length > MAX_DESCRIPTION ? `${text.slice(0, MAX_DESCRIPTION - 1)}…` : text;
}

/**
 * The writes that link a new work item to a sheet case (createIssue's extraOps), on a fresh read
 * of the sheet case and its sheet each attempt: 404 when either went meanwhile. While the
 * library case exists, the bug is linked to it too (as `linkTestcase` would), so the bug's Test
 * cases tab and the case's work items show where it was found.
 */
function linkNewIssueOps(
  enterpriseId: string,
  sheetCaseId: string,
  liveCaseId: string | null,
  userId: string,
) {
  return async (issue: IssueRecord): Promise<TxOp[]> => {
    const { record, sheet } = await requireSheetCase(enterpriseId, sheetCaseId);
    const count = record.linkIssueIds.length + 1;
    if (count > MAX_SHEET_CASE_ISSUES) throw tooManyLinks(record, count);
    const caseLink = liveCaseId
      ? [
          ...putLinkOps(
            enterpriseId,
            { caseId: liveCaseId, issueId: issue.issueId },
            userId,
            issue.createdAt,
          ),
          linkCountOp(enterpriseId, liveCaseId, 1),
        ]
      : [];
    return [...linkChange(record, sheet, [issue.issueId], [], userId, issue.createdAt).ops, ...caseLink];
  };
}

/**
 * Files a bug (kind 3) in the sheet's project from a sheet case, prefilled from the case and its
 * latest run (fields in the body override), and links it to the sheet case and its library case:
 * the bug and the links are one transaction (createIssue's extraOps), so none exists without the
 * others.
 */
export async function fileBug(
  enterpriseId: string,
  identifier: string,
  userId: string,
  body: FileBugBody,
): Promise<{ link: SheetIssueRow; issueId: string }> {
  const { record, sheet } = await requireSheetCase(enterpriseId, body.projectTestsheetCasesId);
  // Refused before the bug takes a number, so a refusal leaves no gap in the project's numbering
  // (linkNewIssueOps checks again on a fresh read, for a link made meanwhile).
  const count = record.linkIssueIds.length + 1;
  if (count > MAX_SHEET_CASE_ISSUES) throw tooManyLinks(record, count);
  const [live, caseBody] = await Promise.all([
    getTestcase(enterpriseId, record.caseId),
    getTestcaseBody(enterpriseId, record.caseId),
  ]);
  const fields = caseFieldsOf(record, live ?? undefined);
  const place = { identifier, sheet, sheetCaseId: record.sheetCaseId };
  const content = live && caseBody ? caseBody : { precondition: '', steps: [], remark: '' };
  const issueBody: IssueCreateBody = {
    pmsProjectId: sheet.projectId,
    pmIssueType: WORK_ITEM_KIND.bug,
    title: body.title ?? bugTitle(fields.caseNumber, fields.title),
    description: body.description ?? bugDescription(place, fields, content, record.note),
    priority: (body.priority ?? fields.priority) as IssueCreateBody['priority'],
    ...(body.assigneeId === undefined ? {} : { assigneeId: body.assigneeId }),
  };
  const issue = await createIssue(
    enterpriseId,
    userId,
    issueBody,
    linkNewIssueOps(enterpriseId, record.sheetCaseId, live?.caseId ?? null, userId),
  );
  const saved = await getSheetCase(enterpriseId, record.sheetCaseId);
  const rows = saved ? await rowsOfSheetCase(enterpriseId, saved) : [];
  const link = rows.find((row) => row.issue.id === issue.id);
  if (!link) throw sheetCaseNotFound(record.sheetCaseId);
  return { link, issueId: issue.id };
}
