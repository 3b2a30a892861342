/**
 * The middleware every group applies: CSRF rules, the session, a body size limit, and no caching
 * of API answers. Each group applies it (so a group works alone as a Lambda); in the composed
 * local app the first group's copy runs and the others step aside.
 */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { config } from '../config';
import { AppError } from '../errors';
import { assertSameSiteRequest } from './csrf';
import type { AppEnv } from './env';
import { loadSession } from './session';

const limitBody = bodyLimit({
  maxSize: config.bodyLimitBytes,
  onError: () => {
    throw new AppError(
      413,
      `The request body is too large (at most ${Math.round(config.bodyLimitBytes / 1024)} KB)`,
    );
  },
});

export const commonMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.get('commonApplied')) return next();
  c.set('commonApplied', true);
  assertSameSiteRequest(c);
  c.set('session', await loadSession(c));
  await limitBody(c, next);
  // Answers carry personal data: never cache them (browsers, CloudFront), never sniff types.
  if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
  c.header('X-Content-Type-Options', 'nosniff');
};
