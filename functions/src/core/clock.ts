/**
 * The server's notion of "now", in epoch milliseconds. Everything time-based (session idle and
 * absolute expiry, sign-in throttling, timestamps) reads it here, so tests can move time forward
 * instead of waiting: `clock.now = () => Date.now() + 3 * HOUR`.
 */
export const clock = {
  now: (): number => Date.now(),
};

/** The current time as an ISO string, for `createdAt`/`updatedAt`. */
export function nowIso(): string {
  return new Date(clock.now()).toISOString();
}

/** The stamps of a record written for the first time: created and updated `at`, version 1. */
export function firstVersion(at: string = nowIso()): {
  createdAt: string;
  updatedAt: string;
  version: number;
} {
  return { createdAt: at, updatedAt: at, version: 1 };
}
