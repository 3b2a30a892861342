/**
 * The cases of test sheets, their runs and the work items linked to them, all in the project's
 * partition:
 *
 * - `SHEETCASE#{sheetLocal}#{caseLocal}`: a case in a sheet with its latest result and a copy of
 *   the case's list fields taken when it was added (shown when the library case is gone), and
 *   `linkIssueIds` (the linked work items, kept with the links in their transactions).
 * - `SHEETRUN#{sheetLocal}#{caseLocal}#{runId}`: every recorded result; run ids sort by time.
 * - `SHEETISSUE#{sheetLocal}#{caseLocal}#{issueId}` and `ISSUESHEETCASE#{issueId}#{sheetLocal}#{caseLocal}`:
 *   a link from both ends (a sheet's or a case's links; a work item's, for its delete).
 *
 * A sheet case's id is `{projectId}.{sheetLocal}-{caseLocal}`: base32 ids never hold `-`.
 */

import { type Key, keys, projectPartition, SK } from '@core/db/keys';
import type { Item, TxOp } from '@core/db/operations';
import { conditions, queryAll, queryPartition } from '@core/db/operations';
import { scopedReads } from '@core/db/project-scoped';
import { readRecord } from '@core/db/records';
import { parseScopedId } from '@core/ids';
import { TEST_RESULT } from '@shared/domain/testing';

export interface SheetCaseRecord {
  enterpriseId: string;
  projectId: string;
  /** The sheet's scoped id. */
  sheetId: string;
  /** `{projectId}.{sheetLocal}-{caseLocal}`. */
  sheetCaseId: string;
  /** The library case's scoped id. */
  caseId: string;
  // The case's list fields when it was added: shown only once the library case is deleted.
  caseNumber: number;
  title: string;
  moduleId: string | null;
  type: number;
  priority: number;
  /** The latest run's result (0 until one is recorded), who recorded it, when, and its note. */
  result: number;
  executorId: string | null;
  executedAt: string | null;
  note: string;
  assigneeId: string | null;
  runCount: number;
  linkIssueIds: string[];
  addedBy: string;
  addedAt: string;
  version: number;
}

export interface SheetRunRecord {
  runId: string;
  sheetCaseId: string;
  /** 1 for the sheet case's first run, then 2...: orders runs recorded in the same millisecond. */
  number: number;
  result: number;
  note: string;
  executorId: string;
  executedAt: string;
}

export interface SheetIssueLinkRecord {
  sheetId: string;
  sheetCaseId: string;
  issueId: string;
  createdBy: string;
  createdAt: string;
}

export interface SheetCaseLocation {
  projectId: string;
  sheetLocal: string;
  caseLocal: string;
  /** The sheet's scoped id. */
  sheetId: string;
  key: Key;
}

const localOf = (scopedId: string) => scopedId.slice(scopedId.lastIndexOf('.') + 1);

export function sheetCaseIdOf(projectId: string, sheetLocal: string, caseLocal: string): string {
  return `${projectId}.${sheetLocal}-${caseLocal}`;
}

/** Where a sheet case id points, or null when it is not one. */
export function sheetCaseKeyOf(enterpriseId: string, sheetCaseId: string): SheetCaseLocation | null {
  const parts = parseScopedId(sheetCaseId);
  if (!parts || parts.parentId.includes('.')) return null;
  const [sheetLocal, caseLocal, ...rest] = parts.localId.split('-');
  if (!sheetLocal || !caseLocal || rest.length > 0) return null;
  return {
    projectId: parts.parentId,
    sheetLocal,
    caseLocal,
    sheetId: `${parts.parentId}.${sheetLocal}`,
    key: keys.sheetCase(enterpriseId, parts.parentId, sheetLocal, caseLocal),
  };
}

function sheetCaseKey(record: Pick<SheetCaseRecord, 'enterpriseId' | 'projectId' | 'sheetId' | 'caseId'>) {
  return keys.sheetCase(
    record.enterpriseId,
    record.projectId,
    localOf(record.sheetId),
    localOf(record.caseId),
  );
}

