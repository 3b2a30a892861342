/**
 * Requirement tags of an enterprise (ENT#{id} / REQTAG#{tagId}; names unique through
 * ENT#{id} / REQTAGNAME#{lower-cased name}), shared by all its products: a tag vocabulary
 * (core/tags/store.ts), like the work-item tags.
 */
import { keys, SK } from '@core/db/keys';
import { tagVocabulary } from '@core/tags/store';

export const requirementTags = tagVocabulary({
  prefix: SK.requirementTagPrefix,
  tag: keys.requirementTag,
  name: keys.requirementTagName,
  entity: 'RequirementTag',
});
