/**
 * Weekly reports: `WEEKLY#{weekStart}#{userId}` in the project's partition, one per member,
 * project and week (the key itself makes a second one impossible), and on gsi1 under the member
 * (`USER#{userId}` / `WEEKLY#{enterpriseId}#{weekStart}#{projectId}`) for their reports across
 * projects. Every write also puts a revision, `WEEKLYREV#{weekStart}#{userId}#{n}`, in the same
 * transaction: the report's history.
 */
import { indexKeys, indexPrefixes, keys, projectPartition, SK } from '@core/db/keys';
import {
  batchDelete,
  conditions,
  type Item,
  queryAll,
  queryIndexAll,
  type TxOp,
  transact,
} from '@core/db/operations';
import { getRecord, getRecords, queryRecords, readRecord } from '@core/db/records';
import type { ItemList, ReportStatus, TemplateSection } from '@shared/domain/weekly';
import type { ReportContent, Revision, WeeklyCounts } from '@shared/schemas/weekly';

/** A listed work item as the report keeps it. */
export interface StoredItem {
  issueId: string;
  list: ItemList;
  completion: number;
}

/** A work item as it was when the report was submitted (people are resolved when shown). */
export interface IssueSnapshot {
  issueId: string;
  issueNumber: number;
  pmIssueType: number;
  title: string;
  status: number;
  priority: number;
  assigneeId: string | null;
  startDate: string | null;
  endDate: string | null;
  createdAt: string;
  closedAt: string | null;
}

export interface ReportSnapshot {
  counts: WeeklyCounts;
  issues: IssueSnapshot[];
}

export interface ReportRecord {
  enterpriseId: string;
  projectId: string;
  userId: string;
  /** The week's Monday in the enterprise's time zone. */
  weekStart: string;
  templateId: string;
  templateName: string;
  /** The template's sections when the report was begun: a later change of the template leaves it be. */
  sections: TemplateSection[];
  content: ReportContent;
  items: StoredItem[];
  status: ReportStatus;
  submittedAt: string | null;
  /** Frozen at submission. */
  snapshot: ReportSnapshot | null;
  /** How many revisions the report has (the last one's number). */
  revision: number;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface RevisionRecord {
  revision: number;
  action: Revision['action'];
  userId: string;
  at: string;
  content: ReportContent;
  items: StoredItem[];
}

/** `{projectId}.{weekStart}-{userId}`: the id alone names the item (user ids have no `-`). */
export const reportIdOf = (report: Pick<ReportRecord, 'projectId' | 'weekStart' | 'userId'>): string =>
  `${report.projectId}.${report.weekStart}-${report.userId}`;

/** The parts of a report id, or null when it cannot be one. */
export function parseReportId(id: string): { projectId: string; weekStart: string; userId: string } | null {
  const match = /^(.+)\.(\d{4}-\d{2}-\d{2})-([0-9a-z]+)$/.exec(id);
  if (!match) return null;
  return { projectId: match[1]!, weekStart: match[2]!, userId: match[3]! };
}

function reportKey(report: Pick<ReportRecord, 'enterpriseId' | 'projectId' | 'weekStart' | 'userId'>) {
  return keys.weeklyReport(report.enterpriseId, report.projectId, report.weekStart, report.userId);
}

function toItem(report: ReportRecord): Item {
  return {
    ...reportKey(report),
    ...indexKeys.weeklyOfUser(report.userId, report.enterpriseId, report.weekStart, report.projectId),
    entity: 'WeeklyReport',
    ...report,
  };
}

/** What every stored report has, in full or projected to its summary. */
const REQUIRED_REPORT_FIELDS = [
  'enterpriseId',
  'projectId',
  'userId',
  'weekStart',
  'templateId',
  'templateName',
  'status',
  'createdAt',
  'updatedAt',
  'version',
] as const;

function fromItem(item: Item): ReportRecord {
  return readRecord(item, REQUIRED_REPORT_FIELDS, {
    sections: [],
    content: {},
    items: [],
    submittedAt: null,
    snapshot: null,
    revision: 1,
  });
}

function revisionOp(report: ReportRecord, revision: RevisionRecord): TxOp {
  return {
    put: {
      ...keys.weeklyRevision(
        report.enterpriseId,
        report.projectId,
        report.weekStart,
        report.userId,
        revision.revision,
      ),
      entity: 'WeeklyRevision',
      ...revision,
    },
    condition: conditions.notExists,
    label: 'stale',
  };
}

function revisionFromItem(item: Item): RevisionRecord {
  return readRecord(item, ['revision', 'action', 'userId', 'at'], { content: {}, items: [] });
}

// Access pattern: one report (ENT#{e}#PRJ#{projectId} / WEEKLY#{weekStart}#{userId}).
export function getReport(
  enterpriseId: string,
  projectId: string,
  weekStart: string,
  userId: string,
): Promise<ReportRecord | null> {
  return getRecord(keys.weeklyReport(enterpriseId, projectId, weekStart, userId), fromItem);
}

/** The sort-key prefix of a project's reports of one week, or of every week (not `WEEKLYREV#`). */
const reportsPrefix = (weekStart?: string) =>
  weekStart ? `${SK.weeklyReportPrefix}${weekStart}#` : SK.weeklyReportPrefix;

// Access pattern: several reports by project, week and member (batch); missing ones left out.
export function getReports(
  enterpriseId: string,
  refs: readonly { projectId: string; weekStart: string; userId: string }[],
): Promise<ReportRecord[]> {
  return getRecords(
    refs.map((r) => keys.weeklyReport(enterpriseId, r.projectId, r.weekStart, r.userId)),
    fromItem,
  );
}

// Access pattern: a project's reports of a week, or of every week (begins_with WEEKLY#[{weekStart}#]).
export function listProjectReports(
  enterpriseId: string,
  projectId: string,
  weekStart?: string,
): Promise<ReportRecord[]> {
  return queryRecords(projectPartition(enterpriseId, projectId), reportsPrefix(weekStart), fromItem);
}

/** A report without its content, items and snapshot: what lists of reports show. */
export type ReportSummaryRecord = Omit<ReportRecord, 'sections' | 'content' | 'items' | 'snapshot'>;

/** The fields the summary query projects: the required ones and the summary's optional ones. */
const SUMMARY_FIELDS = [
  ...REQUIRED_REPORT_FIELDS,
  'submittedAt',
  'revision',
] as const satisfies readonly (keyof ReportSummaryRecord)[];

function summaryFromItem(item: Item): ReportSummaryRecord {
  return readRecord(item, REQUIRED_REPORT_FIELDS, { submittedAt: null, revision: 1 });
}

// Access pattern: a project's reports of a week or of all weeks, summary fields only (begins_with
// WEEKLY#[{weekStart}#], projected): the team view reads 50 reports without their text.
export async function listProjectReportSummaries(
  enterpriseId: string,
  projectId: string,
  weekStart?: string,
): Promise<ReportSummaryRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': projectPartition(enterpriseId, projectId),
      ':prefix': reportsPrefix(weekStart),
    },
    ProjectionExpression: SUMMARY_FIELDS.map((_, i) => `#f${i}`).join(', '),
    ExpressionAttributeNames: Object.fromEntries(SUMMARY_FIELDS.map((field, i) => [`#f${i}`, field])),
    ConsistentRead: true,
  });
  return items.map(summaryFromItem);
}

