/**
 * Artifact repositories: hosted ones store what is published to them, groups answer from their
 * members in order. Names are unique in the enterprise and never change (the clients' addresses
 * carry them); settings are edited with the version the editor read.
 */
import { nowIso } from '@core/clock';
import { onConditionFailed } from '@core/db/operations';
import { badRequest, conflict, notFound, staleVersion } from '@core/errors';
import { newId } from '@core/ids';
import {
  ARTIFACT_FORMATS,
  type GroupCreate,
  type GroupUpdate,
  type HostedCreate,
  type HostedUpdate,
  LAYOUT_POLICIES,
  type Option,
  REPOSITORY_TYPES,
  VERSION_POLICIES,
  WRITE_POLICIES,
} from '@shared/schemas/artifacts';
import { FORMATS } from './formats';
import { listAssets } from './store/contents';
import type { RepositoryRecord } from './store/repositories';
import * as db from './store/repositories';
import { listSnapshots } from './store/snapshots';

const LABELS: Record<string, string> = {
  hosted: 'Hosted',
  group: 'Group',
  release: 'Release',
  snapshot: 'Snapshot',
  mixed: 'Mixed',
  strict: 'Strict',
  permissive: 'Permissive',
  allow: 'Allow redeploy',
  allow_once: 'Allow once (a published version never changes)',
  deny: 'Read only',
};
const options = (values: readonly string[]): Option[] =>
  values.map((value) => ({ value, label: LABELS[value] ?? value }));

export const optionLists = {
  format: (): Option[] => ARTIFACT_FORMATS.map((value) => ({ value, label: FORMATS[value].label })),
  type: () => options(REPOSITORY_TYPES),
  versionPolicy: () => options(VERSION_POLICIES),
  layoutPolicy: () => options(LAYOUT_POLICIES),
  writePolicy: () => options(WRITE_POLICIES),
};

export const repositoryNotFound = (ref: string) => notFound(`Artifact repository ${ref} does not exist`);

export async function requireRepository(
  enterpriseId: string,
  repositoryId: string,
): Promise<RepositoryRecord> {
  const found = await db.getRepository(enterpriseId, repositoryId);
  if (!found) throw repositoryNotFound(repositoryId);
  return found;
}

export async function requireRepositoryByName(enterpriseId: string, name: string): Promise<RepositoryRecord> {
  const found = await db.findRepositoryByName(enterpriseId, name);
  if (!found) throw repositoryNotFound(name);
  return found;
}

export interface RepositoryFilter {
  kind?: RepositoryRecord['kind'];
  format?: RepositoryRecord['format'];
  type?: RepositoryRecord['type'];
  name?: string;
}

export async function listRepositories(
  enterpriseId: string,
  filter: RepositoryFilter,
): Promise<RepositoryRecord[]> {
  const needle = filter.name?.toLowerCase();
  return (await db.listRepositories(enterpriseId))
    .filter((r) => !filter.kind || r.kind === filter.kind)
    .filter((r) => !filter.format || r.format === filter.format)
    .filter((r) => !filter.type || r.type === filter.type)
    .filter((r) => !needle || r.name.includes(needle))
    .sort((a, b) => a.name.localeCompare(b.name));
}

async function insert(record: RepositoryRecord): Promise<RepositoryRecord> {
  await onConditionFailed(db.createRepository(record), {
    name: () => conflict(`name: An artifact repository named ${record.name} exists`),
  });
  return record;
}

/** What hosted and group repositories share when created: the body's common fields and defaults. */
function baseRecord(
  enterpriseId: string,
  userId: string,
  body: Pick<RepositoryRecord, 'name' | 'format' | 'description' | 'anonymousRead'>,
): Omit<RepositoryRecord, 'type'> {
  return {
    enterpriseId,
    repositoryId: newId(),
    ...db.newRepositoryFields(),
    name: body.name,
    format: body.format,
    description: body.description,
    anonymousRead: body.anonymousRead,
    kind: 'zhipin',
    versionPolicy: 'mixed',
    layoutPolicy: 'strict',
    writePolicy: 'allow_once',
    createdBy: userId,
    createdAt: nowIso(),
    version: 1,
  };
}

/** Maven's version policy only: other formats keep `mixed`, which means nothing for them. */
function versionPolicyFor(format: RepositoryRecord['format'], asked: RepositoryRecord['versionPolicy']) {
  return FORMATS[format].hasVersionPolicy ? asked : 'mixed';
}

export function createHosted(
  enterpriseId: string,
  userId: string,
  body: HostedCreate,
): Promise<RepositoryRecord> {
  return insert({
    ...baseRecord(enterpriseId, userId, body),
    type: 'hosted',
    kind: body.kind,
    versionPolicy: versionPolicyFor(body.format, body.versionPolicy),
    layoutPolicy: body.layoutPolicy,
    writePolicy: body.writePolicy,
  });
}

