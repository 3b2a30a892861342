/**
 * My own todos (docs/work-desk.md, "Todos"): a title and an optional due date, ticked when done.
 * Per member and enterprise, at most MAX_TODOS (ticked ones count until they expire,
 * DONE_TODO_DAYS after the tick). Nobody else reads or writes them, administrators included: the
 * key holds the caller's user id, so another member's todo id is simply not found.
 */
import { clock, firstVersion, nowIso } from '@core/clock';
import { onConditionFailed } from '@core/db/operations';
import { conflict, notFound, staleVersion } from '@core/errors';
import type { Tenant } from '@core/identity/tenancy';
import { newId } from '@core/ids';
import {
  DONE_TODO_DAYS,
  MAX_TODOS,
  type Todo,
  type TodoBody,
  type TodoUpdateBody,
} from '@shared/schemas/dashboard';
import { dueState, todayIn } from './days';
import { todosOf } from './sources';
import type { TodoRecord } from './store/todos';
import * as db from './store/todos';

const todoNotFound = (todoId: string) => notFound(`Todo ${todoId} does not exist`);

export function todoView(todo: TodoRecord, today: string): Todo {
  return {
    id: todo.todoId,
    title: todo.title,
    dueDate: todo.dueDate,
    due: todo.done ? 'none' : dueState(todo.dueDate, today),
    done: todo.done,
    doneAt: todo.doneAt,
    createdAt: todo.createdAt,
    updatedAt: todo.updatedAt,
    version: todo.version,
  };
}

/** Open todos by due date (undated last, then oldest first), then the ticked ones, latest tick first. */
const byDesk = (a: TodoRecord, b: TodoRecord): number => {
  if (a.done !== b.done) return a.done ? 1 : -1;
  if (a.done) return (b.doneAt ?? '').localeCompare(a.doneAt ?? '');
  return (a.dueDate ?? '9999').localeCompare(b.dueDate ?? '9999') || a.todoId.localeCompare(b.todoId);
};

/** The caller's todos as the desk shows them; expired ones (the TTL is not immediate) are left out. */
export async function myTodos(tenant: Tenant): Promise<TodoRecord[]> {
  const now = clock.now() / 1000;
  const todos = await todosOf(tenant.enterprise.id, tenant.principal.userId);
  return todos.filter((t) => t.expiresAt === null || t.expiresAt > now).sort(byDesk);
}

export async function createTodo(tenant: Tenant, body: TodoBody): Promise<Todo> {
  const held = await myTodos(tenant);
  if (held.length >= MAX_TODOS)
    throw conflict(`You have ${MAX_TODOS} todos already; delete or tick some before adding more`);
  const at = nowIso();
  const todo: TodoRecord = {
    enterpriseId: tenant.enterprise.id,
    userId: tenant.principal.userId,
    todoId: newId(),
    title: body.title,
    dueDate: body.dueDate ?? null,
    done: false,
    doneAt: null,
    ...firstVersion(at),
    expiresAt: null,
  };
  await db.createTodo(todo);
  return todoView(todo, todayIn(tenant.enterprise.timeZone));
}

async function requireTodo(tenant: Tenant, todoId: string): Promise<TodoRecord> {
  const todo = await db.getTodo(tenant.enterprise.id, tenant.principal.userId, todoId);
  if (!todo) throw todoNotFound(todoId);
  return todo;
}

/** A tick records when and starts the todo's time to expire; an untick clears both. */
function doneState(current: TodoRecord, done: boolean, at: string) {
  if (!done) return { done: false, doneAt: null, expiresAt: null };
  if (current.done) return { done: true, doneAt: current.doneAt, expiresAt: current.expiresAt };
  return { done: true, doneAt: at, expiresAt: Math.floor(clock.now() / 1000) + DONE_TODO_DAYS * 86_400 };
}

/** Edits the title or due date, or ticks (`done: true`) or unticks it, at the version read. */
export async function updateTodo(tenant: Tenant, todoId: string, body: TodoUpdateBody): Promise<Todo> {
  const current = await requireTodo(tenant, todoId);
  if (current.version !== body.version) throw staleVersion('The todo');
  const at = nowIso();
  const next: TodoRecord = {
    ...current,
    title: body.title ?? current.title,
    dueDate: body.dueDate === undefined ? current.dueDate : body.dueDate,
    ...doneState(current, body.done ?? current.done, at),
    updatedAt: at,
  };
  const saved = await onConditionFailed(db.saveTodo(next, body.version), {
    stale: () => staleVersion('The todo'),
    missing: () => todoNotFound(todoId),
  });
  return todoView(saved, todayIn(tenant.enterprise.timeZone));
}

export async function deleteTodo(tenant: Tenant, todoId: string): Promise<void> {
  await requireTodo(tenant, todoId);
  await db.deleteTodo(tenant.enterprise.id, tenant.principal.userId, todoId);
}
