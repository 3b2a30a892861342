/**
 * Generic table operations used by the entity modules: reads that page through results, batch
 * reads and deletes that retry unprocessed items, and conditional and versioned updates.
 * Transactions are in transactions.ts, expressions and condition errors in expressions.ts.
 */
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { currentAuditScope, rememberAbsent, rememberRead } from '../audit/context';
import { mayBeAudited } from '../audit/objects';
import { pause } from '../pause';
import { ddb, TABLE } from './client';
import {
  type Condition,
  ConditionFailedError,
  conditions,
  type Item,
  type UpdateSpec,
  updateParams,
} from './expressions';
import type { Key } from './keys';
import { transactWithTrail } from './transactions';
import { announceWritten } from './written';

export { ConditionFailedError, conditions, type Item, onConditionFailed } from './expressions';
export { MAX_TRANSACTION_WRITES, sequenceStepOp, type TxOp, transact } from './transactions';

function keyOf(item: Item): Key {
  return { pk: item.pk as string, sk: item.sk as string };
}

function chunk<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

// ---- reads ----------------------------------------------------------------------------------

/** One item by key; strongly consistent unless asked otherwise. */
export async function getItem(key: Key, consistent = true): Promise<Item | undefined> {
  const { Item: item } = await ddb.send(
    new GetCommand({ TableName: TABLE, Key: key, ConsistentRead: consistent }),
  );
  if (consistent) {
    if (item) rememberRead([item]);
    else rememberAbsent(key);
  }
  return item;
}

/** Many items by key, in no particular order; missing ones are left out. */
export async function batchGet(keyList: readonly Key[]): Promise<Item[]> {
  const unique = [...new Map(keyList.map((k) => [`${k.pk}\u0000${k.sk}`, k])).values()];
  const found: Item[] = [];
  for (const part of chunk(unique, 100)) {
    let pending: Key[] = part;
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      if (attempt > 0) await pause(Math.min(1000, 50 * 2 ** attempt));
      const out = await ddb.send(
        new BatchGetCommand({ RequestItems: { [TABLE]: { Keys: pending, ConsistentRead: true } } }),
      );
      found.push(...(out.Responses?.[TABLE] ?? []));
      pending = (out.UnprocessedKeys?.[TABLE]?.Keys as Key[] | undefined) ?? [];
    }
  }
  rememberRead(found);
  return found;
}

