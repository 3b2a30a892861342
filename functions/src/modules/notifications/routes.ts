/**
 * `notifications...`: my inbox (list, unread count, mark read, mark all read), my preferences, and
 * watching work items. Any member has an inbox; watching needs to see work items. And
 * `/api/notifications/unsubscribe`, the mailed link that turns notification email off without
 * signing in (unsubscribe.ts).
 */

import { createRouter } from '@core/http/group';
import { pathId } from '@core/http/handlers';
import { identifierParam } from '@core/http/params';
import {
  ANY_MEMBER,
  byIdentifier,
  failures,
  jsonBody,
  ok,
  ok200,
  publicRoutes,
  tenantRoutes,
} from '@core/http/route';
import { pageSchema } from '@shared/schemas/common';
import {
  NotificationListQuerySchema,
  NotificationSchema,
  PreferencesBodySchema,
  PreferencesSchema,
  ReadAllResultSchema,
  UnreadCountSchema,
  UnsubscribeBodySchema,
  UnsubscribeQuerySchema,
  UnsubscribeSchema,
  WatchBodySchema,
  WatchersQuerySchema,
  WatchersSchema,
} from '@shared/schemas/notifications';
import * as z from 'zod';
import { listMine, markAllRead, markRead, unreadCount } from './inbox';
import { myPreferences, savePreferences } from './preferences';
import { lookUpUnsubscribe, unsubscribe } from './unsubscribe';
import { setWatching, watchersView } from './watching';

const BASE = '/api/pms/{identifier}/notifications';
const WATCH_PERMISSION = 'project:issue:list';
const tags = ['notifications'];
const tenant = byIdentifier('identifier');
const params = z.object({ identifier: identifierParam });
const idParams = params.extend({
  id: z.string().min(1).max(200).meta({ description: 'A notification id: `{subject type}.{subject id}`' }),
});

const route = tenantRoutes(tenant, tags);

const listRoute = route.get(BASE, ANY_MEMBER, {
  summary: 'My notifications, unread first (or newest first), paged',
  request: { params, query: NotificationListQuerySchema },
  responses: {
    ...ok200(pageSchema(NotificationSchema), 'A page of my notifications'),
    ...failures(400, 401, 404),
  },
});

const unreadCountRoute = route.get(`${BASE}/unreadCount`, ANY_MEMBER, {
  summary: 'How many of my notifications are unread (the bell)',
  request: { params },
  responses: { ...ok200(UnreadCountSchema, 'The unread count'), ...failures(401, 404) },
});

const readAllRoute = route.put(`${BASE}/readAll`, ANY_MEMBER, {
  summary: 'Mark all my notifications read',
  request: { params },
  responses: { ...ok200(ReadAllResultSchema, 'How many were marked'), ...failures(401, 404) },
});

const readRoute = route.put(`${BASE}/{id}/read`, ANY_MEMBER, {
  summary: 'Mark one of my notifications read',
  request: { params: idParams },
  responses: { ...ok200(NotificationSchema, 'The notification'), ...failures(401, 404) },
});

const preferencesRoute = route.get(`${BASE}/preferences`, ANY_MEMBER, {
  summary: 'My notification preferences',
  request: { params },
  responses: { ...ok200(PreferencesSchema, 'My preferences'), ...failures(401, 404) },
});

const savePreferencesRoute = route.put(`${BASE}/preferences`, ANY_MEMBER, {
  summary: 'Turn kinds on or off in my inbox, and choose how email sends them',
  request: { params, body: jsonBody(PreferencesBodySchema) },
  responses: { ...ok200(PreferencesSchema, 'My preferences'), ...failures(400, 401, 404) },
});

const watchRoute = (path: 'watch' | 'unwatch', summary: string) =>
  route.post(`${BASE}/${path}`, WATCH_PERMISSION, {
    summary,
    request: { params, body: jsonBody(WatchBodySchema) },
    responses: { ...ok200(WatchersSchema, 'Who watches it now'), ...failures(400, 401, 403, 404) },
  });

const watchersRoute = route.get(`${BASE}/watchers`, WATCH_PERMISSION, {
  summary: 'Who watches a work item, and whether I do',
  request: { params, query: WatchersQuerySchema },
  responses: { ...ok200(WatchersSchema, 'The watchers'), ...failures(400, 401, 403, 404) },
});

const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';

const anyone = publicRoutes(tags);

const unsubscribeLookupRoute = anyone.get(UNSUBSCRIBE_PATH, {
  summary: "An unsubscribe link's address and enterprise, and how notification email is sent now",
  request: { query: UnsubscribeQuerySchema },
  responses: { ...ok200(UnsubscribeSchema, 'Whose email the link stops'), ...failures(400) },
});

const unsubscribeRoute = anyone.post(UNSUBSCRIBE_PATH, {
  summary: 'Turn notification email off with the mailed link (no sign-in; the link is not used up)',
  request: { body: jsonBody(UnsubscribeBodySchema) },
  responses: { ...ok200(UnsubscribeSchema, 'Email is off'), ...failures(400) },
});

export const notificationRoutes = createRouter()
  .openapi(unsubscribeLookupRoute, async (c) => ok(c, await lookUpUnsubscribe(c.req.valid('query').token)))
  .openapi(unsubscribeRoute, async (c) => ok(c, await unsubscribe(c.req.valid('json').token)))
  .openapi(listRoute, async (c) => ok(c, await listMine(c.var.tenant, c.req.valid('query'))))
  .openapi(unreadCountRoute, async (c) => ok(c, await unreadCount(c.var.tenant)))
  .openapi(readAllRoute, async (c) => ok(c, await markAllRead(c.var.tenant)))
  .openapi(preferencesRoute, async (c) => ok(c, await myPreferences(c.var.tenant)))
  .openapi(savePreferencesRoute, async (c) => ok(c, await savePreferences(c.var.tenant, c.req.valid('json'))))
  .openapi(watchRoute('watch', 'Watch a work item: hear of its status changes and comments'), async (c) =>
    ok(c, await setWatching(c.var.tenant, c.req.valid('json'), true)),
  )
  .openapi(
    watchRoute('unwatch', 'Stop watching a work item (also one I created or am assigned)'),
    async (c) => ok(c, await setWatching(c.var.tenant, c.req.valid('json'), false)),
  )
  .openapi(watchersRoute, async (c) => ok(c, await watchersView(c.var.tenant, c.req.valid('query'))))
  .openapi(readRoute, async (c) => ok(c, await markRead(c.var.tenant, pathId(c))));
