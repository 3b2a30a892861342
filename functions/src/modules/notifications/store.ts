/**
 * Notifications, preferences and watches, all in the enterprise partition (so another enterprise
 * never reads them, and the audit log sees a person's own changes):
 *
 * - `NTF#{userId}#{subjectType}#{subjectId}`: one notification per person and subject. Events on
 *   the same subject fold into it (the coalescing key is the subject); a read one carries
 *   `expiresAt` (the table's TTL) READ_NOTIFICATION_DAYS after it was read.
 * - `NTFPREF#{userId}`: the person's preferences (absent: everything on, email immediately).
 * - `WATCH#{subjectType}#{subjectId}#{userId}`: an explicit watch (`watching: true`) or unwatch
 *   (`false`), which overrides the default (creators and assignees watch).
 * - `NTFDIGEST#{day}#{userId}`: the person (email: daily digest) had a notification on that UTC
 *   day; on gsi1 (`NTFDIGEST#{day}`) so the digest run finds every enterprise's people of a day.
 *
 * The key builders live here rather than in core/db/keys.ts because nothing else reads these items.
 */
import { enterprisePartition, type Key } from '@core/db/keys';
import {
  ConditionFailedError,
  type Item,
  putItem,
  putItemIfAbsent,
  queryAll,
  queryPartition,
  updateItem,
  updateVersioned,
} from '@core/db/operations';
import { getRecord, readRecord } from '@core/db/records';
import type { EmailMode, NotificationKind, Subject, SubjectType } from '@shared/schemas/notifications';

const NOTIFICATION_PREFIX = 'NTF#';
const PREFERENCES_PREFIX = 'NTFPREF#';
const WATCH_PREFIX = 'WATCH#';
const DIGEST_PREFIX = 'NTFDIGEST#';

export const notificationKey = (
  enterpriseId: string,
  userId: string,
  type: SubjectType,
  id: string,
): Key => ({
  pk: enterprisePartition(enterpriseId),
  sk: `${NOTIFICATION_PREFIX}${userId}#${type}#${id}`,
});
const preferencesKey = (enterpriseId: string, userId: string): Key => ({
  pk: enterprisePartition(enterpriseId),
  sk: `${PREFERENCES_PREFIX}${userId}`,
});
const watchKey = (enterpriseId: string, type: SubjectType, id: string, userId: string): Key => ({
  pk: enterprisePartition(enterpriseId),
  sk: `${WATCH_PREFIX}${type}#${id}#${userId}`,
});

export interface NotificationRecord {
  enterpriseId: string;
  userId: string;
  kind: NotificationKind;
  subject: Subject;
  actorId: string | null;
  excerpt: string | null;
  count: number;
  read: boolean;
  /** The latest event folded in (its time and actor): a job run twice folds it once. */
  lastEventKey: string;
  createdAt: string;
  updatedAt: string;
  version: number;
  /** Epoch seconds; only once read. */
  expiresAt: number | null;
}

function notificationFromItem(item: Item): NotificationRecord {
  return readRecord(
    item,
    ['enterpriseId', 'userId', 'kind', 'subject', 'count', 'read', 'createdAt', 'updatedAt', 'version'],
    { actorId: null, excerpt: null, lastEventKey: '', expiresAt: null },
  );
}

// Access pattern: one notification (ENT#{e} / NTF#{userId}#{type}#{id}).
export function getNotification(
  enterpriseId: string,
  userId: string,
  type: SubjectType,
  id: string,
): Promise<NotificationRecord | null> {
  return getRecord(notificationKey(enterpriseId, userId, type, id), notificationFromItem);
}

// Access pattern: a person's notifications (ENT#{e}, begins_with NTF#{userId}#).
export async function listNotifications(enterpriseId: string, userId: string): Promise<NotificationRecord[]> {
  const items = await queryPartition(enterprisePartition(enterpriseId), `${NOTIFICATION_PREFIX}${userId}#`);
  return items.map(notificationFromItem);
}

/** Writes a new notification; false when one was written first (the caller reads and folds again). */
export function createNotification(record: NotificationRecord): Promise<boolean> {
  const { expiresAt: _none, ...fields } = record;
  return putItemIfAbsent({
    ...notificationKey(record.enterpriseId, record.userId, record.subject.type, record.subject.id),
    entity: 'Notification',
    ...fields,
  });
}

