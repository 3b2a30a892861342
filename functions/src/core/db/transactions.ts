/** The one transaction helper: all-or-nothing writes that report which condition failed. */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { pause } from '../pause';
import { type PlannedAudit, planAudit, rememberWritten } from './audit-trail';
import { ddb, TABLE } from './client';
import { type Condition, ConditionFailedError, type Item, updateParams } from './expressions';
import type { Key } from './keys';
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

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

function toTransactItem(op: TxOp): TransactItem {
  if ('update' in op) {
    return { Update: updateParams(op.update, { set: op.set, add: op.add, remove: op.remove }, op.condition) };
  }
  const condition = op.condition && {
    ConditionExpression: op.condition.expression,
    ExpressionAttributeNames: op.condition.names,
    ExpressionAttributeValues: op.condition.values,
  };
  if ('put' in op) return { Put: { TableName: TABLE, Item: op.put, ...condition } };
  if ('delete' in op) return { Delete: { TableName: TABLE, Key: op.delete, ...condition } };
  return {
    ConditionCheck: {
      TableName: TABLE,
      Key: op.check,
      ConditionExpression: op.condition.expression,
      ExpressionAttributeNames: op.condition.names,
      ExpressionAttributeValues: op.condition.values,
    },
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

/** `transact`, answering what it did to the objects it wrote (null when no scope is open). */
export async function transactWithTrail(ops: readonly TxOp[]): Promise<PlannedAudit | null> {
  if (ops.length === 0) return null;
  if (ops.length > TRANSACTION_LIMIT) {
    throw new Error(`A transaction holds at most ${TRANSACTION_LIMIT} writes, not ${ops.length}`);
  }
  const trail = await planAudit(ops);
  const entries = (trail?.entries ?? []).map((entry): TxOp => ({ put: entry }));
  const together = ops.length + entries.length <= TRANSACTION_LIMIT;
  await send(together ? [...ops, ...entries] : ops);
  if (!together) await send(entries);
  if (trail) rememberWritten(trail);
  return trail;
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
      if (failed >= 0) throw new ConditionFailedError(ops[failed]?.label ?? String(failed));
      const conflicted = reasons.some((reason) => reason.Code === 'TransactionConflict');
      if (!conflicted || attempt >= 3) throw error;
      await pause(25 * 2 ** attempt + Math.random() * 25);
    }
  }
}
