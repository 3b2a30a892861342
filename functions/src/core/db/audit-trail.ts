/**
 * The audit entries a write carries (core/audit): when a request's scope is open and the write
 * changes objects of an enterprise, the entry is built from the items before and after and put in
 * the same transaction (transactions.ts). "Before" is what the request read of the item
 * (core/audit/context.ts remembers consistent reads), else one consistent BatchGet of the missing
 * items just before the write; "after" is what the write makes of it. Batch writes and partition
 * deletes carry no entry: the transaction of the same request that starts them does.
 */
import { type AuditScope, currentAuditScope, keyString } from '../audit/context';
import { entryAction, entryItem, type ItemChange, objectsOfChanges } from '../audit/entry';
import { mayBeAudited } from '../audit/objects';
import { nowIso } from '../clock';
import { newId } from '../ids';
import { conditions, type Item, type UpdateSpec } from './expressions';
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

/** The items before the write: remembered by the scope, else read now (one BatchGet). */
async function itemsBefore(
  scope: AuditScope,
  ops: readonly Exclude<TxOp, { check: Key }>[],
): Promise<Map<string, Item | null>> {
  const before = new Map<string, Item | null>();
  const missing: Key[] = [];
  for (const op of ops) {
    const key = keyOf(op);
    const name = keyString(key);
    if (createsOnly(op)) before.set(name, null);
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
export async function planAudit(ops: readonly TxOp[]): Promise<PlannedAudit | null> {
  const scope = currentAuditScope();
  if (!scope) return null;
  const writes = ops.filter(
    (op): op is Exclude<TxOp, { check: Key }> => !('check' in op) && mayBeAudited(keyOf(op)),
  );
  if (writes.length === 0) return null;
  const before = await itemsBefore(scope, writes);
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

/** After the write: the scope remembers the items as they now are, the "before" of its next write. */
export function rememberWritten(planned: PlannedAudit): void {
  const { seen } = planned.scope;
  if (!seen) return;
  for (const change of planned.changes) seen.set(keyString(change.key), change.after);
}