// Access pattern: a member's reports in an enterprise, of a week or all (gsi1 USER#{userId},
// begins_with WEEKLY#{enterpriseId}#[{weekStart}#]); the index is eventually consistent.
export async function listUserReports(
  enterpriseId: string,
  userId: string,
  weekStart?: string,
): Promise<ReportRecord[]> {
  const items = await queryIndexAll(
    'gsi1',
    indexPrefixes.userMemberships(userId),
    `${indexPrefixes.userWeeklies(enterpriseId)}${weekStart ? `${weekStart}#` : ''}`,
  );
  return items.map(fromItem);
}

// Access pattern: a report's revisions, oldest first (begins_with WEEKLYREV#{weekStart}#{userId}#).
export function listRevisions(report: ReportRecord): Promise<RevisionRecord[]> {
  return queryRecords(
    projectPartition(report.enterpriseId, report.projectId),
    `${SK.weeklyRevisionPrefix}${report.weekStart}#${report.userId}#`,
    revisionFromItem,
  );
}

/**
 * Writes a new report and its first revision; `ConditionFailedError('exists')` when the member
 * already has a report of the project for the week.
 */
export async function createReport(report: ReportRecord, revision: RevisionRecord): Promise<void> {
  await transact([
    { put: toItem(report), condition: conditions.notExists, label: 'exists' },
    revisionOp(report, revision),
  ]);
}

/**
 * Replaces a report read at `expectedVersion` and adds its next revision, all or nothing;
 * `ConditionFailedError('stale')` when someone wrote it meanwhile (or it was deleted).
 */
export async function saveReport(
  report: ReportRecord,
  expectedVersion: number,
  revision: RevisionRecord,
): Promise<void> {
  await transact([
    { put: toItem(report), condition: conditions.version(expectedVersion), label: 'stale' },
    revisionOp(report, revision),
  ]);
}

/**
 * Deletes a draft read at `expectedVersion` (`'stale'` when it changed or was submitted
 * meanwhile), then its revisions.
 */
export async function deleteDraft(report: ReportRecord, expectedVersion: number): Promise<void> {
  await transact([
    {
      delete: reportKey(report),
      condition: {
        expression: 'attribute_exists(pk) AND #version = :version AND #status = :draft',
        names: { '#version': 'version', '#status': 'status' },
        values: { ':version': expectedVersion, ':draft': 'draft' },
      },
      label: 'stale',
    },
  ]);
  const revisions = await listRevisions(report);
  await batchDelete(
    revisions.map((r) =>
      keys.weeklyRevision(report.enterpriseId, report.projectId, report.weekStart, report.userId, r.revision),
    ),
  );
}
