/**
 * A member's own todos on the work desk: `TODO#{userId}#{todoId}` in the enterprise partition
 * (todo ids sort by creation). A ticked todo carries `expiresAt` (the table's TTL), so it leaves by
 * itself DONE_TODO_DAYS after it was ticked; unticking removes it again.
 */
import { enterprisePartition, keys, SK } from '@core/db/keys';
import { deleteItem, type Item, putItemIfAbsent, queryPartition, updateVersioned } from '@core/db/operations';
import { getRecord, readRecord } from '@core/db/records';

export interface TodoRecord {
  enterpriseId: string;
  userId: string;
  todoId: string;
  title: string;
  dueDate: string | null;
  done: boolean;
  doneAt: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
  /** Epoch seconds; only while done. */
  expiresAt: number | null;
}

function fromItem(item: Item): TodoRecord {
  return readRecord(
    item,
    ['enterpriseId', 'userId', 'todoId', 'title', 'createdAt', 'updatedAt', 'version'],
    { dueDate: null, done: false, doneAt: null, expiresAt: null },
  );
}

export async function createTodo(todo: TodoRecord): Promise<void> {
  const { expiresAt: _none, ...fields } = todo;
  await putItemIfAbsent({
    ...keys.todo(todo.enterpriseId, todo.userId, todo.todoId),
    entity: 'Todo',
    ...fields,
  });
}

// Access pattern: one todo (ENT#{e} / TODO#{userId}#{todoId}).
export function getTodo(enterpriseId: string, userId: string, todoId: string): Promise<TodoRecord | null> {
  return getRecord(keys.todo(enterpriseId, userId, todoId), fromItem);
}

// Access pattern: a member's todos (ENT#{e}, begins_with TODO#{userId}#), oldest first.
export async function listTodos(enterpriseId: string, userId: string): Promise<TodoRecord[]> {
  const items = await queryPartition(enterprisePartition(enterpriseId), `${SK.todoPrefix}${userId}#`);
  return items.map(fromItem);
}

/** Writes the todo's editable fields at the version read (`ConditionFailedError` stale / missing). */
export async function saveTodo(todo: TodoRecord, expectedVersion: number): Promise<TodoRecord> {
  const { title, dueDate, done, doneAt, updatedAt, expiresAt } = todo;
  const key = keys.todo(todo.enterpriseId, todo.userId, todo.todoId);
  return fromItem(
    await updateVersioned(key, expectedVersion, { title, dueDate, done, doneAt, updatedAt, expiresAt }),
  );
}

export function deleteTodo(enterpriseId: string, userId: string, todoId: string): Promise<void> {
  return deleteItem(keys.todo(enterpriseId, userId, todoId));
}
