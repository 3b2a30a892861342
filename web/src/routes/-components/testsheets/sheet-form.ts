/**
 * The sheet form's values, validation and request bodies. The shared schema decides every rule;
 * the name gets section 5's "Please enter …", and an end before the start shows under the end
 * date as the server's 400 would.
 */
import type { FormErrors } from '@mantine/form';
import { type Sheet, type SheetBody, SheetBodySchema, type SheetUpdateBody } from '@shared/schemas/testruns';
import { zodResolver } from '../../../lib/zod-resolver';

export interface SheetFormValues {
  name: string;
  description: string;
  /** The parent sheet; null at the top. */
  root_id: string | null;
  sprintId: string | null;
  ownerId: string | null;
  startDate: string | null;
  endDate: string | null;
}

export function sheetFormValues(sheet?: Sheet | null, parentId: string | null = null): SheetFormValues {
  return {
    name: sheet?.name ?? '',
    description: sheet?.description ?? '',
    root_id: sheet ? sheet.root_id : parentId,
    sprintId: sheet?.sprintId ?? null,
    ownerId: sheet?.owner?.userId ?? null,
    startDate: sheet?.startDate ?? null,
    endDate: sheet?.endDate ?? null,
  };
}

export function sheetBody(values: SheetFormValues, projectId: string): SheetBody {
  const body: SheetBody = {
    pmsProjectId: projectId,
    name: values.name,
    description: values.description,
    root_id: values.root_id,
    sprintId: values.sprintId,
    ownerId: values.ownerId,
  };
  if (values.startDate) body.startDate = values.startDate;
  if (values.endDate) body.endDate = values.endDate;
  return body;
}

/** Only what changed goes in the edit body, with the version the form was opened on. */
export function sheetUpdateBody(values: SheetFormValues, sheet: Sheet): SheetUpdateBody {
  const body: SheetUpdateBody = { version: sheet.version };
  if (values.name.trim() !== sheet.name) body.name = values.name;
  if (values.description.trim() !== sheet.description) body.description = values.description;
  if (values.root_id !== sheet.root_id) body.root_id = values.root_id;
  if (values.sprintId !== sheet.sprintId) body.sprintId = values.sprintId;
  if (values.ownerId !== (sheet.owner?.userId ?? null)) body.ownerId = values.ownerId;
  // The API sets dates but cannot clear one: an emptied date keeps its value.
  if (values.startDate && values.startDate !== sheet.startDate) body.startDate = values.startDate;
  if (values.endDate && values.endDate !== sheet.endDate) body.endDate = values.endDate;
  return body;
}

export function validateSheetForm(values: SheetFormValues, projectId: string): FormErrors {
  const errors: FormErrors = zodResolver(SheetBodySchema)(sheetBody(values, projectId));
  if (values.startDate && values.endDate && values.endDate < values.startDate) {
    errors.endDate ??= 'The end date must not be before the start date';
  }
  return errors;
}
