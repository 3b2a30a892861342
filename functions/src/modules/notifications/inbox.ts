/**
 * My inbox: my notifications (unread first or newest first), the unread count, marking read.
 * A person's notifications are few (one per subject, read ones expire), so a list reads them all
 * and pages in memory.
 */
import { ConditionFailedError } from '@core/db/operations';
import { notFound } from '@core/errors';
import { summaryOf, userSummaries } from '@core/identity/people';
import type { Tenant } from '@core/identity/tenancy';
import { pageOf } from '@core/paging';
import type { Page } from '@shared/schemas/common';
import {
  type Notification,
  type NotificationListQuery,
  SUBJECT_TYPES,
  type SubjectType,
} from '@shared/schemas/notifications';
import { readExpiry } from './delivery';
import type { NotificationRecord } from './store';
import * as db from './store';

export const notificationId = (n: NotificationRecord) => `${n.subject.type}.${n.subject.id}`;

const notificationNotFound = (id: string) => notFound(`Notification ${id} does not exist`);

/** `{type}.{subject id}` split at its first dot; null for anything else. */
function parseNotificationId(id: string): { type: SubjectType; subjectId: string } | null {
  const dot = id.indexOf('.');
  const type = id.slice(0, dot) as SubjectType;
  if (dot < 1 || !SUBJECT_TYPES.includes(type) || dot === id.length - 1) return null;
  return { type, subjectId: id.slice(dot + 1) };
}

async function views(rows: NotificationRecord[]): Promise<Notification[]> {
  const people = await userSummaries(rows.map((n) => n.actorId));
  return rows.map((n) => ({
    id: notificationId(n),
    kind: n.kind,
    subject: n.subject,
    actor: n.actorId ? summaryOf(people, n.actorId) : null,
    excerpt: n.excerpt,
    count: n.count,
    read: n.read,
    createdAt: n.createdAt,
    updatedAt: n.updatedAt,
  }));
}

const newestFirst = (a: NotificationRecord, b: NotificationRecord) => b.updatedAt.localeCompare(a.updatedAt);

export async function listMine(tenant: Tenant, query: NotificationListQuery): Promise<Page<Notification>> {
  const all = await db.listNotifications(tenant.enterprise.id, tenant.principal.userId);
  const wanted = query.unread ? all.filter((n) => !n.read) : all;
  const sorted = wanted.sort(
    query.order === 'newest' ? newestFirst : (a, b) => Number(a.read) - Number(b.read) || newestFirst(a, b),
  );
  return pageOf(sorted, query, views);
}

export async function unreadCount(tenant: Tenant): Promise<{ count: number }> {
  const all = await db.listNotifications(tenant.enterprise.id, tenant.principal.userId);
  return { count: all.filter((n) => !n.read).length };
}

/** Marks one read (a read one stays as it is); answers it. */
export async function markRead(tenant: Tenant, id: string): Promise<Notification> {
  const parsed = parseNotificationId(id);
  if (!parsed) throw notificationNotFound(id);
  const { enterprise, principal } = tenant;
  const found = await db.getNotification(enterprise.id, principal.userId, parsed.type, parsed.subjectId);
  if (!found) throw notificationNotFound(id);
  const [view] = await views([(await markOne(found)) ?? found]);
  return view!;
}

/** Marks every unread one read; answers how many. */
export async function markAllRead(tenant: Tenant): Promise<{ updated: number }> {
  const all = await db.listNotifications(tenant.enterprise.id, tenant.principal.userId);
  let updated = 0;
  for (const n of all.filter((n) => !n.read)) {
    if (await markOne(n)) updated++;
  }
  return { updated };
}

/**
 * Marks `n` read at the version read; a newer event folded in meanwhile wins (it stays unread: the
 * person has not seen that one). Answers the record written, or null when nothing was.
 */
async function markOne(n: NotificationRecord): Promise<NotificationRecord | null> {
  if (n.read) return null;
  const next = { ...n, read: true, updatedAt: n.updatedAt, expiresAt: readExpiry() };
  try {
    await db.saveNotification(next, n.version);
    return { ...next, version: n.version + 1 };
  } catch (error) {
    if (error instanceof ConditionFailedError) return null;
    throw error;
  }
}
