/**
 * Data export records (`EXPORT#{exportId}` in the enterprise partition) and the marker of the
 * export that is queued or running (`EXPORTRUNNING`): one at a time per enterprise. Both expire
 * through the table's TTL (`expiresAt`, epoch seconds).
 */
import { enterprisePartition, keys, SK } from '@core/db/keys';
import { deleteItem, getItem, type Item, queryPartition, transact, updateItem } from '@core/db/operations';
import type { ExportStatus } from '@shared/schemas/exports';

export interface ExportRecord {
  enterpriseId: string;
  exportId: string;
  status: ExportStatus;
  items: number;
  files: number;
  total: number | null;
  sizeBytes: number | null;
  /** The archive's object key in the files bucket. */
  archiveKey: string;
  startedBy: string;
  createdAt: string;
  finishedAt: string | null;
  error: string | null;
  /** Epoch seconds: the table's TTL. */
  expiresAt: number;
}

export function exportFromItem(item: Item): ExportRecord {
  return {
    enterpriseId: item.enterpriseId,
    exportId: item.exportId,
    status: item.status,
    items: item.items ?? 0,
    files: item.files ?? 0,
    total: item.total ?? null,
    sizeBytes: item.sizeBytes ?? null,
    archiveKey: item.archiveKey,
    startedBy: item.startedBy,
    createdAt: item.createdAt,
    finishedAt: item.finishedAt ?? null,
    error: item.error ?? null,
    expiresAt: item.expiresAt,
  };
}

/**
 * Writes the record and takes the running marker in one transaction. The marker's condition
 * fails (label `running`) while another export holds it, unless that one is stale (`staleAt`
 * passed: its job died without ending it).
 */
export async function createExport(record: ExportRecord, staleAt: number, nowMs: number): Promise<void> {
  await transact([
    {
      put: {
        ...keys.exportRunning(record.enterpriseId),
        entity: 'DataExportRunning',
        exportId: record.exportId,
        staleAt,
        expiresAt: record.expiresAt,
      },
      condition: {
        expression: 'attribute_not_exists(pk) OR #staleAt < :now',
        names: { '#staleAt': 'staleAt' },
        values: { ':now': nowMs },
      },
      label: 'running',
    },
    {
      put: { ...keys.dataExport(record.enterpriseId, record.exportId), entity: 'DataExport', ...record },
      condition: { expression: 'attribute_not_exists(pk)' },
    },
  ]);
}

export async function getExport(enterpriseId: string, exportId: string): Promise<ExportRecord | null> {
  const item = await getItem(keys.dataExport(enterpriseId, exportId));
  return item ? exportFromItem(item) : null;
}

/** The enterprise's exports, newest first (ids sort by time). */
export async function listExports(enterpriseId: string): Promise<ExportRecord[]> {
  const items = await queryPartition(enterprisePartition(enterpriseId), SK.exportPrefix);
  return items.map(exportFromItem).reverse();
}

export type ExportChanges = Partial<
  Pick<ExportRecord, 'status' | 'items' | 'files' | 'total' | 'sizeBytes' | 'finishedAt' | 'error'>
>;

/** Updates the record if it still exists (an expired one is not brought back). */
export async function updateExport(
  enterpriseId: string,
  exportId: string,
  changes: ExportChanges,
): Promise<void> {
  await updateItem(
    keys.dataExport(enterpriseId, exportId),
    { set: changes },
    { expression: 'attribute_exists(pk)' },
  );
}

/** Ends the running marker, if it is still this export's. */
export async function releaseRunning(enterpriseId: string, exportId: string): Promise<void> {
  const item = await getItem(keys.exportRunning(enterpriseId));
  if (item?.exportId === exportId) await deleteItem(keys.exportRunning(enterpriseId));
}
