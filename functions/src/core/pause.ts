/**
 * Waiting between retries. Writers that lost an optimistic race wait a random part of a window
 * that doubles with each attempt ("full jitter"), so racers spread out instead of colliding again
 * in step.
 */

export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A random wait in [0, min(capMs, stepMs · 2^attempt)). */
export function jitteredPause(attempt: number, stepMs: number, capMs: number): Promise<void> {
  return pause(Math.random() * Math.min(capMs, stepMs * 2 ** attempt));
}
