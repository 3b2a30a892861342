/**
 * The New report form's values, default name and validation (the shared schema's rules; the
 * sheet picker says "choose" rather than the schema's "enter").
 */
import type { FormErrors } from '@mantine/form';
import { type ReportBody, ReportBodySchema } from '@shared/schemas/testruns';
import { zodResolver } from '../../../lib/zod-resolver';

export interface ReportFormValues {
  projectTestsheetId: string | null;
  name: string;
  summary: string;
}

/** "Release 2.4 regression report 2026-11-21"; the name field's limit (80) keeps the date. */
export function defaultReportName(sheetName: string, today: string): string {
  const suffix = ` report ${today}`;
  return `${sheetName.slice(0, 80 - suffix.length).trim()}${suffix}`;
}

export function reportBody(values: ReportFormValues): ReportBody {
  return {
    projectTestsheetId: values.projectTestsheetId ?? '',
    name: values.name,
    summary: values.summary,
  };
}

export function validateReportForm(values: ReportFormValues): FormErrors {
  const errors = zodResolver(ReportBodySchema)(reportBody(values));
  if (!values.projectTestsheetId) errors.projectTestsheetId = 'Please choose a sheet';
  return errors;
}
