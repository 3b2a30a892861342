/**
 * API constants without schema code, so the web's first script can import them without pulling
 * in zod. `schemas/common.ts` re-exports them for server code.
 */

/** Section 8 show types: how the client presents a business error. */
export const SHOW_TYPE = { silent: 0, warning: 1, error: 2, notification: 3, redirect: 9 } as const;

/** Machine-readable error codes carried by every error response. */
export const ERROR_CODE = {
  badRequest: 'BAD_REQUEST',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  internal: 'INTERNAL',
} as const;

/** Section 9: paginated requests default to page 1 and size 10. */
export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
