/**
 * The checks an import file passes before it is sent (the server checks them again): an .xlsx or
 * .csv spreadsheet, not empty, at most MAX_UPLOAD_BYTES.
 */
import { MAX_UPLOAD_BYTES } from '@shared/domain/testing';

export const CASE_FILE_TYPES = ['.xlsx', '.csv'] as const;
export const CASE_FILE_ACCEPT = [
  ...CASE_FILE_TYPES,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/csv',
].join(',');

/** "5 MB", "1.2 MB", "830 KB". */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Why the file cannot be imported, or null when it may be sent. */
export function caseFileProblem(file: Pick<File, 'name' | 'size'>): string | null {
  const name = file.name.toLowerCase();
  if (!CASE_FILE_TYPES.some((ext) => name.endsWith(ext))) {
    return `${file.name} is not a spreadsheet: choose an .xlsx or .csv file`;
  }
  if (file.size === 0) return `${file.name} is empty`;
  if (file.size > MAX_UPLOAD_BYTES) {
    return `${file.name} is ${fileSize(file.size)}: files of at most ${fileSize(MAX_UPLOAD_BYTES)} can be imported`;
  }
  return null;
}
