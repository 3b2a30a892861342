/**
 * The audit entries a write carries (core/audit): when a request's scope is open and the write
 * changes objects of an enterprise, the entry is built from the items before and after and put in
 * the same transaction (transactions.ts). "Before" is what the request read of the item
 * (core/audit/context.ts remembers consistent reads), else one consistent BatchGet of the missing
 * items just before the write; "after" is what the write makes of it. Batch writes and partition
 * deletes carry no entry: the transaction of the same request that starts them does.
 *
 * A "before" read earlier may be stale by the time the write lands (another request wrote the
 * item in between), and then both the entry and the item `updateItem` answers would be wrong. So
 * each audited write carries a guard (`beforeGuard`) pinning the item to its "before"; when the
 * guard fails, transactions.ts reads the item again and plans the write anew.
 */

import { isDeepStrictEqual } from 'node:util';
import { type AuditScope, currentAuditScope, keyString } from '../audit/context';
import { entryAction, entryItem, type ItemChange, objectsOfChanges } from '../audit/entry';
import { mayBeAudited } from '../audit/objects';
import { nowIso } from '../clock';
import { newId } from '../ids';
import { type Condition, conditions, type Item, type UpdateSpec } from './expressions';
import type { Key } from './keys';
import { batchGet } from './operations';
import type { TxOp } from './transactions';

/** The entries to put with a write, and what the write makes of its objects' items. */
export interface PlannedAudit {
  scope: AuditScope;
  entries: Item[];
  changes: ItemChange[];
}

function keyOf(op: Exclude<TxOp, { check: Key }>): Key {
  if ('put' in op) return { pk: op.put.pk as string, sk: op.put.sk as string };
  return 'update' in op ? op.update : op.delete;
}

/** The item after an update: SET, ADD (numbers) and REMOVE applied to the item before. */
export function applyUpdate(key: Key, before: Item | null, spec: UpdateSpec): Item {
  const after: Item = { ...key, ...before };
  for (const [field, value] of Object.entries(spec.set ?? {})) if (value !== undefined) after[field] = value;
  for (const [field, step] of Object.entries(spec.add ?? {})) after[field] = Number(after[field] ?? 0) + step;
  for (const field of spec.remove ?? []) delete after[field];
  return after;
}

/** A put that may only create knows its before: nothing. */
const createsOnly = (op: TxOp) => 'put' in op && op.condition?.expression === conditions.notExists.expression;

/**
 * The items before the write: `fresh` (read again after a guard failed), else remembered by the
 * scope, else read now (one BatchGet).
 */
async function itemsBefore(
  scope: AuditScope,
  ops: readonly Exclude<TxOp, { check: Key }>[],
  fresh: ReadonlyMap<string, Item | null>,
): Promise<Map<string, Item | null>> {
  const before = new Map<string, Item | null>();
  const missing: Key[] = [];
  for (const op of ops) {
    const key = keyOf(op);
    const name = keyString(key);
    if (createsOnly(op)) before.set(name, null);
    else if (fresh.has(name)) before.set(name, fresh.get(name) ?? null);
    else if (scope.seen?.has(name)) before.set(name, scope.seen.get(name) ?? null);
    else if (!before.has(name)) missing.push(key);
  }
  if (missing.length > 0) {
    const found = new Map((await batchGet(missing)).map((item) => [keyString(item as Key), item]));
    for (const key of missing) before.set(keyString(key), found.get(keyString(key)) ?? null);
  }
  return before;
}

/**
 * The entries for `ops` (none when what they write is no object), or null when no scope is open or
 * nothing the ops write may be an object of an enterprise (a session, a counter, a claim).
 */
export async function planAudit(
  ops: readonly TxOp[],
  fresh: ReadonlyMap<string, Item | null> = new Map(),
): Promise<PlannedAudit | null> {
  const scope = currentAuditScope();
  if (!scope) return null;
  const writes = ops.filter(
    (op): op is Exclude<TxOp, { check: Key }> => !('check' in op) && mayBeAudited(keyOf(op)),
  );
  if (writes.length === 0) return null;
  const before = await itemsBefore(scope, writes, fresh);
  const changes: ItemChange[] = writes.map((op) => {
    const key = keyOf(op);
    const was = before.get(keyString(key)) ?? null;
    if ('put' in op) return { key, before: was, after: op.put };
    if ('delete' in op) return { key, before: was, after: null };
    return { key, before: was, after: applyUpdate(key, was, op) };
  });
  const at = nowIso();
  const entries: Item[] = [];
  for (const group of objectsOfChanges(changes)) {
    if (group.objects.length === 0) continue;
    const retentionDays = await scope.retentionDays(group.enterpriseId);
    entries.push(
      entryItem(scope, {
        id: newId(),
        at,
        enterpriseId: group.enterpriseId,
        action: entryAction(group.objects),
        objects: group.objects,
        refs: group.refs,
        retentionDays,
      }),
    );
  }
  return { scope, entries, changes };
}

