/** The one transaction helper: all-or-nothing writes that report which condition failed. */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { keyString } from '../audit/context';
import { conflict } from '../errors';
import { jitteredPause, pause } from '../pause';
import {
  guarded,
  type PlannedAudit,
  planAudit,
  plannedBefore,
  rememberWritten,
  stillAsBefore,
} from './audit-trail';
import { ddb, TABLE } from './client';
import { type Condition, ConditionFailedError, type Item, updateParams } from './expressions';
import type { Key } from './keys';
import { getItem } from './operations';
import { announceWritten } from './written';

/** One write of a transaction. `label` names it in the ConditionFailedError its condition raises. */
export type TxOp =
  | { put: Item; condition?: Condition; label?: string }
  | { delete: Key; condition?: Condition; label?: string }
  | {
      update: Key;
      set?: Item;
      add?: Record<string, number>;
      remove?: string[];
      condition?: Condition;
      label?: string;
    }
  | { check: Key; condition: Condition; label?: string };

/**
 * Steps the change sequence `counter` of the item at `key` from the value the writer read
 * (`seen`; a sequence never stepped reads 0). Of two writes that read the same state, only the
 * first goes through; the other fails with `label` and can read again. `set` goes on the item too.
 */
export function sequenceStepOp(key: Key, counter: string, seen: number, label: string, set?: Item): TxOp {
  return {
    update: key,
    ...(set ? { set } : {}),
    add: { [counter]: 1 },
    condition: {
      expression:
        seen === 0 ? `attribute_not_exists(${counter}) OR ${counter} = :seen` : `${counter} = :seen`,
      values: { ':seen': seen },
    },
    label,
  };
}

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

function toTransactItem(op: TxOp): TransactItem {
  if ('update' in op) {
    return { Update: updateParams(op.update, { set: op.set, add: op.add, remove: op.remove }, op.condition) };
  }
  const condition = op.condition && conditionParams(op.condition);
  if ('put' in op) return { Put: { TableName: TABLE, Item: op.put, ...condition } };
  if ('delete' in op) return { Delete: { TableName: TABLE, Key: op.delete, ...condition } };
  return { ConditionCheck: { TableName: TABLE, Key: op.check, ...conditionParams(op.condition) } };
}

/** A condition's parameters; DynamoDB refuses empty name or value maps, so those are left out. */
function conditionParams(condition: Condition) {
  const filled = (map?: Record<string, unknown>) => (map && Object.keys(map).length > 0 ? map : undefined);
  return {
    ConditionExpression: condition.expression,
    ExpressionAttributeNames: filled(condition.names) as Record<string, string> | undefined,
    ExpressionAttributeValues: filled(condition.values),
  };
}

function keyOfOp(op: TxOp): Key {
  if ('put' in op) return { pk: op.put.pk as string, sk: op.put.sk as string };
  if ('update' in op) return op.update;
  if ('delete' in op) return op.delete;
  return op.check;
}

/** DynamoDB's limit on the writes of one transaction. */
const TRANSACTION_LIMIT = 100;

/**
 * The writes a caller may put in one transaction: DynamoDB's 100 less one for the audit entry that
 * a request's change carries (docs/architecture.md "Audit log"). A transaction of 100 still works,
 * but its entry is written right after it instead of with it.
 */
export const MAX_TRANSACTION_WRITES = TRANSACTION_LIMIT - 1;

/**
 * Writes up to 100 items all-or-nothing, with the audit entry of the change when a request's
 * scope is open (audit-trail.ts). When a condition fails, throws `ConditionFailedError(label)` for
 * the first failed operation (the label defaults to its index), so callers can say which invariant
 * was violated ("login taken", "role held by members"); nothing is written then, the entry neither.
 */
export async function transact(ops: readonly TxOp[]): Promise<void> {
  await transactWithTrail(ops);
}

/** How often a write whose "before" moved under it is planned anew before giving up. */
const MAX_BEFORE_ATTEMPTS = 8;

/** A guarded write found its item changed since its "before" was read: plan again from `item`. */
class BeforeMovedError extends Error {
  constructor(
    readonly key: Key,
    readonly item: Item | null,
  ) {
    super('The item changed since it was read');
  }
}

/** `transact`, answering what it did to the objects it wrote (null when no scope is open). */
export async function transactWithTrail(ops: readonly TxOp[]): Promise<PlannedAudit | null> {
  if (ops.length === 0) return null;
  if (ops.length > TRANSACTION_LIMIT) {
    throw new Error(`A transaction holds at most ${TRANSACTION_LIMIT} writes, not ${ops.length}`);
  }
  const fresh = new Map<string, Item | null>();
  for (let attempt = 1; ; attempt += 1) {
    const trail = await planAudit(ops, fresh);
    try {
      await sendPlanned(ops, trail);
      if (trail) rememberWritten(trail);
      return trail;
    } catch (error) {
      if (!(error instanceof BeforeMovedError)) throw error;
      if (attempt >= MAX_BEFORE_ATTEMPTS)
        throw conflict('Others are changing this at the same moment; please try again');
      fresh.set(keyString(error.key), error.item);
      // Racers on one item spread out instead of colliding again in step.
      await jitteredPause(attempt, 10, 200);
    }
  }
}

/** The ops, each guarded by its planned "before", and the audit entries, in one transaction. */
async function sendPlanned(ops: readonly TxOp[], trail: PlannedAudit | null): Promise<void> {
  const befores = ops.map((op) =>
    trail && !('check' in op) ? plannedBefore(trail, keyOfOp(op)) : undefined,
  );
  const sent = ops.map((op, i) => (befores[i] ? guarded(op, befores[i].before) : op));
  const entries = (trail?.entries ?? []).map((entry): TxOp => ({ put: entry }));
  const together = sent.length + entries.length <= TRANSACTION_LIMIT;
  try {
    await send(together ? [...sent, ...entries] : sent);
  } catch (error) {
    const index = error instanceof ConditionFailedError ? error.index : undefined;
    const planned = index === undefined ? undefined : befores[index];
    // Only a guard that was added can have failed for the guard's sake.
    if (index === undefined || !planned || sent[index] === ops[index]) throw error;
    throw await whoseCondition(error as ConditionFailedError, keyOfOp(ops[index]!), planned.before);
  }
  if (!together) await send(entries);
}

/**
 * A failed condition of a guarded op is the caller's when the item is still as planned (its own
 * condition failed), else the guard's: the item moved since it was read.
 */
async function whoseCondition(error: ConditionFailedError, key: Key, before: Item | null) {
  const item = (await getItem(key)) ?? null;
  return stillAsBefore(before, item) ? error : new BeforeMovedError(key, item);
}

async function send(ops: readonly TxOp[]): Promise<void> {
  if (ops.length === 0) return;
  const input = { TransactItems: ops.map(toTransactItem) };
  announceWritten(ops.map(keyOfOp));
  // A conflict with another transaction on the same items is transient: retry a few times.
  for (let attempt = 0; ; attempt += 1) {
    try {
      await ddb.send(new TransactWriteCommand(input));
      return;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const reasons = error.CancellationReasons ?? [];
      // Entries carry no condition: a failed one is always the caller's.
      const failed = reasons.findIndex((reason) => reason.Code === 'ConditionalCheckFailed');
      if (failed >= 0)
        throw new ConditionFailedError(ops[failed]?.label ?? String(failed), undefined, failed);
      const conflicted = reasons.some((reason) => reason.Code === 'TransactionConflict');
      if (!conflicted || attempt >= 3) throw error;
      await pause(25 * 2 ** attempt + Math.random() * 25);
    }
  }
}
