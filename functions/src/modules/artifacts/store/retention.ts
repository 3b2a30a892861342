/**
 * A repository's cleanup rules, one item in its partition (`RETENTION`). A repository without
 * the item has no rules (both off).
 */
import { artifactKeys } from '@core/db/keys';
import { conditions, type Item, transact } from '@core/db/operations';
import { getRecord } from '@core/db/records';
import type { Retention, RetentionRules } from '@shared/schemas/artifacts';

const fromItem = (item: Item): Retention => ({
  keepLast: (item.keepLast as number | null | undefined) ?? null,
  maxAgeDays: (item.maxAgeDays as number | null | undefined) ?? null,
  updatedBy: (item.updatedBy as string | undefined) ?? null,
  updatedAt: (item.updatedAt as string | undefined) ?? null,
});

// Access pattern: a repository's rules (ENT#{e}#ART#{r} / RETENTION).
export async function getRetention(enterpriseId: string, repositoryId: string): Promise<Retention> {
  const found = await getRecord(artifactKeys.retention(enterpriseId, repositoryId), fromItem);
  return found ?? { keepLast: null, maxAgeDays: null, updatedBy: null, updatedAt: null };
}

export async function saveRetention(
  enterpriseId: string,
  repositoryId: string,
  rules: RetentionRules,
  by: string,
  at: string,
): Promise<Retention> {
  const record: Retention = { ...rules, updatedBy: by, updatedAt: at };
  await transact([
    // The audit log names the change by the repository (its contents' partition is bookkeeping).
    {
      update: artifactKeys.repository(enterpriseId, repositoryId),
      set: { retentionChangedAt: at },
      condition: conditions.exists,
      label: 'missing',
    },
    {
      put: { ...artifactKeys.retention(enterpriseId, repositoryId), entity: 'ArtifactRetention', ...record },
    },
  ]);
  return record;
}
