import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError, conflict } from '../errors';
import { errorHandler, notFoundHandler } from './errors';

function appThrowing(error: unknown) {
  const app = new Hono();
  app.get('/boom', () => {
    throw error;
  });
  app.onError(errorHandler);
  app.notFound(notFoundHandler);
  return app;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the error handler', () => {
  it('answers AppErrors in the one error shape, with their headers', async () => {
    const res = await appThrowing(
      new AppError(429, 'slow down', { retryAt: 'soon' }, { 'Retry-After': '60' }),
    ).request('/boom');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('60');
    expect(await res.json()).toEqual({
      success: false,
      errorCode: 'TOO_MANY_REQUESTS',
      errorMessage: 'slow down',
      showType: 1,
      data: { retryAt: 'soon' },
    });
    const conflictRes = await appThrowing(conflict('taken')).request('/boom');
    expect(await conflictRes.json()).toEqual({
      success: false,
      errorCode: 'CONFLICT',
      errorMessage: 'taken',
      showType: 1,
    });
  });

  it('answers bugs with 500 and no details, and logs them', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await appThrowing(new Error('table secret-table not found at 10.0.0.1')).request('/boom');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain('secret');
    expect(JSON.parse(text)).toMatchObject({ success: false, errorCode: 'INTERNAL' });
    expect(log).toHaveBeenCalled();
  });

  it("maps Hono's exceptions: malformed JSON to 400, too large to 413", async () => {
    const malformed = await appThrowing(
      new HTTPException(400, { message: 'Malformed JSON in request body' }),
    ).request('/boom');
    expect(await malformed.json()).toMatchObject({
      errorCode: 'BAD_REQUEST',
      errorMessage: 'Malformed JSON body',
    });
    const large = await appThrowing(new HTTPException(413)).request('/boom');
    expect(large.status).toBe(413);
  });

  it('answers unknown routes with 404 in the same shape', async () => {
    const res = await appThrowing(null).request('/nowhere');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({
      success: false,
      errorCode: 'NOT_FOUND',
      errorMessage: 'There is no GET /nowhere',
    });
  });
});
