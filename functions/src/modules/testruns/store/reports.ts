/**
 * Test reports of a project: `REPORT#{localId}` (name, summary, the snapshot's counts) and the
 * snapshot itself, `REPORTSNAP#{localId}#{part}`: every case's result and the linked bugs as
 * they were when the report was made. Both are written in one transaction and the snapshot is
 * never rewritten. A report's id is project-scoped (`{projectId}.{localId}`).
 *
 * A sheet holds up to 2000 cases, and their snapshot can outgrow one item (400 KB): it is stored
 * as gzipped JSON cut into parts of at most SNAPSHOT_PART_BYTES, all in the creating transaction
 * (which holds at most 4 MB, hence MAX_SNAPSHOT_PARTS).
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { type Key, keys, projectPartition, SK } from '@core/db/keys';
import type { Item, TxOp } from '@core/db/operations';
import { batchDelete, batchGet, conditions, transact } from '@core/db/operations';
import { projectScopedKey, scopedReads } from '@core/db/project-scoped';
import { queryRecords, readRecord } from '@core/db/records';
import type { ReportBug, ReportCase, ResultCounts } from '@shared/schemas/testruns';

export interface ReportRecord {
  enterpriseId: string;
  projectId: string;
  /** The whole scoped id. */
  reportId: string;
  sheetId: string;
  sheetName: string;
  name: string;
  summary: string;
  counts: ResultCounts;
  bugCount: number;
  /** How many REPORTSNAP# parts hold the snapshot. */
  snapshotParts: number;
  creatorId: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface ReportSnapshot {
  cases: ReportCase[];
  bugs: ReportBug[];
}

const SNAPSHOT_PART_BYTES = 350_000;
const MAX_SNAPSHOT_PARTS = 10;

/** Thrown when a snapshot would not fit one transaction even compressed. */
export class SnapshotTooLargeError extends Error {
  constructor(readonly bytes: number) {
    super(`A report snapshot of ${bytes} compressed bytes does not fit one transaction`);
    this.name = 'SnapshotTooLargeError';
  }
}

/** Where a report id points, or null when it is not a report id of a project. */
export const reportKeyOf = projectScopedKey(keys.report);

const localOf = (reportId: string) => reportId.slice(reportId.lastIndexOf('.') + 1);

/** The key of one snapshot part (`REPORTSNAP#{localId}#{part}`). */
function partKey(record: Pick<ReportRecord, 'enterpriseId' | 'projectId' | 'reportId'>, part: number): Key {
  return keys.reportSnapshot(record.enterpriseId, record.projectId, `${localOf(record.reportId)}#${part}`);
}

function toItem(record: ReportRecord): Item {
  return {
    ...keys.report(record.enterpriseId, record.projectId, localOf(record.reportId)),
    entity: 'TestReport',
    ...record,
  };
}

function fromItem(item: Item): ReportRecord {
  return readRecord(
    item,
    [
      'enterpriseId',
      'projectId',
      'reportId',
      'sheetId',
      'sheetName',
      'name',
      'counts',
      'creatorId',
      'createdAt',
      'updatedAt',
      'version',
    ],
    { summary: '', bugCount: 0, snapshotParts: 0 },
  );
}

/** The snapshot as parts: gzipped JSON cut into pieces that each fit an item. */
function snapshotParts(snapshot: ReportSnapshot): Buffer[] {
  const packed = gzipSync(Buffer.from(JSON.stringify(snapshot)));
  const parts: Buffer[] = [];
  for (let at = 0; at < packed.length; at += SNAPSHOT_PART_BYTES) {
    parts.push(packed.subarray(at, at + SNAPSHOT_PART_BYTES));
  }
  if (parts.length === 0) parts.push(Buffer.alloc(0));
  if (parts.length > MAX_SNAPSHOT_PARTS) throw new SnapshotTooLargeError(packed.length);
  return parts;
}

const reportReads = scopedReads(reportKeyOf, fromItem);
// Access pattern: one report (ENT#{e}#PRJ#{p} / REPORT#{localId}).
export const getReport = reportReads.one;
// Access pattern: several reports by id (batch); unknown ids are left out.
export const getReports = reportReads.many;

// Access pattern: every report of a project (begins_with REPORT#; does not match REPORTSNAP#).
export async function listReports(enterpriseId: string, projectId: string): Promise<ReportRecord[]> {
  return queryRecords(projectPartition(enterpriseId, projectId), SK.reportPrefix, fromItem);
}

// Access pattern: a report's snapshot (its REPORTSNAP#{localId}#{n} parts, by batch).
export async function getSnapshot(record: ReportRecord): Promise<ReportSnapshot> {
  const wanted = Array.from({ length: record.snapshotParts }, (_, part) => partKey(record, part));
  const items = await batchGet(wanted);
  const byPart = new Map(items.map((item) => [item.part as number, item.data as Uint8Array]));
  const packed = Buffer.concat(wanted.map((_, part) => byPart.get(part) ?? new Uint8Array()));
  return JSON.parse(gunzipSync(packed).toString('utf8')) as ReportSnapshot;
}

/**
 * Writes a report and its snapshot in one transaction, while the project and the sheet still
 * exist (`'project'`, `'sheet'`). Returns the record with its part count.
 * SnapshotTooLargeError when the snapshot would not fit.
 */
export async function createReport(
  record: ReportRecord,
  snapshot: ReportSnapshot,
  sheetCheck: TxOp,
): Promise<ReportRecord> {
  const parts = snapshotParts(snapshot);
  const saved: ReportRecord = { ...record, snapshotParts: parts.length };
  await transact([
    {
      check: keys.project(record.enterpriseId, record.projectId),
      condition: conditions.exists,
      label: 'project',
    },
    sheetCheck,
    { put: toItem(saved), condition: conditions.notExists, label: 'reportExists' },
    ...parts.map(
      (data, part): TxOp => ({
        put: {
          ...partKey(record, part),
          entity: 'TestReportSnapshot',
          reportId: record.reportId,
          part,
          data,
        },
      }),
    ),
  ]);
  return saved;
}

/** Saves a report's name and summary read at `report.version` (`'stale:report'`). */
export async function updateReport(report: ReportRecord, next: ReportRecord): Promise<void> {
  await transact([
    { put: toItem(next), condition: conditions.version(report.version), label: 'stale:report' },
  ]);
}

/**
 * Deletes reports all or nothing (`'missing:{reportId}'` when one went meanwhile); their
 * snapshot parts go afterwards, in batches: nothing reads a part without its report.
 */
export async function deleteReports(reports: readonly ReportRecord[]): Promise<void> {
  await transact(
    reports.map(
      (r): TxOp => ({
        delete: keys.report(r.enterpriseId, r.projectId, localOf(r.reportId)),
        condition: conditions.exists,
        label: `missing:${r.reportId}`,
      }),
    ),
  );
  await batchDelete(
    reports.flatMap((r) => Array.from({ length: r.snapshotParts }, (_, part) => partKey(r, part))),
  );
}
