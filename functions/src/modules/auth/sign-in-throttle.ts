/**
 * Slows down password guessing. Every password check (sign-in, password change) is first counted,
 * atomically, against two budgets of the current window: its login's and its source address's.
 * When either is used up the attempt is refused with 429 before the password is looked at,
 * right password or not; so however many guesses arrive at once, at most the limit are checked.
 * Unknown logins are counted the same way, so the answer never tells whether a login exists.
 *
 * A right password clears its login's count (the person is back in) and takes its own attempt
 * back from the address's, so a guesser cannot reset an address by signing in to an account of
 * its own. Rules and figures: docs/architecture.md, "Accounts, sessions and CSRF".
 */
import { clock } from '@core/clock';
import { config } from '@core/config';
import { keys } from '@core/db/keys';
import { AppError } from '@core/errors';
import { clearThrottle, countAttempt, uncountAttempt } from './store';

function tooManyAttempts(retryAt: number, now: number): AppError {
  const seconds = Math.max(1, Math.ceil((retryAt - now) / 1000));
  const minutes = Math.ceil(seconds / 60);
  const wait = seconds < 60 ? `${seconds} seconds` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return new AppError(
    429,
    `Too many failed sign-in attempts; try again in ${wait} (after ${new Date(retryAt).toISOString()})`,
    { retryAt: new Date(retryAt).toISOString() },
    { 'Retry-After': String(seconds) },
  );
}

/** Who is trying: the account's login (or the name typed) and, when known, the source address. */
export interface Attempt {
  login: string;
  address: string | undefined;
}

/**
 * Runs `check` (a password comparison) as one counted attempt; 429 when the login's or the
 * address's budget is used up. Answers what `check` answered.
 */
export async function throttledCheck(attempt: Attempt, check: () => Promise<boolean>): Promise<boolean> {
  const login = keys.throttle(attempt.login);
  const address = attempt.address === undefined ? undefined : keys.addressThrottle(attempt.address);
  const budgets = [
    { key: login, subject: attempt.login, limit: config.signInMaxFailures },
    ...(address
      ? [{ key: address, subject: attempt.address!, limit: config.signInMaxFailuresPerAddress }]
      : []),
  ];
  const now = clock.now();
  const counts = await Promise.all(
    budgets.map((b) => countAttempt(b.key, b.subject, now, config.signInWindowMs, b.limit)),
  );
  const refusedSince = counts.flatMap((c) => (c.counted ? [] : [c.windowStartedAt]));
  if (refusedSince.length > 0) {
    // Not checked, so not counted where it was: a refusal by one budget must not drain the other.
    await Promise.all(budgets.filter((_, i) => counts[i]!.counted).map((b) => uncountAttempt(b.key)));
    throw tooManyAttempts(Math.max(...refusedSince) + config.signInWindowMs, now);
  }
  const valid = await check();
  if (valid) await Promise.all([clearThrottle(login), address && uncountAttempt(address)]);
  return valid;
}
