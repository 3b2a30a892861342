/**
 * Request limits per signed-in user and per enterprise (RATE_LIMIT_USER_PER_MINUTE,
 * RATE_LIMIT_ENTERPRISE_PER_MINUTE): a token bucket per key in this process, holding a minute's
 * worth and refilled evenly, so a burst is allowed and a steady stream past the rate is not. Past
 * it: 429 with Retry-After, in the one error shape.
 *
 * What "this process" means: the embedded server is one process, so its limits are exact. On
 * Lambda each function instance counts only the requests it served itself; with N warm instances
 * a caller gets up to N times the limit. There it stops one client from hogging an instance, and
 * the global guards are API Gateway's stage and route throttling and the WAF rate rule
 * (infra/lib/constructs/api.ts, infra/lib/edge-stack.ts).
 */
import { AppError } from '../errors';

interface Bucket {
  tokens: number;
  /** performance.now() of the last refill: monotonic, so moving the app's clock changes nothing. */
  at: number;
}

/** Keys kept at most; the least recently used go first (a bucket left alone that long is full). */
const MAX_KEYS = 100_000;
const buckets = new Map<string, Bucket>();

/**
 * Takes one request from `key`'s bucket of `perMinute` (0: no limit), or throws 429 saying when
 * the next one will pass. `whose` ends the message: "for this enterprise".
 */
export function takeRequest(key: string, perMinute: number, whose: string): void {
  if (perMinute <= 0) return;
  const now = performance.now();
  const perMs = perMinute / 60_000;
  const bucket = buckets.get(key) ?? { tokens: perMinute, at: now };
  bucket.tokens = Math.min(perMinute, bucket.tokens + (now - bucket.at) * perMs);
  bucket.at = now;
  buckets.delete(key);
  buckets.set(key, bucket);
  if (buckets.size > MAX_KEYS) buckets.delete(buckets.keys().next().value as string);
  if (bucket.tokens < 1) {
    const seconds = Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000));
    throw new AppError(
      429,
      `Too many requests ${whose}; please wait ${seconds} s and try again`,
      { retryAfterSeconds: seconds },
      { 'Retry-After': String(seconds) },
    );
  }
  bucket.tokens -= 1;
}
