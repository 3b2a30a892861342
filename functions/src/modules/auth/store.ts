/**
 * Sign-in attempt counters, one per login and one per source address, expiring by TTL when their
 * window is over. An attempt is counted before its password is checked, by a conditional update,
 * so parallel attempts can never pass the limit between a read and a write.
 */
import type { Key } from '@core/db/keys';
import { ConditionFailedError, deleteItem, type Item, updateItem } from '@core/db/operations';
import { getRecord, readRecord } from '@core/db/records';

export interface ThrottleRecord {
  /** Attempts counted in the window (a login's successful one clears them; see sign-in-throttle.ts). */
  failures: number;
  /** Epoch milliseconds of the first attempt of the current window. */
  windowStartedAt: number;
}

function fromItem(item: Item): ThrottleRecord {
  return readRecord(item, ['failures', 'windowStartedAt'], {});
}

export type Counted = { counted: true } | { counted: false; windowStartedAt: number };

/**
 * Counts one attempt unless the live window already holds `limit`: one more in a live window under
 * the limit, or a new window when there is none or the last is over. Each step is one conditional
 * update; a step that loses a race to another attempt's (or to a give-back) is tried again.
 */
export async function countAttempt(
  key: Key,
  subject: string,
  now: number,
  windowMs: number,
  limit: number,
): Promise<Counted> {
  const values = { ':windowOver': now - windowMs };
  for (let round = 0; round < 5; round += 1) {
    try {
      await updateItem(
        key,
        { add: { failures: 1 } },
        {
          expression: 'windowStartedAt > :windowOver AND failures < :limit',
          values: { ...values, ':limit': limit },
        },
        'live',
      );
      return { counted: true };
    } catch (error) {
      if (!(error instanceof ConditionFailedError)) throw error;
      // Refused, or no live window: the item tells which (read again; the error's copy is raw).
      const live = await getRecord(key, fromItem);
      if (live && live.windowStartedAt > now - windowMs && live.failures >= limit) {
        return { counted: false, windowStartedAt: live.windowStartedAt };
      }
      if (live && live.windowStartedAt > now - windowMs) continue;
    }
    try {
      const expiresAt = Math.ceil((now + windowMs) / 1000);
      await updateItem(
        key,
        { set: { entity: 'Throttle', subject, failures: 1, windowStartedAt: now, expiresAt } },
        { expression: 'attribute_not_exists(pk) OR windowStartedAt <= :windowOver', values },
        'window',
      );
      return { counted: true };
    } catch (error) {
      // Another attempt opened the window first: count in it.
      if (!(error instanceof ConditionFailedError)) throw error;
    }
  }
  // Still contended after a few rounds: refuse rather than check uncounted.
  return { counted: false, windowStartedAt: now };
}

/** Takes back one counted attempt (one that was not checked, or a success that should not count). */
export async function uncountAttempt(key: Key): Promise<void> {
  await updateItem(
    key,
    { add: { failures: -1 } },
    { expression: 'failures > :none', values: { ':none': 0 } },
  ).catch((error) => {
    if (!(error instanceof ConditionFailedError)) throw error;
  });
}

export async function clearThrottle(key: Key): Promise<void> {
  await deleteItem(key);
}
