/**
 * Reading a store's records back from their items. An item is the record plus its keys (`pk`,
 * `sk`, `gsi*`) and `entity`; the record is read field by field, so nothing else on the item
 * leaks into it, and a field an older item lacks gets its default. A save sets named fields of
 * the record (recordFields), so counters that only ever change by ADD are never overwritten.
 */
import type { Item } from './expressions';
import type { Key } from './keys';
import { batchGet, getItem, queryPartition } from './operations';

/** Turns an item into a store's record (a store's `fromItem`). */
export type ItemReader<R> = (item: Item) => R;

/** The defaulted fields of `R`: every field not read as stored, each with its default. */
export type FieldDefaults<R, Stored extends keyof R> = { [K in Exclude<keyof R, Stored>]-?: R[K] };

/**
 * A record read from its item: the `stored` fields as the item holds them, and every other field
 * as the item holds it or, when it lacks it (or holds null), its entry of `defaults`. The record
 * type comes from the function's return type, and the compiler checks that the two lists name
 * each of its fields exactly once, with defaults of the field's type:
 *
 *   function fromItem(item: Item): RoleRecord {
 *     return readRecord(
 *       item,
 *       ['enterpriseId', 'roleId', 'roleKey', 'roleName', 'createdAt', 'updatedAt', 'version'],
 *       { remark: '', permissions: [], builtIn: false, memberCount: 0 },
 *     );
 *   }
 *
 * A default goes into the record as it is: write it in the call (a fresh `[]` for every record),
 * not as a shared array.
 */
export function readRecord<R, Stored extends keyof R>(
  item: Item,
  stored: readonly Stored[],
  defaults: FieldDefaults<R, Stored>,
): R {
  const record: Item = {};
  for (const field of stored) record[field as string] = item[field as string];
  for (const [field, fallback] of Object.entries(defaults)) record[field] = item[field] ?? fallback;
  return record as R;
}

/** The named fields of a record, e.g. those a save sets (the item's others stay as they are). */
export function recordFields<R extends object, F extends keyof R>(
  record: R,
  fields: readonly F[],
): Pick<R, F> {
  const picked = {} as Pick<R, F>;
  for (const field of fields) picked[field] = record[field];
  return picked;
}

/** The record at `key`, or null when there is no item there, or no key (an id that names nothing). */
export async function getRecord<R>(key: Key | null | undefined, read: ItemReader<R>): Promise<R | null> {
  if (!key) return null;
  const item = await getItem(key);
  return item ? read(item) : null;
}

/**
 * A record and the body item kept beside it (long text stored apart, so lists read the record
 * alone), in one batch; null when the record is missing, `body` undefined when only it is.
 */
export async function getRecordWithBody<R>(
  key: Key,
  bodyKey: Key,
  read: ItemReader<R>,
): Promise<{ record: R; body: Item | undefined } | null> {
  const items = await batchGet([key, bodyKey]);
  const item = items.find((i) => i.sk === key.sk);
  if (!item) return null;
  return { record: read(item), body: items.find((i) => i.sk === bodyKey.sk) };
}

/** The records at `keyList`, in no particular order; keys with no item are left out. */
export async function getRecords<R>(keyList: readonly Key[], read: ItemReader<R>): Promise<R[]> {
  return (await batchGet(keyList)).map(read);
}

type ChildKeyOf = (enterpriseId: string, parentId: string, localId: string) => Key;

/**
 * The reads of an entity kept in its parent's partition under one sort-key prefix (a product's
 * specs, plans, modules): `list` every one of a parent, `one` by local id, `many` in one batch
 * (in no particular order, missing ones left out), and `withBody`, the record and its body item
 * (for an entity whose long text is kept apart, `bodyKeyOf`). `keyOf` is the key catalogue's.
 */
export function childRecordReads<R>(
  partitionOf: (enterpriseId: string, parentId: string) => string,
  skPrefix: string,
  keyOf: ChildKeyOf,
  read: ItemReader<R>,
  bodyKeyOf?: ChildKeyOf,
) {
  return {
    withBody: (enterpriseId: string, parentId: string, localId: string) => {
      if (!bodyKeyOf) throw new Error(`${skPrefix} records have no body: pass bodyKeyOf`);
      return getRecordWithBody(
        keyOf(enterpriseId, parentId, localId),
        bodyKeyOf(enterpriseId, parentId, localId),
        read,
      );
    },
    list: (enterpriseId: string, parentId: string): Promise<R[]> =>
      queryRecords(partitionOf(enterpriseId, parentId), skPrefix, read),
    one: (enterpriseId: string, parentId: string, localId: string): Promise<R | null> =>
      getRecord(keyOf(enterpriseId, parentId, localId), read),
    many: (enterpriseId: string, parentId: string, localIds: readonly string[]): Promise<R[]> =>
      getRecords(
        localIds.map((id) => keyOf(enterpriseId, parentId, id)),
        read,
      ),
  };
}

/** The records of partition `pk` whose sort key starts with `skPrefix` (see queryPartition). */
export async function queryRecords<R>(pk: string, skPrefix: string, read: ItemReader<R>): Promise<R[]> {
  return (await queryPartition(pk, skPrefix)).map(read);
}
