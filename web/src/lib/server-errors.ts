import type { ReactNode } from 'react';
import { HttpError } from '../api/errors';

/** The part of a Mantine form this needs (any form's values and errors). */
export interface FieldErrorTarget {
  getValues(): object;
  setFieldError(path: string, error: ReactNode): void;
}

/**
 * A 400 (or 409) message names the field first (`field: problem`, docs/api-conventions.md). When
 * that field is on the form, show the problem under it as well; the client has already shown the
 * message as a notification.
 */
export function showServerFieldError(form: FieldErrorTarget, error: unknown): boolean {
  if (!(error instanceof HttpError) || (error.status !== 400 && error.status !== 409)) return false;
  const match = /^([A-Za-z][\w.]*): (.+)$/.exec(error.errorMessage);
  if (!match) return false;
  const [, field, problem] = match;
  if (!field || !problem || !(field in form.getValues())) return false;
  form.setFieldError(field, problem);
  return true;
}