/**
 * A sheet case before anyone ran it: what a case added to a sheet starts with, and what an item
 * written before a field existed reads as.
 */
export function notRun() {
  return {
    result: TEST_RESULT.notExecuted,
    executorId: null,
    executedAt: null,
    note: '',
    assigneeId: null,
    runCount: 0,
    linkIssueIds: [],
  } satisfies Partial<SheetCaseRecord>;
}

function toItem(record: SheetCaseRecord): Item {
  return { ...sheetCaseKey(record), entity: 'SheetCase', ...record };
}

function fromItem(item: Item): SheetCaseRecord {
  return readRecord(
    item,
    [
      'enterpriseId',
      'projectId',
      'sheetId',
      'sheetCaseId',
      'caseId',
      'caseNumber',
      'title',
      'type',
      'priority',
      'addedBy',
      'addedAt',
      'version',
    ],
    { moduleId: null, ...notRun() },
  );
}

// ---- sheet cases ------------------------------------------------------------------------------

const sheetCaseReads = scopedReads(sheetCaseKeyOf, fromItem);
// Access pattern: one sheet case (ENT#{e}#PRJ#{p} / SHEETCASE#{sheetLocal}#{caseLocal}).
export const getSheetCase = sheetCaseReads.one;
// Access pattern: several sheet cases by id (batch); unknown ids are left out.
export const getSheetCases = sheetCaseReads.many;

// Access pattern: the cases of one sheet (begins_with SHEETCASE#{sheetLocal}#).
export async function listSheetCases(enterpriseId: string, sheetId: string): Promise<SheetCaseRecord[]> {
  const projectId = sheetId.slice(0, sheetId.lastIndexOf('.'));
  const prefix = `${SK.sheetCasePrefix}${localOf(sheetId)}#`;
  return (await queryPartition(projectPartition(enterpriseId, projectId), prefix)).map(fromItem);
}

/** A sheet case's sheet and latest result: all the sheet counts need. */
export interface SheetCaseResult {
  sheetId: string;
  result: number;
}

// Access pattern: the latest result of every sheet case of a project, for every sheet's counts
// in one query (begins_with SHEETCASE#, projected to the sheet and the result).
export async function listProjectSheetCaseResults(
  enterpriseId: string,
  projectId: string,
): Promise<SheetCaseResult[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': projectPartition(enterpriseId, projectId),
      ':prefix': SK.sheetCasePrefix,
    },
    ProjectionExpression: '#sheetId, #result',
    ExpressionAttributeNames: { '#sheetId': 'sheetId', '#result': 'result' },
    ConsistentRead: true,
  });
  return items.map((item) => ({ sheetId: item.sheetId as string, result: (item.result as number) ?? 0 }));
}

/** Adds a case to a sheet unless it is there already (`'present'`). */
export function addSheetCaseOp(record: SheetCaseRecord): TxOp {
  return { put: toItem(record), condition: conditions.notExists, label: 'present' };
}

/** Replaces a sheet case still at `expectedVersion` (`'stale:sheetCase'`). */
export function replaceSheetCaseOp(record: SheetCaseRecord, expectedVersion: number): TxOp {
  return { put: toItem(record), condition: conditions.version(expectedVersion), label: 'stale:sheetCase' };
}

/** Removes a sheet case still at `expectedVersion` (`'stale:sheetCase'`). */
export function deleteSheetCaseOp(record: SheetCaseRecord): TxOp {
  return {
    delete: sheetCaseKey(record),
    condition: conditions.version(record.version),
    label: 'stale:sheetCase',
  };
}

// ---- runs -------------------------------------------------------------------------------------

function runKey(
  record: Pick<SheetCaseRecord, 'enterpriseId' | 'projectId' | 'sheetId' | 'caseId'>,
  runId: string,
) {
  return keys.sheetRun(
    record.enterpriseId,
    record.projectId,
    localOf(record.sheetId),
    localOf(record.caseId),
    runId,
  );
}

