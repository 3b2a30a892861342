/**
 * npm dist-tags, in the repository's partition: `NPMTAG#{package}#{tag}` holds the version the
 * tag points at (npm names hold no `#`). A tag is written with the publish that sets it (one
 * transaction) or alone by `npm dist-tag`, conditional on the repository being unlocked.
 */
import { nowIso } from '@core/clock';
import { artifactKeys, artifactRepositoryPartition, type Key } from '@core/db/keys';
import { type Item, type TxOp, transact } from '@core/db/operations';
import { queryRecords } from '@core/db/records';
import { unlocked } from './repositories';

const TAG_PREFIX = 'NPMTAG#';

const tagKey = (enterpriseId: string, repositoryId: string, name: string, tag: string): Key => ({
  pk: artifactRepositoryPartition(enterpriseId, repositoryId),
  sk: `${TAG_PREFIX}${name}#${tag}`,
});

interface TagRecord {
  tag: string;
  version: string;
}

const fromItem = (item: Item): TagRecord => ({ tag: String(item.tag), version: String(item.version) });

// Access pattern: a package's dist-tags (ENT#{e}#ART#{r}, begins_with NPMTAG#{name}#).
export async function listTags(
  enterpriseId: string,
  repositoryId: string,
  name: string,
): Promise<Record<string, string>> {
  const pk = artifactRepositoryPartition(enterpriseId, repositoryId);
  const found = await queryRecords(pk, `${TAG_PREFIX}${name}#`, fromItem);
  return Object.fromEntries(found.map((t) => [t.tag, t.version]));
}

// Access pattern: every dist-tag of a repository (ENT#{e}#ART#{r}, begins_with NPMTAG#), by package.
export async function listAllTags(
  enterpriseId: string,
  repositoryId: string,
): Promise<Map<string, Record<string, string>>> {
  const pk = artifactRepositoryPartition(enterpriseId, repositoryId);
  const found = await queryRecords(pk, TAG_PREFIX, (item) => ({
    name: String(item.name),
    ...fromItem(item),
  }));
  const byName = new Map<string, Record<string, string>>();
  for (const { name, tag, version } of found) byName.set(name, { ...byName.get(name), [tag]: version });
  return byName;
}

/** The write that points `tag` at `version`, for a publish's transaction or alone. */
export function tagOp(
  enterpriseId: string,
  repositoryId: string,
  name: string,
  tag: string,
  version: string,
) {
  return {
    put: { ...tagKey(enterpriseId, repositoryId, name, tag), entity: 'ArtifactNpmTag', name, tag, version },
  } satisfies TxOp;
}

/**
 * The repository's part of a tag write: it must be unlocked, and it records when its contents
 * last changed. A write, not a check, because the audit log names a change by the repository
 * (the contents' own partition is bookkeeping to it, as for every publish).
 */
export const repositoryUnlocked = (enterpriseId: string, repositoryId: string): TxOp => ({
  update: artifactKeys.repository(enterpriseId, repositoryId),
  set: { tagsChangedAt: nowIso() },
  condition: unlocked,
  label: 'locked',
});

export async function setTag(
  enterpriseId: string,
  repositoryId: string,
  name: string,
  tag: string,
  version: string,
): Promise<void> {
  await transact([
    repositoryUnlocked(enterpriseId, repositoryId),
    tagOp(enterpriseId, repositoryId, name, tag, version),
  ]);
}

export async function removeTag(
  enterpriseId: string,
  repositoryId: string,
  name: string,
  tag: string,
): Promise<void> {
  await transact([
    repositoryUnlocked(enterpriseId, repositoryId),
    { delete: tagKey(enterpriseId, repositoryId, name, tag) },
  ]);
}
