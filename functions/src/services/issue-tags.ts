/**
 * The enterprise's work-item tags. Names are unique in the enterprise, ignoring case (a
 * uniqueness item, db/issue-tags.ts). Deleting a tag leaves the items alone: rows and details
 * resolve tag ids when they are shown and skip ids that no longer name a tag, so in effect no
 * item refers to it any more, without rewriting every item that carried it.
 */
import type { IssueTag, IssueTagBody, IssueTagUpdateBody } from '@shared/schemas/issues';
import { nowIso } from '../clock';
import * as db from '../db/issue-tags';
import { ConditionFailedError, onConditionFailed } from '../db/operations';
import { conflict, notFound, staleVersion } from '../errors';
import { newId } from '../ids';
import { tagView } from './issue-views';

/** The enterprise's tags as of a tag sequence, per enterprise (see tagsAt). */
const MAX_CACHED_ENTERPRISES = 1000;
const tagCache = new Map<string, { seq: number; tags: db.IssueTagRecord[] }>();

/**
 * The enterprise's tags, given its tag sequence as just read (db/issues.ts readProjectState reads
 * it in the same batch as the counters): the copy in memory while the sequence is unchanged,
 * otherwise one query. Every tag write steps the sequence, so the copy is never out of date.
 */
export async function tagsAt(enterpriseId: string, tagSeq: number): Promise<db.IssueTagRecord[]> {
  const cached = tagCache.get(enterpriseId);
  if (cached && cached.seq === tagSeq) return cached.tags;
  // Read after the sequence, so what comes back is at least as new as `tagSeq`.
  const tags = await db.listIssueTags(enterpriseId);
  const current = tagCache.get(enterpriseId);
  if (!current || current.seq <= tagSeq) {
    if (tagCache.size >= MAX_CACHED_ENTERPRISES) tagCache.clear();
    tagCache.set(enterpriseId, { seq: tagSeq, tags });
  }
  return tags;
}

const tagNotFound = (tagId: string) => notFound(`Tag ${tagId} does not exist`);
const nameTaken = (name: string) => conflict(`name: a tag named ${name} exists already`);

/** The enterprise's tags, by name. */
export async function listTags(enterpriseId: string): Promise<IssueTag[]> {
  const tags = await db.listIssueTags(enterpriseId);
  return tags
    .sort(
      (a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.tagId.localeCompare(b.tagId),
    )
    .map(tagView);
}

export async function createTag(enterpriseId: string, body: IssueTagBody): Promise<IssueTag> {
  const now = nowIso();
  const tag: db.IssueTagRecord = {
    enterpriseId,
    tagId: newId(),
    name: body.name,
    color: body.color,
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
  await onConditionFailed(db.createIssueTag(tag), { name: () => nameTaken(body.name) });
  return tagView(tag);
}

async function requireTag(enterpriseId: string, tagId: string): Promise<db.IssueTagRecord> {
  const tag = await db.getIssueTag(enterpriseId, tagId);
  if (!tag) throw tagNotFound(tagId);
  return tag;
}

export async function updateTag(
  enterpriseId: string,
  tagId: string,
  body: IssueTagUpdateBody,
): Promise<IssueTag> {
  const tag = await requireTag(enterpriseId, tagId);
  if (tag.version !== body.version) throw staleVersion(`Tag ${tag.name}`);
  const changes: db.IssueTagChanges = {};
  if (body.name !== undefined && body.name !== tag.name) changes.name = body.name;
  if (body.color !== undefined && body.color !== tag.color) changes.color = body.color;
  if (Object.keys(changes).length === 0) return tagView(tag);
  const updated = await onConditionFailed(db.updateIssueTag(tag, changes, nowIso()), {
    stale: () => staleVersion(`Tag ${tag.name}`),
    name: () => nameTaken(body.name ?? ''),
  });
  return tagView(updated);
}

export async function deleteTag(enterpriseId: string, tagId: string): Promise<void> {
  const tag = await requireTag(enterpriseId, tagId);
  try {
    await db.deleteIssueTag(tag);
  } catch (error) {
    if (error instanceof ConditionFailedError) throw tagNotFound(tagId);
    throw error;
  }
}
