/**
 * The enterprise's case tags, shared by every project's case library (a tag vocabulary,
 * core/tags/service.ts), and the fixed case types. Deleting a tag leaves cases alone: rows
 * show the tag ids they hold, and the web resolves them against the tag list, so a deleted tag
 * simply stops showing; a case's next save must name existing tags only.
 */

import { badRequest } from '@core/errors';
import { tagService } from '@core/tags/service';
import { CASE_TYPES } from '@shared/domain/testing';
import * as db from './store/tags';

const tags = tagService(db.caseTags, 'Case tag');

/** The enterprise's case tags, by name. */
export const listCaseTags = tags.list;
export const createCaseTag = tags.create;
export const updateCaseTag = tags.update;
export const deleteCaseTag = tags.remove;

/** The tag records, for callers that resolve names (spreadsheets). */
export const listCaseTagRecords = db.caseTags.list;

export function listCaseTypes() {
  return CASE_TYPES.map((t) => ({ id: t.id, name: t.name }));
}

/** 400 naming `field` and the first id that is not a case tag of the enterprise. */
export async function assertCaseTags(enterpriseId: string, field: string, tagIds: readonly string[]) {
  const unique = [...new Set(tagIds)];
  if (unique.length === 0) return;
  const found = new Set((await db.caseTags.getMany(enterpriseId, unique)).map((t) => t.tagId));
  const unknown = unique.find((id) => !found.has(id));
  if (unknown !== undefined) throw badRequest(field, `Tag ${unknown} does not exist`);
}