// ---- guards: the write lands only on the item its "before" describes ---------------------------

/** Attributes up to this size are pinned by value; longer ones (a page, a description) by size. */
const PINNED_BY_VALUE_CHARS = 1_000;

/** `a.b = :x`-style placeholders of a guard, apart from the callers' own (`#version`, `#u0`). */
const guardName = (index: number) => `#g${index}`;
const guardValue = (index: number) => `:g${index}`;

/** A rough size of a value, to choose between pinning it by value or by length. */
const sizeOf = (value: unknown) =>
  typeof value === 'string'
    ? value.length
    : (JSON.stringify(value, (_k, v) => (v instanceof Set ? [...v] : v))?.length ?? 0);

/** How a guard pins one attribute: long text by its length, other large values by presence. */
function pinOf(value: unknown): 'value' | 'length' | 'presence' {
  if (typeof value === 'string') return value.length > PINNED_BY_VALUE_CHARS ? 'length' : 'value';
  return sizeOf(value) > PINNED_BY_VALUE_CHARS ? 'presence' : 'value';
}

/**
 * The condition that the item is still `before`: absent, or with each of its attributes (long ones
 * by their length) as read. An attribute someone added since the read is not seen by it: items
 * gain attributes only through writes that also change one already there (`updatedAt`, `version`).
 */
export function beforeGuard(before: Item | null): Condition {
  if (!before) return conditions.notExists;
  const parts = ['attribute_exists(pk)'];
  const names: Record<string, string> = {};
  const values: Item = {};
  let index = 0;
  for (const [field, value] of Object.entries(before)) {
    if (field === 'pk' || field === 'sk' || value === undefined) continue;
    const name = guardName(index);
    const placeholder = guardValue(index);
    index += 1;
    names[name] = field;
    const pin = pinOf(value);
    if (pin === 'length') {
      parts.push(`size(${name}) = ${placeholder}`);
      values[placeholder] = value.length;
    } else if (pin === 'presence') {
      parts.push(`attribute_exists(${name})`);
    } else {
      parts.push(`${name} = ${placeholder}`);
      values[placeholder] = value;
    }
  }
  return { expression: parts.join(' AND '), names, values };
}

/** Whether `item` (read after a failed write) still matches the guard of `before`. */
export function stillAsBefore(before: Item | null, item: Item | null): boolean {
  if (!before || !item) return before === item;
  return Object.entries(before).every(([field, value]) => {
    if (value === undefined) return true;
    const now = item[field];
    const pin = pinOf(value);
    if (pin === 'length') return typeof now === 'string' && now.length === (value as string).length;
    if (pin === 'presence') return now !== undefined;
    return isDeepStrictEqual(value, now);
  });
}

/**
 * A guard is needed unless the caller's own condition already pins the item to `before`, or the
 * write steps counters (ADD): steps commute, and guarding them would make every concurrent step of
 * a hot counter (a repository's component count) retry; their entry's absolute counts may lag a
 * concurrent step, the step itself is exact.
 */
function needsGuard(op: Exclude<TxOp, { check: Key }>, before: Item | null): boolean {
  if (createsOnly(op)) return false;
  if ('update' in op && op.add && Object.keys(op.add).length > 0) return false;
  const expected = op.condition?.values?.[':expectedVersion'];
  return !(expected !== undefined && before?.version === expected);
}

/** `op` with the guard of its "before" added to its own condition (both must hold). */
export function guarded<T extends TxOp>(op: T, before: Item | null): T {
  if ('check' in op || !needsGuard(op, before)) return op;
  const guard = beforeGuard(before);
  const own = op.condition;
  const condition: Condition = own
    ? {
        expression: `(${own.expression}) AND (${guard.expression})`,
        names: { ...own.names, ...guard.names },
        values: { ...own.values, ...guard.values },
      }
    : guard;
  return { ...op, condition };
}

/** The "before" the plan holds for `key`, if the key is one of its writes. */
export function plannedBefore(planned: PlannedAudit, key: Key): { before: Item | null } | undefined {
  const change = planned.changes.find((c) => c.key.pk === key.pk && c.key.sk === key.sk);
  return change && { before: change.before };
}

/** After the write: the scope remembers the items as they now are, the "before" of its next write. */
export function rememberWritten(planned: PlannedAudit): void {
  const { seen } = planned.scope;
  if (!seen) return;
  for (const change of planned.changes) seen.set(keyString(change.key), change.after);
}
