import { OpenAPIHono } from '@hono/zod-openapi';
import { auditScope } from './audit-scope';
import { commonMiddleware } from './common';
import type { AppEnv } from './env';
import { errorHandler, notFoundHandler, validationHook } from './errors';
import { requestLog } from './request-log';

/** A router for one resource's routes; validation failures become 400s naming the field. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}

/**
 * An endpoint group's app, complete on its own (it is one Lambda function): the request log, the
 * audit scope, common middleware, the error shape, and 404 for unknown routes. Mount resource
 * routers on it with `.route('/', r)`.
 */
export function createGroupApp() {
  const app = createRouter();
  // First: it times and logs everything after it, refusals by the common middleware included.
  app.use('*', requestLog);
  // Before the session is loaded: the scope asks for the caller only when something is written.
  app.use('*', auditScope);
  app.use('*', commonMiddleware);
  app.onError(errorHandler);
  app.notFound(notFoundHandler);
  return app;
}