/** Saves a notification at the version read (`ConditionFailedError` when stale). */
export async function saveNotification(record: NotificationRecord, expectedVersion: number): Promise<void> {
  const { kind, subject, actorId, excerpt, count, read, lastEventKey, updatedAt, expiresAt } = record;
  const key = notificationKey(record.enterpriseId, record.userId, subject.type, subject.id);
  await updateVersioned(key, expectedVersion, {
    kind,
    subject,
    actorId,
    excerpt,
    count,
    read,
    lastEventKey,
    updatedAt,
    expiresAt,
  });
}

export interface PreferencesRecord {
  /** Kinds turned off in the inbox. */
  off: NotificationKind[];
  email: EmailMode;
}

export const DEFAULT_PREFERENCES: PreferencesRecord = { off: [], email: 'immediately' };

// Access pattern: a person's preferences (ENT#{e} / NTFPREF#{userId}).
export async function getPreferences(enterpriseId: string, userId: string): Promise<PreferencesRecord> {
  const found = await getRecord(preferencesKey(enterpriseId, userId), (item) =>
    readRecord<PreferencesRecord, never>(item, [], { off: [], email: DEFAULT_PREFERENCES.email }),
  );
  return found ?? { off: [], email: DEFAULT_PREFERENCES.email };
}

export function putPreferences(
  enterpriseId: string,
  userId: string,
  prefs: PreferencesRecord,
): Promise<void> {
  return putItem({
    ...preferencesKey(enterpriseId, userId),
    entity: 'NotificationPreferences',
    enterpriseId,
    userId,
    off: prefs.off,
    email: prefs.email,
  });
}

export interface WatchRecord {
  userId: string;
  watching: boolean;
}

// Access pattern: the explicit watches and unwatches of a subject (ENT#{e}, begins_with WATCH#{type}#{id}#).
export async function listWatches(
  enterpriseId: string,
  type: SubjectType,
  id: string,
): Promise<WatchRecord[]> {
  const items = await queryPartition(enterprisePartition(enterpriseId), `${WATCH_PREFIX}${type}#${id}#`);
  return items.map((item) =>
    readRecord<WatchRecord, 'userId' | 'watching'>(item, ['userId', 'watching'], {}),
  );
}

export function putWatch(
  enterpriseId: string,
  type: SubjectType,
  id: string,
  userId: string,
  watching: boolean,
): Promise<void> {
  return putItem({
    ...watchKey(enterpriseId, type, id, userId),
    entity: 'Watch',
    enterpriseId,
    subjectType: type,
    subjectId: id,
    userId,
    watching,
  });
}

/** A digest due: a person of an enterprise whose notifications of `day` are to be mailed. */
export interface DigestDue {
  enterpriseId: string;
  userId: string;
  day: string;
}

const digestKey = (due: DigestDue): Key => ({
  pk: enterprisePartition(due.enterpriseId),
  sk: `${DIGEST_PREFIX}${due.day}#${due.userId}`,
});

/** Digest marks are kept this long (epoch seconds from now): a day missed by every run is dropped. */
const DIGEST_MARK_SECONDS = 7 * 86_400;

/** Notes that the person's digest of `day` has something to say (idempotent). */
export async function markDigestDue(due: DigestDue, nowMs: number): Promise<void> {
  await putItemIfAbsent({
    ...digestKey(due),
    entity: 'NotificationDigestDue',
    ...due,
    gsi1pk: `${DIGEST_PREFIX}${due.day}`,
    gsi1sk: `${due.enterpriseId}#${due.userId}`,
    expiresAt: Math.floor(nowMs / 1000) + DIGEST_MARK_SECONDS,
  });
}

// Access pattern: every digest due on a day, all enterprises (gsi1 NTFDIGEST#{day}); sent ones left out.
export async function listDigestsDue(day: string): Promise<DigestDue[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': `${DIGEST_PREFIX}${day}` },
  });
  return items
    .filter((item) => !item.sentAt)
    .map((item) => ({ enterpriseId: item.enterpriseId, userId: item.userId, day: item.day }));
}

/**
 * Claims a digest for sending (one conditional write): false when another run claimed it first,
 * so two runs at once never mail it twice.
 */
export async function claimDigest(due: DigestDue, sentAt: string): Promise<boolean> {
  try {
    await updateItem(
      digestKey(due),
      { set: { sentAt } },
      { expression: 'attribute_exists(pk) AND attribute_not_exists(sentAt)' },
      'digest',
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionFailedError) return false;
    throw error;
  }
}
