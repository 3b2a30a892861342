/**
 * One JSON line per API request, for operators: the request id (also answered to the caller in
 * X-Request-Id and shown with the web app's error messages, so support can find the line), the
 * enterprise and user, the matched route pattern (`/api/pms/:identifier/pmsProject/:id`, never
 * the path with its ids), method, status and duration. Nothing else: no query, no body, no
 * cookie, no header, so no secret can end up in it.
 *
 * Where it goes (REQUEST_LOG): on Lambda stdout, one line per request into the function's log
 * group, with API Gateway's request id; `npm start` writes DATA_DIR/logs/requests.log, so the
 * terminal a newcomer watches stays quiet; elsewhere (tests, scripts) nowhere unless set.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { config } from '../config';
import type { Tenant } from '../identity/tenancy';
import type { AppEnv } from './env';

export const REQUEST_ID_HEADER = 'X-Request-Id';

let writeLine: ((line: string) => void) | undefined;

function openLog(target: string): (line: string) => void {
  if (target === 'off') return () => undefined;
  if (target === 'stdout') return (line) => process.stdout.write(`${line}\n`);
  mkdirSync(dirname(target), { recursive: true });
  const file = createWriteStream(target, { flags: 'a' });
  return (line) => file.write(`${line}\n`);
}

/** The pattern of the route that matched (the first that is not a `*` middleware), or null. */
export function routeOf(c: Context): string | null {
  return matchedRoutes(c).find((route) => !route.path.includes('*'))?.path ?? null;
}

export const requestLog: MiddlewareHandler<AppEnv> = async (c, next) => {
  // Once per request in the composed local app, where every group's copy is on the path.
  if (c.get('requestId')) return next();
  // biome-ignore lint/suspicious/noExplicitAny: hono/aws-lambda's env; absent elsewhere
  const requestId: string = (c.env as any)?.event?.requestContext?.requestId ?? randomUUID();
  c.set('requestId', requestId);
  const started = performance.now();
  await next();
  c.header(REQUEST_ID_HEADER, requestId);
  const tenant = (c.var as { tenant?: Tenant }).tenant;
  writeLine ??= openLog(config.requestLog);
  writeLine(
    JSON.stringify({
      time: new Date().toISOString(),
      requestId,
      method: c.req.method,
      route: routeOf(c),
      status: c.res.status,
      durationMs: Math.round(performance.now() - started),
      userId: c.get('session')?.userId ?? null,
      enterpriseId: tenant?.enterprise.id ?? null,
    }),
  );
};
