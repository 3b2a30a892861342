import type { ApiError } from '@shared/schemas/common';

/**
 * A response whose body says `success: false` (spec section 8, failure flag). It carries the
 * server's error fields so callers can react to a code (`errorCode`) or read `data`.
 */
/** The error page the client sent the user to while handling a failure (section 8). */
export type ErrorPage = '/403' | '/404';

export class BusinessError extends Error {
  readonly errorCode: string;
  readonly errorMessage: string;
  readonly showType: number;
  readonly data: unknown;
  /** Set when the client has already gone to an error page for this failure. */
  navigatedTo: ErrorPage | null = null;

  constructor(
    body: Pick<ApiError, 'errorCode' | 'errorMessage' | 'showType' | 'data'>,
    /** The server's X-Request-Id: support finds the request's log line by it. */
    readonly requestId?: string,
  ) {
    super(body.errorMessage);
    this.name = 'BusinessError';
    this.errorCode = body.errorCode;
    this.errorMessage = body.errorMessage;
    this.showType = body.showType;
    this.data = body.data;
  }
}

/** A response with a status other than 200 or 201 (spec section 8, by response code). */
export class HttpError extends Error {
  readonly status: number;
  readonly errorCode: string;
  readonly errorMessage: string;
  readonly data: unknown;
  /** True when the client is taking the browser to the sign-in page (401). */
  readonly redirecting: boolean;
  /** Set when the client has already gone to an error page for this failure. */
  navigatedTo: ErrorPage | null = null;

  constructor(
    status: number,
    body: Partial<ApiError> | null,
    redirecting = false,
    /** The server's X-Request-Id: support finds the request's log line by it. */
    readonly requestId?: string,
  ) {
    super(body?.errorMessage || `Response status: ${status}`);
    this.name = 'HttpError';
    this.status = status;
    this.errorCode = body?.errorCode ?? '';
    this.errorMessage = body?.errorMessage ?? '';
    this.data = body?.data;
    this.redirecting = redirecting;
  }
}

/**
 * The request failed before a usable response arrived. `kind` picks the one message shown:
 * `response` (a response came but could not be read), `none` (no response: offline, refused,
 * timed out) or `request` (the request could not be sent at all).
 */
export type NetworkErrorKind = 'response' | 'none' | 'request';

export class NetworkError extends Error {
  readonly kind: NetworkErrorKind;
  readonly status: number | undefined;

  constructor(kind: NetworkErrorKind, message: string, options?: { status?: number; cause?: unknown }) {
    super(message, { cause: options?.cause });
    this.name = 'NetworkError';
    this.kind = kind;
    this.status = options?.status;
  }
}

export type ApiClientError = BusinessError | HttpError | NetworkError;

export function isApiClientError(error: unknown): error is ApiClientError {
  return error instanceof BusinessError || error instanceof HttpError || error instanceof NetworkError;
}

/** 401 from the API (the client has already started the sign-in redirect unless `redirecting` is false). */
export function isUnauthorized(error: unknown): error is HttpError {
  return error instanceof HttpError && error.status === 401;
}

/** The request id of a failure the server answered (X-Request-Id), if any. */
export function requestIdOf(error: unknown): string | undefined {
  return error instanceof BusinessError || error instanceof HttpError ? error.requestId : undefined;
}

/** The message to put next to a form or in an alert for any error the client threw. */
export function errorText(error: unknown, fallback = 'Operation failed'): string {
  if (error instanceof BusinessError || error instanceof HttpError) return error.errorMessage || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
