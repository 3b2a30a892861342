/**
 * Snapshots of a project's list rows, so a fresh process (a cold Lambda) does not query every
 * ISSUE# item of a big project: the rows and links of a copy at change `seq`, as columns of
 * arrays, gzipped, in the files bucket under the enterprise's prefix
 * (`{enterpriseId}/issue-index/{projectId}.json.gz`, one object per project, replaced in place;
 * the counters item says which change it holds). A loader catches up from `seq` through the
 * change log like any copy. Taken by the settle job (modules/issues/settle.ts) every
 * SNAPSHOT_EVERY_CHANGES changes or daily, for projects big enough to need one.
 *
 * This module is loaded with `await import()`: it brings the S3 client, which a warm process
 * never needs for lists.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { readObject, writeObject } from '@core/storage/files';
import { projectIndex } from './project-index';
import { CATCH_UP_WINDOW_MS, type ProjectCounters, recordSnapshot } from './store/counters';
import { type IssueRecord, loadProjectLinks } from './store/work-items';

/** The row fields in the order a snapshot stores them; bump FORMAT when this changes. */
const COLUMNS = [
  'issueId',
  'issueNumber',
  'pmIssueType',
  'title',
  'status',
  'priority',
  'assigneeId',
  'authorId',
  'tagIds',
  'startDate',
  'endDate',
  'estimatedHours',
  'parentId',
  'sprintId',
  'createdAt',
  'updatedAt',
  'closedAt',
  'version',
  'rev',
] as const satisfies readonly (keyof IssueRecord)[];

const FORMAT = 1;

interface SnapshotFile {
  format: number;
  projectId: string;
  seq: number;
  takenAt: number;
  columns: readonly string[];
  rows: unknown[][];
  /** [item id, linked ids] for items that have links. */
  links: [string, string[]][];
}

export const snapshotKey = (enterpriseId: string, projectId: string) =>
  `${enterpriseId}/issue-index/${projectId}.json.gz`;

export interface LoadedSnapshot {
  seq: number;
  takenAt: number;
  rows: IssueRecord[];
  links: Map<string, string[]>;
}

/**
 * The project's snapshot when there is one a copy can still catch up from (taken within the
 * change log's lifetime); null otherwise, and the caller loads the items from the table.
 */
export async function loadUsableSnapshot(
  enterpriseId: string,
  projectId: string,
  counters: ProjectCounters,
  nowMs: number,
): Promise<LoadedSnapshot | null> {
  const known = counters.snapshot;
  // Only this project's own object, under its enterprise's prefix, is ever read.
  if (!known || known.key !== snapshotKey(enterpriseId, projectId)) return null;
  if (nowMs - known.takenAt > CATCH_UP_WINDOW_MS) return null;
  const bytes = await readObject(known.key);
  if (!bytes) return null;
  const file = JSON.parse(gunzipSync(bytes).toString('utf8')) as SnapshotFile;
  // The object may have been replaced by a newer one since the counters were read: fine, its
  // own `seq` says where to catch up from. An unknown format is not read at all.
  if (file.format !== FORMAT || file.projectId !== projectId || nowMs - file.takenAt > CATCH_UP_WINDOW_MS) {
    return null;
  }
  const rows = file.rows.map((values) => {
    const row = { projectId } as Record<string, unknown>;
    file.columns.forEach((column, i) => {
      row[column] = values[i];
    });
    return row as unknown as IssueRecord;
  });
  return { seq: file.seq, takenAt: file.takenAt, rows, links: new Map(file.links) };
}

/**
 * Writes a snapshot of the project's copy as it is now (synced first) and records it on the
 * counters. Projects smaller than `minRows` load fast enough from the table: none is taken.
 */
export async function takeSnapshot(
  enterpriseId: string,
  projectId: string,
  minRows: number,
): Promise<boolean> {
  const index = await projectIndex(enterpriseId, projectId);
  if (index.rows.size < minRows) return false;
  // Read now: the copy moves on with other requests while the upload runs.
  const seq = index.seq;
  const takenAt = index.syncedAt;
  // The copy keeps only some items' links (it drops those a change touches); the snapshot needs
  // all. Read after the sync, they are at least as new as `seq`, like the rows.
  const links = await loadProjectLinks(enterpriseId, projectId);
  const file: SnapshotFile = {
    format: FORMAT,
    projectId,
    seq,
    takenAt,
    columns: COLUMNS,
    rows: [...index.rows.values()].map((row) => COLUMNS.map((column) => row[column])),
    links: [...links],
  };
  const key = snapshotKey(enterpriseId, projectId);
  await writeObject(key, gzipSync(JSON.stringify(file), { level: 6 }), 'application/json');
  await recordSnapshot(enterpriseId, projectId, { seq, takenAt, key });
  return true;
}