/** The new run of a sheet case (its id is new, so a plain put). */
export function putRunOp(record: SheetCaseRecord, run: SheetRunRecord): TxOp {
  return { put: { ...runKey(record, run.runId), entity: 'SheetRun', ...run } };
}

// Access pattern: a sheet case's runs, oldest first (begins_with SHEETRUN#{sheetLocal}#{caseLocal}#).
export async function listRuns(record: SheetCaseRecord): Promise<SheetRunRecord[]> {
  const prefix = `${SK.sheetRunPrefix}${localOf(record.sheetId)}#${localOf(record.caseId)}#`;
  const items = await queryPartition(projectPartition(record.enterpriseId, record.projectId), prefix);
  return items.map((item) => ({
    runId: item.runId,
    sheetCaseId: item.sheetCaseId,
    number: item.number ?? 0,
    result: item.result,
    note: item.note ?? '',
    executorId: item.executorId,
    executedAt: item.executedAt,
  }));
}

// ---- links to work items ----------------------------------------------------------------------

function linkKeys(
  record: Pick<SheetCaseRecord, 'enterpriseId' | 'projectId' | 'sheetId' | 'caseId'>,
  issueId: string,
) {
  const { enterpriseId, projectId } = record;
  const sheetLocal = localOf(record.sheetId);
  const caseLocal = localOf(record.caseId);
  return {
    fromCase: keys.sheetIssue(enterpriseId, projectId, sheetLocal, caseLocal, issueId),
    fromIssue: keys.issueSheetCase(enterpriseId, projectId, issueId, sheetLocal, caseLocal),
  };
}

/** Both ends of a link between a sheet case and a work item. */
export function linkOps(record: SheetCaseRecord, issueId: string, userId: string, at: string): TxOp[] {
  const { fromCase, fromIssue } = linkKeys(record, issueId);
  const link: SheetIssueLinkRecord = {
    sheetId: record.sheetId,
    sheetCaseId: record.sheetCaseId,
    issueId,
    createdBy: userId,
    createdAt: at,
  };
  return [
    { put: { ...fromCase, entity: 'SheetIssue', ...link } },
    { put: { ...fromIssue, entity: 'IssueSheetCase', ...link } },
  ];
}

/** Removes both ends of a link (no condition: a link that is gone already is simply not there). */
export function unlinkOps(
  record: Pick<SheetCaseRecord, 'enterpriseId' | 'projectId' | 'sheetId' | 'caseId'>,
  issueId: string,
): TxOp[] {
  const { fromCase, fromIssue } = linkKeys(record, issueId);
  return [{ delete: fromCase }, { delete: fromIssue }];
}

function linkFromItem(item: Item): SheetIssueLinkRecord {
  return readRecord(item, ['sheetId', 'sheetCaseId', 'issueId', 'createdBy', 'createdAt'], {});
}

// Access pattern: the links of one sheet case, or of every case of a sheet
// (begins_with SHEETISSUE#{sheetLocal}#{caseLocal}# / SHEETISSUE#{sheetLocal}#).
export async function listSheetIssueLinks(
  enterpriseId: string,
  projectId: string,
  sheetLocal: string,
  caseLocal?: string,
): Promise<SheetIssueLinkRecord[]> {
  const prefix = `${SK.sheetIssuePrefix}${sheetLocal}#${caseLocal === undefined ? '' : `${caseLocal}#`}`;
  return (await queryPartition(projectPartition(enterpriseId, projectId), prefix)).map(linkFromItem);
}

// Access pattern: the sheet cases a work item is linked to (begins_with ISSUESHEETCASE#{issueId}#).
export async function listIssueSheetCaseLinks(
  enterpriseId: string,
  projectId: string,
  issueId: string,
): Promise<SheetIssueLinkRecord[]> {
  const prefix = `${SK.issueSheetCasePrefix}${issueId}#`;
  return (await queryPartition(projectPartition(enterpriseId, projectId), prefix)).map(linkFromItem);
}

