/**
 * The middleware every group applies: CSRF rules, the session, the caller's request limit, a body
 * size limit, and no caching of API answers. Each group applies it (so a group works alone as a
 * Lambda); in the composed local app the first group's copy runs and the others step aside.
 */
import { MAX_UPLOAD_BYTES } from '@shared/domain/testing';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { config } from '../config';
import { AppError } from '../errors';
import { ARTIFACT_CLIENT_PATH, assertSameSiteRequest, UPLOAD_PATH } from './csrf';
import type { AppEnv } from './env';
import { takeRequest } from './rate-limit';
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

/**
 * Case spreadsheet uploads may carry a file of up to MAX_UPLOAD_BYTES (the handler answers 413
 * naming the file beyond that); the multipart wrapping adds a little to the body.
 */
const limitUpload = bodyLimit({
  maxSize: MAX_UPLOAD_BYTES + 64 * 1024,
  onError: () => {
    throw new AppError(413, `file: The file must be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`);
  },
});

/**
 * Package clients publish files through the artifact protocols (npm sends its tarball base64 in
 * JSON): up to the 6 MB a Lambda request payload may carry; larger files take the presigned path.
 */
export const ARTIFACT_CLIENT_BODY_BYTES = 6 * 1024 * 1024;
const limitArtifactUpload = bodyLimit({
  maxSize: ARTIFACT_CLIENT_BODY_BYTES,
  onError: () => {
    throw new AppError(
      413,
      `The request body is too large (at most ${ARTIFACT_CLIENT_BODY_BYTES / 1024 / 1024} MB); upload larger files through pmsProductLibrary/{repoId}/packaged`,
    );
  },
});

const bodyLimitOf = (path: string) =>
  UPLOAD_PATH.test(path) ? limitUpload : ARTIFACT_CLIENT_PATH.test(path) ? limitArtifactUpload : limitBody;

export const commonMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.get('commonApplied')) return next();
  c.set('commonApplied', true);
  assertSameSiteRequest(c);
  const session = await loadSession(c);
  c.set('session', session);
  if (session) takeRequest(`user:${session.userId}`, config.rateLimitUserPerMinute, 'from you');
  await bodyLimitOf(c.req.path)(c, next);
  // Answers carry personal data: never cache them (browsers, CloudFront), never sniff types.
  if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
  c.header('X-Content-Type-Options', 'nosniff');
};
