/**
 * Produces the one error shape of docs/api-conventions.md for every failure: thrown AppErrors,
 * Hono's own exceptions (malformed JSON, body too large), validation failures (400 naming the
 * field), unknown routes (404) and bugs (500, logged, details never sent to the caller).
 */

import { sentenceCase } from '@shared/schemas/common';
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ZodError } from 'zod';
import { AppError } from '../errors';

function respond(c: Context, error: AppError): Response {
  for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
  return c.json(
    {
      success: false as const,
      errorCode: error.code,
      errorMessage: error.message,
      showType: error.showType,
      ...(error.data === undefined ? {} : { data: error.data }),
    },
    error.status,
  );
}

function fromHttpException(error: HTTPException): AppError {
  if (error.status === 400 && /malformed json/i.test(error.message))
    return new AppError(400, 'Malformed JSON body');
  if (error.status === 413) return new AppError(413, 'The request body is too large');
  if (error.status === 415) return new AppError(415, 'body: Send the body as application/json');
  const status = ([400, 401, 403, 404, 409, 413, 429] as const).find((s) => s === error.status) ?? 500;
  return new AppError(status, status === 500 ? 'Something went wrong; please try again' : error.message);
}

export const errorHandler: ErrorHandler = (error, c) => {
  if (error instanceof AppError) return respond(c, error);
  if (error instanceof HTTPException) return respond(c, fromHttpException(error));
  console.error(`${c.req.method} ${c.req.path} failed:`, error);
  return respond(c, new AppError(500, 'Something went wrong; please try again'));
};

export const notFoundHandler: NotFoundHandler = (c) =>
  respond(c, new AppError(404, `There is no ${c.req.method} ${c.req.path}`));

/** `roleIds.0`, or the part of the request (body, query, path) when the problem is the whole of it. */
function fieldOf(path: readonly PropertyKey[], target: string): string {
  const named = path.map((segment) => String(segment)).join('.');
  if (named) return named;
  return target === 'json' ? 'body' : target === 'param' ? 'path' : target;
}

/**
 * The validation hook of every route: a schema failure is a 400 whose message names the first
 * field (`name: Please enter name`); `data.issues` lists every problem for forms to show. Each
 * message starts with a capital (`title: Title must be at most 200 characters`), once, here.
 */
export function validationHook(
  result: { success: boolean; error?: ZodError; target: string },
  _c: Context,
): void {
  if (result.success || !result.error) return;
  const issues = result.error.issues.map((issue) => ({
    field: fieldOf(issue.path, result.target),
    message: sentenceCase(issue.message),
  }));
  const firstIssue = issues[0] ?? { field: 'body', message: 'is invalid' };
  throw new AppError(400, `${firstIssue.field}: ${firstIssue.message}`, { issues });
}
