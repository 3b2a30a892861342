/**
 * A repository's cleanup rules, one item in its partition (`RETENTION`). A repository without
 * the item has no rules (both off).
 *
 * Rules that are on run once a day by themselves: the item is in a sparse index, gsi1
 * `ARTRETENTION` sorted by the next run (`{nextRunAt}#{enterpriseId}#{repositoryId}`), so the
 * hourly schedule reads only the repositories due, never a list of enterprises. Saving rules puts
 * the first run a day later (time to read the dry run); each run puts the next a day after it.
 */
import { artifactKeys } from '@core/db/keys';
import { ConditionFailedError, conditions, type Item, queryPage, transact } from '@core/db/operations';
import { getRecord } from '@core/db/records';
import type { Retention, RetentionRules } from '@shared/schemas/artifacts';

const RETENTION_INDEX = 'ARTRETENTION';

const fromItem = (item: Item): Retention => ({
  keepLast: (item.keepLast as number | null | undefined) ?? null,
  maxAgeDays: (item.maxAgeDays as number | null | undefined) ?? null,
  updatedBy: (item.updatedBy as string | undefined) ?? null,
  updatedAt: (item.updatedAt as string | undefined) ?? null,
  // The index entry's sort key begins with the next run; no entry, no run.
  nextRunAt: item.gsi1pk === RETENTION_INDEX ? ((item.gsi1sk as string).split('#')[0] ?? null) : null,
  lastRunAt: (item.lastRunAt as string | undefined) ?? null,
  lastRunDeleted: (item.lastRunDeleted as number | undefined) ?? null,
});

const NO_RUNS = { nextRunAt: null, lastRunAt: null, lastRunDeleted: null };

/** How often rules that are on run by themselves. */
export const RETENTION_PERIOD_MS = 24 * 60 * 60 * 1000;

const nextRunAfter = (at: string) => new Date(Date.parse(at) + RETENTION_PERIOD_MS).toISOString();

/** The index entry of rules next due a period after `at` (none when both rules are off). */
function scheduleEntry(enterpriseId: string, repositoryId: string, rules: RetentionRules, at: string) {
  if (rules.keepLast === null && rules.maxAgeDays === null) return {};
  return { gsi1pk: RETENTION_INDEX, gsi1sk: `${nextRunAfter(at)}#${enterpriseId}#${repositoryId}` };
}

// Access pattern: a repository's rules (ENT#{e}#ART#{r} / RETENTION).
export async function getRetention(enterpriseId: string, repositoryId: string): Promise<Retention> {
  const found = await getRecord(artifactKeys.retention(enterpriseId, repositoryId), fromItem);
  return found ?? { keepLast: null, maxAgeDays: null, updatedBy: null, updatedAt: null, ...NO_RUNS };
}

export async function saveRetention(
  enterpriseId: string,
  repositoryId: string,
  rules: RetentionRules,
  by: string,
  at: string,
): Promise<Retention> {
  // Saving starts the schedule afresh: the next run is a day on, and no run has happened yet.
  const schedule = scheduleEntry(enterpriseId, repositoryId, rules, at);
  const saved = { ...rules, updatedBy: by, updatedAt: at };
  await transact([
    // The audit log names the change by the repository (its contents' partition is bookkeeping).
    {
      update: artifactKeys.repository(enterpriseId, repositoryId),
      set: { retentionChangedAt: at },
      condition: conditions.exists,
      label: 'missing',
    },
    {
      put: {
        ...artifactKeys.retention(enterpriseId, repositoryId),
        entity: 'ArtifactRetention',
        ...saved,
        ...schedule,
      },
    },
  ]);
  return fromItem({ ...saved, ...schedule });
}

/** Rules due to run: which repository, and the index entry the run was read under. */
export interface DueRetention {
  enterpriseId: string;
  repositoryId: string;
  entry: string;
}

/** Repositories one scheduled run takes at most; the rest wait for the next run. */
export const RETENTION_BATCH = 25;

// Access pattern: every enterprise's rules due by `now` (gsi1 ARTRETENTION, gsi1sk <= now).
export async function listDueRetention(now: Date, limit = RETENTION_BATCH): Promise<DueRetention[]> {
  const { items } = await queryPage({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :now',
    ExpressionAttributeValues: { ':pk': RETENTION_INDEX, ':now': `${now.toISOString()}~` },
    Limit: limit,
  });
  return items.map((item) => {
    const [, enterpriseId, repositoryId] = String(item.gsi1sk).split('#');
    return { enterpriseId: enterpriseId!, repositoryId: repositoryId!, entry: String(item.gsi1sk) };
  });
}

/**
 * Puts the next run a period after `at`, recording this one; unless the rules were saved again
 * since `due` was read (the save set its own next run) or removed.
 */
export async function rescheduleRetention(due: DueRetention, at: string, deleted: number): Promise<void> {
  const { enterpriseId, repositoryId } = due;
  try {
    await transact([
      {
        update: artifactKeys.retention(enterpriseId, repositoryId),
        set: {
          gsi1sk: `${nextRunAfter(at)}#${enterpriseId}#${repositoryId}`,
          lastRunAt: at,
          lastRunDeleted: deleted,
        },
        condition: { expression: 'gsi1sk = :seen', values: { ':seen': due.entry } },
      },
    ]);
  } catch (error) {
    if (!(error instanceof ConditionFailedError)) throw error;
  }
}

/** Forgets the rules of a repository that no longer exists. */
export async function dropRetention(due: DueRetention): Promise<void> {
  await transact([{ delete: artifactKeys.retention(due.enterpriseId, due.repositoryId) }]);
}
