/**
 * An audit entry from the items a write changes: each item's object (objects.ts), the fields that
 * differ between the item before and after, values shortened and secrets left out, and the item
 * that stores it all. Pure: core/db hands it the items, before and after.
 */
import { isDeepStrictEqual } from 'node:util';
import type { AuditAction, AuditChange, AuditObject } from '@shared/schemas/audit';
import type { Item } from '../db/expressions';
import { type Key, keys } from '../db/keys';
import { isSecretAttribute } from '../security/secret-attributes';
import type { AuditScope } from './context';
import { auditObjectOf } from './objects';

/** One item a write changes: as it was (null: absent) and as it will be (null: deleted). */
export interface ItemChange {
  key: Key;
  before: Item | null;
  after: Item | null;
}

/** Keys, bookkeeping and time stamps: the entry says when, and a version step is no news. */
const NOT_SHOWN = new Set([
  'pk',
  'sk',
  'gsi1pk',
  'gsi1sk',
  'gsi2pk',
  'gsi2sk',
  'entity',
  'version',
  'rev',
  'expiresAt',
  'updatedAt',
]);

/** Longer text (a description, a page) is cut here, with a marker saying how much is left out. */
export const MAX_VALUE_CHARS = 2_000;
const MAX_LIST_ITEMS = 100;
/** The objects of one entry, as JSON, stay under this many bytes (DynamoDB's item limit is 400 KB). */
export const MAX_OBJECTS_BYTES = 150_000;

const shown = (field: string) => !NOT_SHOWN.has(field) && !isSecretAttribute(field);

/** A value as the log keeps it: long text and lists cut, bytes and sets described. */
export function keptValue(value: unknown): unknown {
  if (typeof value === 'string') {
    if (value.length <= MAX_VALUE_CHARS) return value;
    return `${value.slice(0, MAX_VALUE_CHARS)}… [${value.length - MAX_VALUE_CHARS} more characters]`;
  }
  if (value instanceof Uint8Array) return `[${value.length} bytes]`;
  if (value instanceof Set) return keptValue([...value]);
  if (Array.isArray(value)) {
    const kept = value.slice(0, MAX_LIST_ITEMS).map(keptValue);
    if (value.length > MAX_LIST_ITEMS) kept.push(`… [${value.length - MAX_LIST_ITEMS} more]`);
    return kept;
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([field]) => !isSecretAttribute(field))
        .map(([field, inner]) => [field, keptValue(inner)]),
    );
  }
  return value;
}

/** The shown fields that differ between `before` and `after`, in field order. */
export function changedFields(before: Item | null, after: Item | null): AuditChange[] {
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: AuditChange[] = [];
  for (const field of [...fields].filter(shown).sort()) {
    const was = before?.[field];
    const is = after?.[field];
    if (isDeepStrictEqual(was, is)) continue;
    changes.push({
      field,
      ...(was === undefined ? {} : { before: keptValue(was) }),
      ...(is === undefined ? {} : { after: keptValue(is) }),
    });
  }
  return changes;
}

function actionOf(change: ItemChange): AuditObject['action'] {
  if (!change.after) return 'delete';
  return change.before ? 'update' : 'create';
}

/** Two items of one object (a work item and its description): created or deleted only when both are. */
function mergedAction(a: AuditObject['action'], b: AuditObject['action']): AuditObject['action'] {
  return a === b ? a : 'update';
}

export interface EntryObjects {
  enterpriseId: string;
  objects: AuditObject[];
  refs: string[];
}

/** The objects the changes concern, per enterprise; items that are no objects are left out. */
export function objectsOfChanges(changes: readonly ItemChange[]): EntryObjects[] {
  const byEnterprise = new Map<string, { objects: Map<string, AuditObject>; refs: Set<string> }>();
  for (const change of changes) {
    const ref = auditObjectOf(change.key, change.after ?? change.before);
    if (!ref) continue;
    let group = byEnterprise.get(ref.enterpriseId);
    if (!group) {
      group = { objects: new Map(), refs: new Set() };
      byEnterprise.set(ref.enterpriseId, group);
    }
    for (const id of ref.refs) group.refs.add(id);
    const name = `${ref.type}\u0000${ref.id}`;
    const found = group.objects.get(name);
    const fields = changedFields(change.before, change.after);
    if (found) {
      found.action = mergedAction(found.action, actionOf(change));
      found.changes.push(...fields.filter((f) => !found.changes.some((c) => c.field === f.field)));
    } else {
      group.objects.set(name, { type: ref.type, id: ref.id, action: actionOf(change), changes: fields });
    }
  }
  return [...byEnterprise].map(([enterpriseId, group]) => ({
    enterpriseId,
    objects: [...group.objects.values()],
    refs: [...group.refs],
  }));
}

/** What the entry as a whole did: a create or a delete when every object was one, else an update. */
export function entryAction(objects: readonly AuditObject[]): AuditAction {
  const actions = new Set(objects.map((o) => o.action));
  return actions.size === 1 ? [...actions][0]! : 'update';
}

/**
 * The objects as stored: JSON, under MAX_OBJECTS_BYTES. When they do not fit, the values go
 * first (each change keeps its field name), then the objects past those that fit.
 */
export function storedObjects(objects: readonly AuditObject[]): { json: string; truncated: boolean } {
  const whole = JSON.stringify(objects);
  if (Buffer.byteLength(whole) <= MAX_OBJECTS_BYTES) return { json: whole, truncated: false };
  const named = objects.map((o) => ({ ...o, changes: o.changes.map((c) => ({ field: c.field })) }));
  const kept: AuditObject[] = [];
  let size = 2;
  for (const object of named) {
    size += Buffer.byteLength(JSON.stringify(object)) + 1;
    if (size > MAX_OBJECTS_BYTES) break;
    kept.push(object);
  }
  return { json: JSON.stringify(kept), truncated: true };
}

/** What an entry records besides its objects. */
export interface EntryFacts {
  id: string;
  at: string;
  enterpriseId: string;
  action: AuditAction;
  objects: readonly AuditObject[];
  refs: readonly string[];
  /** What a read of the log asked for. */
  query?: Record<string, string>;
  retentionDays: number;
}

/** The item of one entry, in its day's partition, removed by TTL after the retention. */
export function entryItem(scope: AuditScope, facts: EntryFacts): Item {
  const { json, truncated } = storedObjects(facts.objects);
  const expiresAt = Math.floor(Date.parse(facts.at) / 1000) + facts.retentionDays * 86_400;
  return {
    ...keys.auditEntry(facts.enterpriseId, facts.at, facts.id),
    entity: 'AuditEntry',
    id: facts.id,
    at: facts.at,
    enterpriseId: facts.enterpriseId,
    actorId: scope.actorId(),
    sourceAddress: scope.sourceAddress,
    requestId: scope.requestId,
    route: scope.route,
    area: scope.area,
    action: facts.action,
    refs: [...facts.refs],
    objects: json,
    query: facts.query ? JSON.stringify(facts.query) : undefined,
    truncated,
    expiresAt,
  };
}
