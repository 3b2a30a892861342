/**
 * Condition and update expressions, and the error a failed condition raises. Shared by single
 * writes (operations.ts) and transactions (transactions.ts).
 */
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { TABLE } from './client';
import type { Key } from './keys';

export type Item = Record<string, NativeAttributeValue>;

/** A failed condition, tagged with the label the caller gave the operation that carried it. */
export class ConditionFailedError extends Error {
  constructor(
    readonly label: string,
    /** The item as it was, when DynamoDB returned it. */
    readonly item?: Item,
    /** Which op of a transaction failed. */
    readonly index?: number,
  ) {
    super(`Condition failed: ${label}`);
    this.name = 'ConditionFailedError';
  }
}

/**
 * Maps condition failures to the caller's errors by label:
 * `await onConditionFailed(createUser(u), { login: () => conflict('Login taken') })`.
 */
export async function onConditionFailed<T>(
  work: Promise<T>,
  handlers: Record<string, (item?: Item) => Error>,
): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof ConditionFailedError && handlers[error.label])
      throw handlers[error.label]!(error.item);
    throw error;
  }
}

export interface Condition {
  expression: string;
  names?: Record<string, string>;
  values?: Item;
}

export const conditions = {
  notExists: { expression: 'attribute_not_exists(pk)' } satisfies Condition,
  exists: { expression: 'attribute_exists(pk)' } satisfies Condition,
  version: (expected: number): Condition => ({
    expression: 'attribute_exists(pk) AND #version = :expectedVersion',
    names: { '#version': 'version' },
    values: { ':expectedVersion': expected },
  }),
  /**
   * At the version read, and `counter` still at `count` (or never set): a delete that must not
   * remove what something came to use meanwhile (a spec a project took, a requirement refined).
   */
  versionAndCount: (expected: number, counter: string, count: number): Condition => ({
    expression:
      'attribute_exists(pk) AND #version = :expectedVersion AND (attribute_not_exists(#counter) OR #counter = :count)',
    names: { '#version': 'version', '#counter': counter },
    values: { ':expectedVersion': expected, ':count': count },
  }),
};

export interface UpdateSpec {
  set?: Item;
  add?: Record<string, number>;
  remove?: string[];
}

/**
 * Builds `SET a = :u0, b = :u1 ADD c :u2 REMOVE d` with generated placeholders (`#u*`, `:u*`),
 * which cannot clash with a condition's own (`#version`, `:expectedVersion`, ...).
 */
function updateExpression(spec: UpdateSpec) {
  const names: Record<string, string> = {};
  const values: Item = {};
  let n = 0;
  const placeholder = (attribute: string, value?: NativeAttributeValue) => {
    const index = n++;
    names[`#u${index}`] = attribute;
    if (value !== undefined) values[`:u${index}`] = value;
    return index;
  };
  const sets = Object.entries(spec.set ?? {})
    .filter(([, value]) => value !== undefined)
    .map(([attribute, value]) => placeholder(attribute, value))
    .map((i) => `#u${i} = :u${i}`);
  const adds = Object.entries(spec.add ?? {})
    .map(([attribute, value]) => placeholder(attribute, value))
    .map((i) => `#u${i} :u${i}`);
  const removes = (spec.remove ?? []).map((attribute) => `#u${placeholder(attribute)}`);
  const clauses = [
    sets.length > 0 ? `SET ${sets.join(', ')}` : '',
    adds.length > 0 ? `ADD ${adds.join(', ')}` : '',
    removes.length > 0 ? `REMOVE ${removes.join(', ')}` : '',
  ];
  return { expression: clauses.filter(Boolean).join(' '), names, values };
}

/** The parameters of one UpdateItem (alone or in a transaction): update plus optional condition. */
export function updateParams(key: Key, spec: UpdateSpec, condition?: Condition) {
  const update = updateExpression(spec);
  const names = { ...update.names, ...condition?.names };
  const values = { ...update.values, ...condition?.values };
  return {
    TableName: TABLE,
    Key: key,
    UpdateExpression: update.expression,
    ConditionExpression: condition?.expression,
    ExpressionAttributeNames: Object.keys(names).length > 0 ? names : undefined,
    ExpressionAttributeValues: Object.keys(values).length > 0 ? values : undefined,
  };
}
