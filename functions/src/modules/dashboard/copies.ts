/**
 * Short-lived per-process copies of the small reads every desk call repeats (my memberships, the
 * enterprise's projects and products, a project's sprints, sheets and repository links, a
 * product's requirements and plans): a desk fires its blocks' calls at once, and each would read
 * them again. The rule is the identity cache's (docs/architecture.md, "One item in a few reads"):
 * a copy lives COPY_TTL_MS, and a write this process makes to what a copy was read from drops it
 * at once (core/db/written.ts). So a change made through this instance shows on the next desk; one
 * made through another instance within COPY_TTL_MS. Concurrent misses share one read.
 */
import { clock } from '@core/clock';
import type { Key } from '@core/db/keys';
import { onWritten } from '@core/db/written';

export const COPY_TTL_MS = 5000;
const MAX_COPIES = 5000;

interface Copy {
  value: Promise<unknown>;
  until: number;
  /** Whether a write of `key` may change what the copy was read from. */
  touchedBy: (key: Key) => boolean;
}

const copies = new Map<string, Copy>();

onWritten((key) => {
  for (const [name, copy] of copies) if (copy.touchedBy(key)) copies.delete(name);
});

/** A write of an item in partition `pk` whose sort key begins with `prefix`. */
export const writesUnder =
  (pk: string, prefix = '') =>
  (key: Key) =>
    key.pk === pk && key.sk.startsWith(prefix);

/** The copy named `name`, read with `load` when there is none (or it is older than COPY_TTL_MS). */
export function copyOf<T>(
  name: string,
  touchedBy: (key: Key) => boolean,
  load: () => Promise<T>,
): Promise<T> {
  const now = clock.now();
  const held = copies.get(name);
  if (held && held.until > now) return held.value as Promise<T>;
  if (copies.size >= MAX_COPIES) copies.delete(copies.keys().next().value!);
  const value = load();
  copies.set(name, { value, until: now + COPY_TTL_MS, touchedBy });
  // A failed read is not kept.
  value.catch(() => copies.get(name)?.value === value && copies.delete(name));
  return value;
}

/** Forgets every copy (tests and the bench). */
export function forgetCopies(): void {
  copies.clear();
}