/** Every item of a query, following pagination. */
export async function queryAll(input: Omit<QueryCommandInput, 'TableName'>): Promise<Item[]> {
  const items: Item[] = [];
  let startKey: Item | undefined;
  do {
    const out = await ddb.send(new QueryCommand({ ...input, TableName: TABLE, ExclusiveStartKey: startKey }));
    items.push(...(out.Items ?? []));
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  // Whole items read consistently from the table are what they were before this request's writes.
  if (input.ConsistentRead && !input.IndexName && !input.ProjectionExpression) rememberRead(items);
  return items;
}

/** Every item of a partition whose sort key starts with `skPrefix` (strongly consistent). */
export function queryPartition(pk: string, skPrefix?: string): Promise<Item[]> {
  return queryAll({
    KeyConditionExpression: skPrefix ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
    ExpressionAttributeValues: skPrefix ? { ':pk': pk, ':prefix': skPrefix } : { ':pk': pk },
    ConsistentRead: true,
  });
}

export interface IndexPage {
  items: Item[];
  next?: Item;
}

/** One page of a query of the table (at most `Limit` items), from `startKey` on. */
export async function queryPage(
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>,
  startKey?: Item,
): Promise<IndexPage> {
  const out = await ddb.send(new QueryCommand({ ...input, TableName: TABLE, ExclusiveStartKey: startKey }));
  return { items: out.Items ?? [], next: out.LastEvaluatedKey };
}

/** One page of a secondary index, sort keys starting with `skPrefix`, in sort-key order. */
export async function queryIndexPage(
  index: 'gsi1' | 'gsi2',
  pk: string,
  skPrefix: string,
  limit: number,
  startKey?: Item,
): Promise<IndexPage> {
  const out = await ddb.send(
    new QueryCommand({
      TableName: TABLE,
      IndexName: index,
      KeyConditionExpression: `${index}pk = :pk AND begins_with(${index}sk, :prefix)`,
      ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
      Limit: limit,
      ExclusiveStartKey: startKey,
    }),
  );
  return { items: out.Items ?? [], next: out.LastEvaluatedKey };
}

/** Every item of a secondary index under `pk` whose sort key starts with `skPrefix`. */
export function queryIndexAll(index: 'gsi1' | 'gsi2', pk: string, skPrefix: string): Promise<Item[]> {
  return queryAll({
    IndexName: index,
    KeyConditionExpression: `${index}pk = :pk AND begins_with(${index}sk, :prefix)`,
    ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
  });
}

// ---- single writes --------------------------------------------------------------------------

/**
 * Whether a single write goes as a transaction, to carry the audit entry of a request's change
 * (core/audit): the same result and errors as the single write, one more item written.
 */
const carriesEntry = (key: Key) => currentAuditScope() !== undefined && mayBeAudited(key);

/** Writes an item, replacing any item with the same key (only for items nobody edits, e.g. counters). */
export async function putItem(item: Item): Promise<void> {
  if (carriesEntry(keyOf(item))) return transactWithTrail([{ put: item }]).then(() => undefined);
  announceWritten([keyOf(item)]);
  await ddb.send(new PutCommand({ TableName: TABLE, Item: item }));
}

/** Writes an item unless one with its key exists; true when it was written. */
export async function putItemIfAbsent(item: Item): Promise<boolean> {
  if (carriesEntry(keyOf(item))) {
    try {
      await transactWithTrail([{ put: item, condition: conditions.notExists }]);
      return true;
    } catch (error) {
      if (error instanceof ConditionFailedError) return false;
      throw error;
    }
  }
  announceWritten([keyOf(item)]);
  try {
    await ddb.send(
      new PutCommand({ TableName: TABLE, Item: item, ConditionExpression: 'attribute_not_exists(pk)' }),
    );
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}

export async function deleteItem(key: Key): Promise<void> {
  if (carriesEntry(key)) return transactWithTrail([{ delete: key }]).then(() => undefined);
  announceWritten([key]);
  await ddb.send(new DeleteCommand({ TableName: TABLE, Key: key }));
}

export async function updateItem(
  key: Key,
  spec: UpdateSpec,
  condition?: Condition,
  label = 'update',
): Promise<Item> {
  if (carriesEntry(key)) return updateWithEntry(key, spec, condition, label);
  announceWritten([key]);
  try {
    const out = await ddb.send(
      new UpdateCommand({
        ...updateParams(key, spec, condition),
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return out.Attributes ?? {};
  } catch (error) {
    if (isConditionalFailure(error)) throw new ConditionFailedError(label, error.Item as Item | undefined);
    throw error;
  }
}

/**
 * updateItem as a transaction with its audit entry. A transaction answers no item, so the item it
 * answers is the one before with the update applied, and on a failed condition the item as it is
 * now (what ReturnValuesOnConditionCheckFailure gives the single write).
 */
async function updateWithEntry(
  key: Key,
  spec: UpdateSpec,
  condition: Condition | undefined,
  label: string,
): Promise<Item> {
  try {
    const trail = await transactWithTrail([{ update: key, ...spec, condition, label }]);
    const written = trail?.changes.find((change) => change.key.pk === key.pk && change.key.sk === key.sk);
    return written?.after ?? (await getItem(key)) ?? {};
  } catch (error) {
    if (error instanceof ConditionFailedError) throw new ConditionFailedError(label, await getItem(key));
    throw error;
  }
}

/**
 * The edit of a versioned item: applies `set` only if the item still has `expectedVersion`, and
 * bumps the version. Throws `ConditionFailedError('missing')` when the item is gone and
 * `ConditionFailedError('stale', current)` when someone else changed it first.
 */
export async function updateVersioned(key: Key, expectedVersion: number, set: Item): Promise<Item> {
  try {
    return await updateItem(
      key,
      { set: { ...set, version: expectedVersion + 1 } },
      conditions.version(expectedVersion),
    );
  } catch (error) {
    if (error instanceof ConditionFailedError)
      throw new ConditionFailedError(error.item ? 'stale' : 'missing', error.item);
    throw error;
  }
}

function isConditionalFailure(error: unknown): error is { Item?: Item } {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}

// ---- batch deletes --------------------------------------------------------------------------

/** Deletes many items, 25 per request, retrying what DynamoDB leaves unprocessed. */
export async function batchDelete(keyList: readonly Key[]): Promise<void> {
  announceWritten(keyList);
  for (const part of chunk(keyList, 25)) {
    let pending = part.map((key) => ({ DeleteRequest: { Key: key } }));
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      if (attempt > 0) await pause(Math.min(2000, 50 * 2 ** attempt));
      const out = await ddb.send(new BatchWriteCommand({ RequestItems: { [TABLE]: pending } }));
      pending = (out.UnprocessedItems?.[TABLE] as typeof pending | undefined) ?? [];
    }
  }
}

/** Deletes every item of a partition. */
export async function deletePartition(pk: string): Promise<number> {
  // Only the keys are needed: a big enterprise's items are not read in full just to delete them.
  const keyList = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': pk },
    ProjectionExpression: 'pk, sk',
    ConsistentRead: true,
  });
  await batchDelete(keyList.map(keyOf));
  return keyList.length;
}
