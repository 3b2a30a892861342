/**
 * The sprint form's values, validation and request bodies. The shared schemas decide every rule;
 * empty required fields get section 5's "Please enter …" first (the schema would say the date is
 * not a string), and the 90-day rule shows under the end date as the server's 400 would.
 */
import type { FormErrors } from '@mantine/form';
import { messages } from '@shared/schemas/common';
import {
  type Sprint,
  type SprintBody,
  SprintBodySchema,
  type SprintUpdateBody,
  SprintUpdateBodySchema,
} from '@shared/schemas/sprints';
import { zodResolver } from '../../../lib/zod-resolver';

export interface SprintFormValues {
  name: string;
  goal: string;
  startDate: string | null;
  endDate: string | null;
}

const REQUIRED: [keyof SprintFormValues, string][] = [
  ['name', 'sprint name'],
  ['startDate', 'start date'],
  ['endDate', 'end date'],
];

/** A sprint's usual length when the project has none to copy. */
export const DEFAULT_SPRINT_DAYS = 14;

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/**
 * The dates a new sprint starts with: the day after the last sprint (the latest end) ends, for
 * that sprint's length (both days counted); without one, `today` for 14 days.
 */
export function nextSprintDates(
  sprints: readonly Pick<Sprint, 'startDate' | 'endDate'>[],
  today: string,
): { startDate: string; endDate: string } {
  const last = [...sprints].sort((a, b) => a.endDate.localeCompare(b.endDate)).at(-1);
  const days = last ? dayNumber(last.endDate) - dayNumber(last.startDate) + 1 : DEFAULT_SPRINT_DAYS;
  const start = last ? dayNumber(last.endDate) + 1 : dayNumber(today);
  return { startDate: dayOf(start), endDate: dayOf(start + days - 1) };
}

export function sprintFormValues(
  sprint?: Sprint | null,
  prefill?: { startDate: string; endDate: string },
): SprintFormValues {
  return {
    name: sprint?.name ?? '',
    goal: sprint?.goal ?? '',
    startDate: sprint?.startDate ?? prefill?.startDate ?? null,
    endDate: sprint?.endDate ?? prefill?.endDate ?? null,
  };
}

export function sprintBody(values: SprintFormValues, projectId: string): SprintBody {
  return {
    pmsProjectId: projectId,
    name: values.name,
    goal: values.goal,
    startDate: values.startDate ?? '',
    endDate: values.endDate ?? '',
  };
}

/** Only what changed goes in the edit body, with the version the form was opened on. */
export function sprintUpdateBody(values: SprintFormValues, sprint: Sprint): SprintUpdateBody {
  const body: SprintUpdateBody = { version: sprint.version };
  if (values.name.trim() !== sprint.name) body.name = values.name;
  if (values.goal.trim() !== sprint.goal) body.goal = values.goal;
  if (values.startDate && values.startDate !== sprint.startDate) body.startDate = values.startDate;
  if (values.endDate && values.endDate !== sprint.endDate) body.endDate = values.endDate;
  return body;
}

export function validateSprintForm(values: SprintFormValues, projectId: string): FormErrors {
  const errors: FormErrors = {};
  for (const [field, label] of REQUIRED) {
    const value = values[field];
    if (value === null || value.trim() === '') errors[field] = messages.required(label);
  }
  const schemaErrors = zodResolver(SprintBodySchema)(sprintBody(values, projectId));
  for (const [field, message] of Object.entries(schemaErrors)) errors[field] ??= message;
  return errors;
}

/** The edit body must also pass the update schema (the same rules, every field optional). */
export function isValidUpdate(body: SprintUpdateBody): boolean {
  return SprintUpdateBodySchema.safeParse(body).success;
}
