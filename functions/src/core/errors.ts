/**
 * Failures the API reports to its callers. Services throw these; the HTTP layer turns them into
 * the one error shape of docs/api-conventions.md. Anything else is a bug and becomes a 500.
 */
import { ERROR_CODE, SHOW_TYPE } from '@shared/schemas/common';

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500;

const CODE_BY_STATUS: Record<ErrorStatus, string> = {
  400: ERROR_CODE.badRequest,
  401: ERROR_CODE.unauthorized,
  403: ERROR_CODE.forbidden,
  404: ERROR_CODE.notFound,
  409: ERROR_CODE.conflict,
  413: ERROR_CODE.payloadTooLarge,
  415: ERROR_CODE.badRequest,
  429: ERROR_CODE.tooManyRequests,
  500: ERROR_CODE.internal,
};

/** Section 8: 401 sends the client to sign in, conflicts and throttling warn, the rest are errors. */
function showTypeFor(status: ErrorStatus): number {
  if (status === 401) return SHOW_TYPE.redirect;
  if (status === 409 || status === 429) return SHOW_TYPE.warning;
  return SHOW_TYPE.error;
}

export class AppError extends Error {
  readonly code: string;
  readonly showType: number;

  constructor(
    readonly status: ErrorStatus,
    message: string,
    readonly data?: unknown,
    /** Extra response headers, e.g. Retry-After on 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.code = CODE_BY_STATUS[status];
    this.showType = showTypeFor(status);
  }
}

/** 400 with the field first, as every 400 message must be (`field: problem`). */
export const badRequest = (field: string, problem: string, data?: unknown) =>
  new AppError(400, `${field}: ${problem}`, data);
export const unauthorized = (message = 'Please sign in') => new AppError(401, message);
export const forbidden = (message: string, data?: unknown) => new AppError(403, message, data);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string, data?: unknown) => new AppError(409, message, data);
export const staleVersion = (what: string) =>
  conflict(`${what} was changed by someone else; reload and try again`);

/** The one message for an enterprise the caller cannot see, whether or not it exists. */
export const ENTERPRISE_NOT_FOUND = 'The enterprise does not exist';
export const enterpriseNotFound = () => notFound(ENTERPRISE_NOT_FOUND);
