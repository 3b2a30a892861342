/**
 * Requirement tags of an enterprise (ENT#{id} / REQTAG#{tagId}; names unique through
 * ENT#{id} / REQTAGNAME#{lower-cased name}), shared by all its products: a tag vocabulary
 * (core/tags/store.ts), like the work-item tags.
 */
import { keys, SK } from '@core/db/keys';
import { type TagChanges, type TagRecord, tagVocabulary } from '@core/tags/store';

export type RequirementTagRecord = TagRecord;
export type RequirementTagChanges = TagChanges;

export const requirementTags = tagVocabulary({
  prefix: SK.requirementTagPrefix,
  tag: keys.requirementTag,
  name: keys.requirementTagName,
  entity: 'RequirementTag',
});

export const listRequirementTagRecords = requirementTags.list;
export const getRequirementTag = requirementTags.get;
export const getRequirementTags = requirementTags.getMany;
export const createRequirementTag = requirementTags.create;
export const updateRequirementTag = requirementTags.update;
export const deleteRequirementTag = requirementTags.remove;
