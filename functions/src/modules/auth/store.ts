/** Failed sign-in counters, one per login, expiring by TTL when their window is over. */
import { keys } from '@core/db/keys';
import { ConditionFailedError, deleteItem, type Item, updateItem } from '@core/db/operations';
import { getRecord, readRecord } from '@core/db/records';

export interface ThrottleRecord {
  login: string;
  failures: number;
  /** Epoch milliseconds of the first failure of the current window. */
  windowStartedAt: number;
}

function fromItem(item: Item): ThrottleRecord {
  return readRecord(item, ['login', 'failures', 'windowStartedAt'], {});
}

// Access pattern: the throttle of a login (base table).
export async function getThrottle(login: string): Promise<ThrottleRecord | null> {
  return getRecord(keys.throttle(login), fromItem);
}

/**
 * Counts one failure. Starts a new window when there is none or the last one is over; otherwise
 * adds one atomically, so parallel guesses are all counted.
 */
export async function recordFailure(login: string, now: number, windowMs: number): Promise<ThrottleRecord> {
  const key = keys.throttle(login);
  const expiresAt = Math.ceil((now + windowMs) / 1000);
  try {
    const fresh = await updateItem(
      key,
      { set: { entity: 'Throttle', login, failures: 1, windowStartedAt: now, expiresAt } },
      {
        expression: 'attribute_not_exists(pk) OR windowStartedAt <= :windowOver',
        values: { ':windowOver': now - windowMs },
      },
      'window',
    );
    return fromItem(fresh);
  } catch (error) {
    if (!(error instanceof ConditionFailedError)) throw error;
    return fromItem(await updateItem(key, { add: { failures: 1 } }));
  }
}

export async function clearThrottle(login: string): Promise<void> {
  await deleteItem(keys.throttle(login));
}
