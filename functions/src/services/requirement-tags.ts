/**
 * The enterprise's requirement tags, shared by all its products. Names are unique in the
 * enterprise, ignoring case (a uniqueness item, db/requirement-tags.ts). Deleting a tag leaves
 * requirements and specs alone: they resolve tag ids when shown and skip ids that no longer name
 * a tag, so they simply stop showing it.
 */
import type { RequirementTag, RequirementTagBody, RequirementTagUpdateBody } from '@shared/schemas/products';
import { nowIso } from '../clock';
import { onConditionFailed } from '../db/operations';
import * as db from '../db/requirement-tags';
import { conflict, notFound, staleVersion } from '../errors';
import { newId } from '../ids';
import { requirementTagView } from './product-views';

const tagNotFound = (tagId: string) => notFound(`Requirement tag ${tagId} does not exist`);
const nameTaken = (name: string) => conflict(`name: a requirement tag named ${name} exists already`);

/** The enterprise's requirement tags, by name. */
export async function listRequirementTags(enterpriseId: string): Promise<RequirementTag[]> {
  const tags = await db.listRequirementTagRecords(enterpriseId);
  return tags
    .sort(
      (a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.tagId.localeCompare(b.tagId),
    )
    .map(requirementTagView);
}

export async function createRequirementTag(
  enterpriseId: string,
  body: RequirementTagBody,
): Promise<RequirementTag> {
  const now = nowIso();
  const tag: db.RequirementTagRecord = {
    enterpriseId,
    tagId: newId(),
    name: body.name,
    color: body.color,
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
  await onConditionFailed(db.createRequirementTag(tag), { name: () => nameTaken(body.name) });
  return requirementTagView(tag);
}

async function requireTag(enterpriseId: string, tagId: string): Promise<db.RequirementTagRecord> {
  const tag = await db.getRequirementTag(enterpriseId, tagId);
  if (!tag) throw tagNotFound(tagId);
  return tag;
}

export async function updateRequirementTag(
  enterpriseId: string,
  tagId: string,
  body: RequirementTagUpdateBody,
): Promise<RequirementTag> {
  const tag = await requireTag(enterpriseId, tagId);
  const stale = () => staleVersion(`Requirement tag ${tag.name}`);
  if (tag.version !== body.version) throw stale();
  const changes: db.RequirementTagChanges = {};
  if (body.name !== undefined && body.name !== tag.name) changes.name = body.name;
  if (body.color !== undefined && body.color !== tag.color) changes.color = body.color;
  if (Object.keys(changes).length === 0) return requirementTagView(tag);
  const updated = await onConditionFailed(db.updateRequirementTag(tag, changes, nowIso()), {
    stale,
    name: () => nameTaken(body.name ?? ''),
  });
  return requirementTagView(updated);
}

export async function deleteRequirementTag(enterpriseId: string, tagId: string): Promise<void> {
  const tag = await requireTag(enterpriseId, tagId);
  await onConditionFailed(db.deleteRequirementTag(tag), { missing: () => tagNotFound(tagId) });
}
