/**
 * The case form's values, validation and body. The shared create schema validates (so the form
 * says what the server would); rows of the steps editor left entirely blank are not steps and
 * are dropped on save rather than refused.
 */
import type { FormErrors } from '@mantine/form';
import { DEFAULT_CASE_TYPE } from '@shared/domain/testing';
import { type CaseCreateBody, CaseCreateBodySchema, type CaseDetail } from '@shared/schemas/testcases';
import { zodResolver } from '../../../lib/zod-resolver';
import type { StepRow } from './StepsEditor';

export interface CaseFormValues {
  title: string;
  moduleId: string | null;
  type: number;
  priority: number;
  tagIds: string[];
  precondition: string;
  steps: StepRow[];
  remark: string;
  specIds: string[];
}

/** The fields a create or an edit sends (the project and version are added by the caller). */
export type CaseFields = Omit<CaseCreateBody, 'pmsProjectId'>;

export const CaseFormSchema = CaseCreateBodySchema.omit({ pmsProjectId: true });

/** Normal priority (section 9), as the server defaults it. */
const DEFAULT_PRIORITY = 3;

export function emptyCaseValues(moduleId: string | null = null): CaseFormValues {
  return {
    title: '',
    moduleId,
    type: DEFAULT_CASE_TYPE,
    priority: DEFAULT_PRIORITY,
    tagIds: [],
    precondition: '',
    steps: [{ step: '', expected: '' }],
    remark: '',
    specIds: [],
  };
}

export function caseValuesOf(detail: CaseDetail): CaseFormValues {
  return {
    title: detail.title,
    moduleId: detail.moduleId,
    type: detail.type,
    priority: detail.priority,
    tagIds: [...detail.tagIds],
    precondition: detail.precondition,
    steps: detail.steps.map((row) => ({ step: row.step, expected: row.expected })),
    remark: detail.remark,
    specIds: detail.specs.map((spec) => spec.id),
  };
}

export const isBlankStep = (row: StepRow) => row.step.trim() === '' && row.expected.trim() === '';

/** A stand-in for a blank row while validating: keeps the other rows' error paths (`steps.3.step`). */
const BLANK_STAND_IN: StepRow = { step: '-', expected: '' };

const resolve = zodResolver<CaseFormValues>(CaseFormSchema);

export function validateCase(values: CaseFormValues): FormErrors {
  const steps = values.steps.map((row) => (isBlankStep(row) ? BLANK_STAND_IN : row));
  return resolve({ ...values, steps });
}

/**
 * The body to send: trimmed by the schema, blank step rows left out. `withSpecs` false leaves the
 * covered specs alone (the form had no spec picker: the project has no product).
 */
export function caseFields(values: CaseFormValues, withSpecs: boolean): CaseFields {
  const parsed = CaseFormSchema.parse({ ...values, steps: values.steps.filter((row) => !isBlankStep(row)) });
  if (withSpecs) return parsed;
  const { specIds: _specs, ...rest } = parsed;
  return rest;
}
