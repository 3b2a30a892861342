/**
 * Slows down password guessing: failed attempts are counted per login in a window; once the
 * count reaches the limit, every attempt (right password or not) is refused with 429 until the
 * window is over. Unknown logins are counted the same way, so the answer never tells whether a
 * login exists.
 */
import { clock } from '@core/clock';
import { config } from '@core/config';
import { AppError } from '@core/errors';
import { clearThrottle, getThrottle, recordFailure } from './store';

function retryMessage(retryAt: number, now: number): { message: string; seconds: number } {
  const seconds = Math.max(1, Math.ceil((retryAt - now) / 1000));
  const minutes = Math.ceil(seconds / 60);
  const wait = seconds < 60 ? `${seconds} seconds` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return {
    seconds,
    message: `Too many failed sign-in attempts; try again in ${wait} (after ${new Date(retryAt).toISOString()})`,
  };
}

/** Throws 429 while `login` has used up its failed attempts for the current window. */
export async function assertNotThrottled(login: string): Promise<void> {
  const throttle = await getThrottle(login);
  const now = clock.now();
  if (!throttle || throttle.failures < config.signInMaxFailures) return;
  const retryAt = throttle.windowStartedAt + config.signInWindowMs;
  if (retryAt <= now) return;
  const { message, seconds } = retryMessage(retryAt, now);
  throw new AppError(
    429,
    message,
    { retryAt: new Date(retryAt).toISOString() },
    { 'Retry-After': String(seconds) },
  );
}

export async function recordFailedSignIn(login: string): Promise<void> {
  await recordFailure(login, clock.now(), config.signInWindowMs);
}

export async function clearFailedSignIns(login: string): Promise<void> {
  await clearThrottle(login);
}
