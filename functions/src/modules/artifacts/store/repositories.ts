/**
 * Artifact repositories: `ARTREPO#{repositoryId}` in the enterprise partition, with the name's
 * uniqueness item `ARTREPONAME#{name}` written and deleted in the same transactions. The counts
 * (components, assets, bytes) change only by ADD, in the transactions that write the contents.
 */
import { ARTIFACT_SK, artifactKeys, enterprisePartition } from '@core/db/keys';
import { conditions, type Item, transact, updateVersioned } from '@core/db/operations';
import { getRecord, queryRecords, readRecord } from '@core/db/records';
import type {
  ArtifactFormat,
  LayoutPolicy,
  RepositoryKind,
  RepositoryType,
  VersionPolicy,
  WritePolicy,
} from '@shared/schemas/artifacts';

export interface RepositoryRecord {
  enterpriseId: string;
  repositoryId: string;
  name: string;
  format: ArtifactFormat;
  type: RepositoryType;
  kind: RepositoryKind;
  description: string;
  versionPolicy: VersionPolicy;
  layoutPolicy: LayoutPolicy;
  writePolicy: WritePolicy;
  anonymousRead: boolean;
  locked: boolean;
  memberIds: string[];
  componentCount: number;
  assetCount: number;
  sizeBytes: number;
  createdBy: string;
  createdAt: string;
  version: number;
}

function fromItem(item: Item): RepositoryRecord {
  return readRecord(
    item,
    [
      'enterpriseId',
      'repositoryId',
      'name',
      'format',
      'type',
      'kind',
      'versionPolicy',
      'layoutPolicy',
      'writePolicy',
      'createdBy',
      'createdAt',
      'version',
    ],
    newRepositoryFields(),
  );
}

/** What a new repository starts with, and what an older item lacking a field reads as. */
export function newRepositoryFields() {
  return {
    description: '',
    anonymousRead: false,
    locked: false,
    memberIds: [] as string[],
    componentCount: 0,
    assetCount: 0,
    sizeBytes: 0,
  };
}

// Access pattern: an enterprise's artifact repositories (ENT#{e}, begins_with ARTREPO#).
export function listRepositories(enterpriseId: string): Promise<RepositoryRecord[]> {
  return queryRecords(enterprisePartition(enterpriseId), ARTIFACT_SK.repositoryPrefix, fromItem);
}

// Access pattern: one repository (ENT#{e} / ARTREPO#{repositoryId}).
export function getRepository(enterpriseId: string, repositoryId: string): Promise<RepositoryRecord | null> {
  return getRecord(artifactKeys.repository(enterpriseId, repositoryId), fromItem);
}

// Access pattern: a repository by name (ENT#{e} / ARTREPONAME#{name}, then by id).
export async function findRepositoryByName(
  enterpriseId: string,
  name: string,
): Promise<RepositoryRecord | null> {
  const pointer = await getRecord(artifactKeys.repositoryName(enterpriseId, name), (item) => ({
    repositoryId: item.repositoryId as string,
  }));
  return pointer ? getRepository(enterpriseId, pointer.repositoryId) : null;
}

/** `ConditionFailedError('name')` when the name is taken. */
export async function createRepository(record: RepositoryRecord): Promise<void> {
  await transact([
    {
      put: {
        ...artifactKeys.repositoryName(record.enterpriseId, record.name),
        entity: 'ArtifactRepositoryName',
        repositoryId: record.repositoryId,
      },
      condition: conditions.notExists,
      label: 'name',
    },
    {
      put: {
        ...artifactKeys.repository(record.enterpriseId, record.repositoryId),
        entity: 'ArtifactRepository',
        ...record,
      },
      condition: conditions.notExists,
      label: 'exists',
    },
  ]);
}

/** The settings a person edits; `ConditionFailedError('stale' | 'missing')` as updateVersioned. */
export async function saveSettings(
  enterpriseId: string,
  repositoryId: string,
  expectedVersion: number,
  set: Partial<RepositoryRecord>,
): Promise<RepositoryRecord> {
  return fromItem(
    await updateVersioned(artifactKeys.repository(enterpriseId, repositoryId), expectedVersion, set),
  );
}

/** Locks or unlocks; the lock is a plain flag every content write is conditional on. */
export async function setLocked(enterpriseId: string, repositoryId: string, locked: boolean): Promise<void> {
  await transact([
    {
      update: artifactKeys.repository(enterpriseId, repositoryId),
      set: { locked },
      condition: conditions.exists,
      label: 'missing',
    },
  ]);
}

/**
 * Deletes the repository and its name, if it is still empty and unlocked (`empty`, `locked`
 * labels); the contents partition is emptied by the caller first.
 */
export async function deleteRepository(record: RepositoryRecord): Promise<void> {
  await transact([
    {
      delete: artifactKeys.repository(record.enterpriseId, record.repositoryId),
      condition: { expression: 'attribute_exists(pk) AND locked = :false', values: { ':false': false } },
      label: 'locked',
    },
    { delete: artifactKeys.repositoryName(record.enterpriseId, record.name) },
  ]);
}

/** The condition every write of a repository's contents carries: it exists and is not locked. */
export const unlocked = {
  expression: 'attribute_exists(pk) AND locked = :false',
  values: { ':false': false },
};
