/**
 * Reminders. Notifications are not built yet (issue 20), so a reminder is an in-app notice:
 * `WEEKLYNOTICE#{userId}#{weekStart}#{projectId}` in the enterprise partition, one per member,
 * week and project (written only if absent, so a run that repeats adds nothing), expiring after
 * NOTICE_LIFETIME_DAYS. The run's place per enterprise is `WEEKLYREMIND` (the last week it
 * reminded), which is also on gsi1 under `WEEKLYENTERPRISES`: the run's list of enterprises.
 */
import { clock } from '@core/clock';
import { enterprisePartition, indexKeys, indexPrefixes, keys, SK } from '@core/db/keys';
import {
  getItem,
  type Item,
  putItemIfAbsent,
  queryAll,
  queryPartition,
  updateItem,
} from '@core/db/operations';
import { readRecord } from '@core/db/records';

export const NOTICE_LIFETIME_DAYS = 56;

export interface NoticeRecord {
  enterpriseId: string;
  userId: string;
  projectId: string;
  projectName: string;
  weekStart: string;
  createdAt: string;
  /** Epoch seconds: the table's TTL. */
  expiresAt: number;
}

function noticeFromItem(item: Item): NoticeRecord {
  return readRecord(
    item,
    ['enterpriseId', 'userId', 'projectId', 'projectName', 'weekStart', 'createdAt', 'expiresAt'],
    {},
  );
}

/** Records a reminder unless the member already has one for the project and week; true when new. */
export function putNotice(notice: NoticeRecord): Promise<boolean> {
  return putItemIfAbsent({
    ...keys.weeklyNotice(notice.enterpriseId, notice.userId, notice.weekStart, notice.projectId),
    entity: 'WeeklyNotice',
    ...notice,
  });
}

// Access pattern: a member's reminders (ENT#{e}, begins_with WEEKLYNOTICE#{userId}#), oldest first.
export async function listNotices(enterpriseId: string, userId: string): Promise<NoticeRecord[]> {
  const items = await queryPartition(enterprisePartition(enterpriseId), `${SK.weeklyNoticePrefix}${userId}#`);
  // The TTL deletes expired items within days, not at once.
  const now = clock.now() / 1000;
  return items.map(noticeFromItem).filter((notice) => notice.expiresAt > now);
}

/** Puts the enterprise on the reminder run's list (keeps the week it last reminded). */
export async function enrolForReminders(enterpriseId: string): Promise<void> {
  await updateItem(keys.weeklyReminders(enterpriseId), {
    set: { entity: 'WeeklyReminders', enterpriseId, ...indexKeys.weeklyEnterprise(enterpriseId) },
  });
}

// Access pattern: the enterprises on the reminder run's list (gsi1 WEEKLYENTERPRISES).
export async function enrolledEnterprises(): Promise<string[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': indexPrefixes.weeklyEnterprises },
  });
  return items.map((item) => item.gsi1sk as string);
}

// Access pattern: the week an enterprise was last reminded of (ENT#{e} / WEEKLYREMIND).
export async function lastRemindedWeek(enterpriseId: string): Promise<string | null> {
  const item = await getItem(keys.weeklyReminders(enterpriseId));
  return (item?.remindedWeek as string | undefined) ?? null;
}

export async function markReminded(enterpriseId: string, weekStart: string, at: string): Promise<void> {
  await updateItem(keys.weeklyReminders(enterpriseId), { set: { remindedWeek: weekStart, remindedAt: at } });
}
