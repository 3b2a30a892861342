/** Data exports of an enterprise: an archive of all its data, built in the background. */
import * as z from 'zod';

export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const ExportStatusSchema = z.enum(EXPORT_STATUSES);
export type ExportStatus = z.infer<typeof ExportStatusSchema>;

export const DataExportSchema = z.object({
  id: z.string(),
  status: ExportStatusSchema,
  /** Items written to the archive so far. */
  items: z.number().int(),
  /** File objects written to the archive so far. */
  files: z.number().int(),
  /** Items and files in all, once the export has read the table and listed the files; null before. */
  total: z.number().int().nullable(),
  /** The archive's size in bytes, once written. */
  sizeBytes: z.number().int().nullable(),
  startedBy: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** When the record and the archive are removed. */
  expiresAt: z.string(),
  /** Why it failed (failed only). */
  error: z.string().nullable(),
  /** A short-lived download address (done only, on the single-export read). */
  downloadUrl: z.string().optional(),
  downloadExpiresAt: z.string().optional(),
});
export type DataExport = z.infer<typeof DataExportSchema>;
