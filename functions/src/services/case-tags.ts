/**
 * The enterprise's case tags, shared by every project's case library, and the fixed case types.
 * Names are unique in the enterprise, ignoring case (a uniqueness item, db/case-tags.ts).
 * Deleting a tag leaves cases alone: rows show the tag ids they hold, and the web resolves them
 * against the tag list, so a deleted tag simply stops showing; a case's next save must name
 * existing tags only.
 */
import { CASE_TYPES } from '@shared/domain/testing';
import type { IssueTagBody, IssueTagUpdateBody } from '@shared/schemas/issues';
import type { CaseTag } from '@shared/schemas/testcases';
import { nowIso } from '../clock';
import * as db from '../db/case-tags';
import { onConditionFailed } from '../db/operations';
import { badRequest, conflict, notFound, staleVersion } from '../errors';
import { newId } from '../ids';

const tagNotFound = (tagId: string) => notFound(`Case tag ${tagId} does not exist`);
const nameTaken = (name: string) => conflict(`name: a case tag named ${name} exists already`);

export function caseTagView(tag: db.CaseTagRecord): CaseTag {
  return { id: tag.tagId, name: tag.name, color: tag.color, createdAt: tag.createdAt, version: tag.version };
}

const byName = (a: db.CaseTagRecord, b: db.CaseTagRecord) =>
  a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.tagId.localeCompare(b.tagId);

/** The enterprise's case tags, by name. */
export async function listCaseTags(enterpriseId: string): Promise<CaseTag[]> {
  return (await db.listCaseTagRecords(enterpriseId)).sort(byName).map(caseTagView);
}

/** The tag records, for callers that resolve names (spreadsheets). */
export const listCaseTagRecords = db.listCaseTagRecords;

export function listCaseTypes() {
  return CASE_TYPES.map((t) => ({ id: t.id, name: t.name }));
}

/** 400 naming `field` and the first id that is not a case tag of the enterprise. */
export async function assertCaseTags(enterpriseId: string, field: string, tagIds: readonly string[]) {
  const unique = [...new Set(tagIds)];
  if (unique.length === 0) return;
  const found = new Set((await db.getCaseTags(enterpriseId, unique)).map((t) => t.tagId));
  const unknown = unique.find((id) => !found.has(id));
  if (unknown !== undefined) throw badRequest(field, `Tag ${unknown} does not exist`);
}

export async function createCaseTag(enterpriseId: string, body: IssueTagBody): Promise<CaseTag> {
  const now = nowIso();
  const tag: db.CaseTagRecord = {
    enterpriseId,
    tagId: newId(),
    name: body.name,
    color: body.color,
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
  await onConditionFailed(db.createCaseTag(tag), { name: () => nameTaken(body.name) });
  return caseTagView(tag);
}

async function requireTag(enterpriseId: string, tagId: string): Promise<db.CaseTagRecord> {
  const tag = await db.getCaseTag(enterpriseId, tagId);
  if (!tag) throw tagNotFound(tagId);
  return tag;
}

export async function updateCaseTag(
  enterpriseId: string,
  tagId: string,
  body: IssueTagUpdateBody,
): Promise<CaseTag> {
  const tag = await requireTag(enterpriseId, tagId);
  const stale = () => staleVersion(`Case tag ${tag.name}`);
  if (tag.version !== body.version) throw stale();
  const changes: db.CaseTagChanges = {};
  if (body.name !== undefined && body.name !== tag.name) changes.name = body.name;
  if (body.color !== undefined && body.color !== tag.color) changes.color = body.color;
  if (Object.keys(changes).length === 0) return caseTagView(tag);
  const updated = await onConditionFailed(db.updateCaseTag(tag, changes, nowIso()), {
    stale,
    name: () => nameTaken(body.name ?? ''),
  });
  return caseTagView(updated);
}

export async function deleteCaseTag(enterpriseId: string, tagId: string): Promise<void> {
  const tag = await requireTag(enterpriseId, tagId);
  await onConditionFailed(db.deleteCaseTag(tag), { missing: () => tagNotFound(tagId) });
}