/**
 * The writes that remove a deleted work item's links to sheet cases (`links`, from
 * listIssueSheetCaseLinks), for the work item's delete transaction: both ends of each link, and
 * the item taken out of each sheet case's `linkIssueIds` at the version read
 * (`'stale:sheetCase'`: the delete plans again on a fresh read). A link whose sheet case is gone
 * only loses its ends.
 */
export async function issueDeletionOps(
  enterpriseId: string,
  projectId: string,
  issueId: string,
  links: readonly SheetIssueLinkRecord[],
): Promise<TxOp[]> {
  if (links.length === 0) return [];
  const records = new Map(
    (
      await getSheetCases(
        enterpriseId,
        links.map((l) => l.sheetCaseId),
      )
    ).map((r) => [r.sheetCaseId, r]),
  );
  return links.flatMap((link): TxOp[] => {
    const located = sheetCaseKeyOf(enterpriseId, link.sheetCaseId);
    if (!located) return [];
    const ends = unlinkOps(
      { enterpriseId, projectId, sheetId: located.sheetId, caseId: `${projectId}.${located.caseLocal}` },
      issueId,
    );
    const record = records.get(link.sheetCaseId);
    if (!record) return ends;
    const next: SheetCaseRecord = {
      ...record,
      linkIssueIds: record.linkIssueIds.filter((id) => id !== issueId),
      version: record.version + 1,
    };
    return [...ends, replaceSheetCaseOp(next, record.version)];
  });
}

// ---- clean-up after a delete -------------------------------------------------------------------

async function keysWithPrefix(enterpriseId: string, projectId: string, prefix: string): Promise<Item[]> {
  return queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': projectPartition(enterpriseId, projectId), ':prefix': prefix },
    ProjectionExpression: 'pk, sk, issueId',
    ConsistentRead: true,
  });
}

/**
 * Access pattern (keys only): the runs and both ends of the links below a sheet, or below one
 * case of it (begins_with SHEETRUN#{sheetLocal}#[{caseLocal}#] and SHEETISSUE#... , then the
 * ISSUESHEETCASE# ends named by the SHEETISSUE# items).
 */
export async function keysBelow(
  enterpriseId: string,
  projectId: string,
  sheetLocal: string,
  caseLocal?: string,
): Promise<Key[]> {
  const below = `${sheetLocal}#${caseLocal === undefined ? '' : `${caseLocal}#`}`;
  const [runs, links] = await Promise.all([
    keysWithPrefix(enterpriseId, projectId, `${SK.sheetRunPrefix}${below}`),
    keysWithPrefix(enterpriseId, projectId, `${SK.sheetIssuePrefix}${below}`),
  ]);
  const issueEnds = links.map((item) => {
    // SHEETISSUE#{sheetLocal}#{caseLocal}#{issueId}: the case's local id is the second part.
    const [, linkCase] = (item.sk as string).slice(SK.sheetIssuePrefix.length).split('#');
    return keys.issueSheetCase(enterpriseId, projectId, item.issueId as string, sheetLocal, linkCase ?? '');
  });
  const keyOf = (item: Item): Key => ({ pk: item.pk as string, sk: item.sk as string });
  return [...runs.map(keyOf), ...links.map(keyOf), ...issueEnds];
}

// Access pattern (keys only): every sheet case of a sheet (begins_with SHEETCASE#{sheetLocal}#).
export async function sheetCaseKeysOf(
  enterpriseId: string,
  projectId: string,
  sheetLocal: string,
): Promise<Key[]> {
  const items = await keysWithPrefix(enterpriseId, projectId, `${SK.sheetCasePrefix}${sheetLocal}#`);
  return items.map((item) => ({ pk: item.pk as string, sk: item.sk as string }));
}
