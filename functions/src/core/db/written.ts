/**
 * Who hears of this process's writes. Per-process copies of items (the identity cache) subscribe
 * and drop what a write touched, so a change made here is seen here at once; changes made by other
 * processes reach a copy only when it expires. Every write helper announces the keys it wrote
 * (or tried to: a failed condition only costs a copy that is read again).
 */
import type { Key } from './keys';

type Listener = (key: Key) => void;

const listeners: Listener[] = [];

export function onWritten(listener: Listener): void {
  listeners.push(listener);
}

export function announceWritten(keyList: Iterable<Key>): void {
  if (listeners.length === 0) return;
  for (const key of keyList) for (const listener of listeners) listener(key);
}