/**
 * A group's members: existing repositories of the same format, each once, and no group that
 * (through its own members) contains this one, so resolution never loops.
 */
async function checkMembers(
  enterpriseId: string,
  format: RepositoryRecord['format'],
  memberIds: readonly string[],
  selfId: string | null,
): Promise<void> {
  if (new Set(memberIds).size !== memberIds.length)
    throw badRequest('memberIds', 'A repository is listed twice');
  const all = new Map((await db.listRepositories(enterpriseId)).map((r) => [r.repositoryId, r]));
  memberIds.forEach((id, index) => {
    const member = all.get(id);
    if (!member) throw badRequest(`memberIds.${index}`, `Artifact repository ${id} does not exist`);
    if (member.format !== format) {
      throw badRequest(`memberIds.${index}`, `${member.name} holds ${member.format}, not ${format}`);
    }
  });
  if (!selfId) return;
  const reaches = (id: string, seen: Set<string>): boolean => {
    if (id === selfId) return true;
    if (seen.has(id)) return false;
    seen.add(id);
    return (all.get(id)?.memberIds ?? []).some((m) => reaches(m, seen));
  };
  memberIds.forEach((id, index) => {
    if (reaches(id, new Set()))
      throw badRequest(`memberIds.${index}`, `${all.get(id)?.name} already contains this group`);
  });
}

export async function createGroup(
  enterpriseId: string,
  userId: string,
  body: GroupCreate,
): Promise<RepositoryRecord> {
  await checkMembers(enterpriseId, body.format, body.memberIds, null);
  return insert({
    ...baseRecord(enterpriseId, userId, body),
    type: 'group',
    memberIds: body.memberIds,
    writePolicy: 'deny',
  });
}

async function save(
  enterpriseId: string,
  repository: RepositoryRecord,
  version: number,
  set: Partial<RepositoryRecord>,
): Promise<RepositoryRecord> {
  return onConditionFailed(db.saveSettings(enterpriseId, repository.repositoryId, version, set), {
    stale: () => staleVersion(`Artifact repository ${repository.name}`),
    missing: () => repositoryNotFound(repository.repositoryId),
  });
}

export async function updateHosted(
  enterpriseId: string,
  id: string,
  body: HostedUpdate,
): Promise<RepositoryRecord> {
  const repository = await requireRepository(enterpriseId, id);
  if (repository.type !== 'hosted') throw badRequest('id', `${repository.name} is a group; edit it as one`);
  return save(enterpriseId, repository, body.version, {
    description: body.description,
    versionPolicy: versionPolicyFor(repository.format, body.versionPolicy),
    layoutPolicy: body.layoutPolicy,
    writePolicy: body.writePolicy,
    anonymousRead: body.anonymousRead,
  });
}

export async function updateGroup(
  enterpriseId: string,
  id: string,
  body: GroupUpdate,
): Promise<RepositoryRecord> {
  const repository = await requireRepository(enterpriseId, id);
  if (repository.type !== 'group') throw badRequest('id', `${repository.name} is hosted; edit it as such`);
  await checkMembers(enterpriseId, repository.format, body.memberIds, repository.repositoryId);
  return save(enterpriseId, repository, body.version, {
    description: body.description,
    anonymousRead: body.anonymousRead,
    memberIds: body.memberIds,
  });
}

export async function setLockStatus(
  enterpriseId: string,
  id: string,
  locked: boolean,
): Promise<RepositoryRecord> {
  await onConditionFailed(db.setLocked(enterpriseId, id, locked), { missing: () => repositoryNotFound(id) });
  return requireRepository(enterpriseId, id);
}

/**
 * Deletes an empty, unlocked repository that no group lists. A repository with contents must be
 * emptied first (what it holds may be held by snapshots or promotions, which the deletes check).
 */
export async function deleteRepository(enterpriseId: string, id: string): Promise<void> {
  const repository = await requireRepository(enterpriseId, id);
  if (repository.locked) throw conflict(`${repository.name} is locked; unlock it before deleting it`);
  const groups = (await db.listRepositories(enterpriseId)).filter((r) => r.memberIds.includes(id));
  if (groups.length > 0) {
    throw conflict(
      `${repository.name} is a member of ${groups.map((g) => g.name).join(', ')}; remove it there first`,
    );
  }
  if ((await listAssets(enterpriseId, id)).length > 0) {
    throw conflict(`${repository.name} still holds assets; delete them first`);
  }
  if ((await listSnapshots(enterpriseId, id)).length > 0) {
    throw conflict(`${repository.name} still has snapshots; delete them first`);
  }
  await onConditionFailed(db.deleteRepository(repository), {
    locked: () => conflict(`${repository.name} was locked meanwhile`),
  });
}
