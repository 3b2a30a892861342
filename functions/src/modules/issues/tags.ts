/**
 * The enterprise's work-item tags: a tag vocabulary (core/tags/service.ts). Deleting a tag
 * leaves the items alone: rows and details resolve tag ids when they are shown and skip ids that
 * no longer name a tag, so in effect no item refers to it any more, without rewriting every item
 * that carried it. The list the items are shown with is kept in memory (tagsAt).
 */

import { tagService } from '@core/tags/service';
import * as db from './store/tags';

/** The enterprise's tags as of a tag sequence, per enterprise (see tagsAt). */
const MAX_CACHED_ENTERPRISES = 1000;
const tagCache = new Map<string, { seq: number; tags: db.IssueTagRecord[] }>();

/**
 * The enterprise's tags, given its tag sequence as just read (modules/issues/store/work-items.ts
 * readProjectState reads it in the same batch as the counters): the copy in memory while the
 * sequence is unchanged, otherwise one query. Every tag write steps the sequence, so the copy is
 * never out of date.
 */
export async function tagsAt(enterpriseId: string, tagSeq: number): Promise<db.IssueTagRecord[]> {
  const cached = tagCache.get(enterpriseId);
  if (cached && cached.seq === tagSeq) return cached.tags;
  // Read after the sequence, so what comes back is at least as new as `tagSeq`.
  const tags = await db.issueTags.list(enterpriseId);
  const current = tagCache.get(enterpriseId);
  if (!current || current.seq <= tagSeq) {
    if (tagCache.size >= MAX_CACHED_ENTERPRISES) tagCache.clear();
    tagCache.set(enterpriseId, { seq: tagSeq, tags });
  }
  return tags;
}

const tags = tagService(db.issueTags, 'Tag');

export const listTags = tags.list;
export const createTag = tags.create;
export const updateTag = tags.update;
export const deleteTag = tags.remove;
