/** `todo`: what waits for me; `POST todo`, `PUT todo/{id}`, `DELETE todo/{id}`: my own todos. */

import { createRouter } from '@core/http/group';
import { pathId } from '@core/http/handlers';
import { tenantIdParams } from '@core/http/params';
import { created, created201, failures, jsonBody, ok, ok200, tenantRoutes } from '@core/http/route';
import { DeskTodoSchema, TodoBodySchema, TodoSchema, TodoUpdateBodySchema } from '@shared/schemas/dashboard';
import * as z from 'zod';
import { deskTodo } from '../todo-list';
import { createTodo, deleteTodo, updateTodo } from '../todos';
import { BASE, deskRead, PERMISSION, params, tags, tenant } from './common';

const todoParams = tenantIdParams('A todo id');

const todoRoute = deskRead(
  'todo',
  'What waits for me: my own todos, reviews I may give, my test sheets',
  DeskTodoSchema,
);

const route = tenantRoutes(tenant, tags);

const createTodoRoute = route.post(`${BASE}/todo`, PERMISSION, {
  summary: 'Add one of my own todos (a title and an optional due date)',
  request: { params, body: jsonBody(TodoBodySchema) },
  responses: { ...created201(TodoSchema, 'The new todo'), ...failures(400, 401, 403, 404, 409) },
});

const updateTodoRoute = route.put(`${BASE}/todo/{id}`, PERMISSION, {
  summary: 'Edit my todo, or tick it (done: true) or untick it, at the version read',
  request: { params: todoParams, body: jsonBody(TodoUpdateBodySchema) },
  responses: { ...ok200(TodoSchema, 'The todo'), ...failures(400, 401, 403, 404, 409) },
});

const deleteTodoRoute = route.delete(`${BASE}/todo/{id}`, PERMISSION, {
  summary: 'Delete my todo',
  request: { params: todoParams },
  responses: { ...ok200(z.null(), 'Deleted'), ...failures(401, 403, 404) },
});

export const todoRoutes = createRouter()
  .openapi(todoRoute, async (c) => ok(c, await deskTodo(c.var.tenant)))
  .openapi(createTodoRoute, async (c) => created(c, await createTodo(c.var.tenant, c.req.valid('json'))))
  .openapi(updateTodoRoute, async (c) =>
    ok(c, await updateTodo(c.var.tenant, pathId(c), c.req.valid('json'))),
  )
  .openapi(deleteTodoRoute, async (c) => {
    await deleteTodo(c.var.tenant, pathId(c));
    return ok(c, null);
  });
