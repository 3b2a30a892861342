/**
 * Case tags of an enterprise (ENT#{id} / CASETAG#{tagId}; names unique through
 * ENT#{id} / CASETAGNAME#{lower-cased name}), shared by all its projects' case libraries: a tag
 * vocabulary (core/tags/store.ts), like work-item and requirement tags. They go with the
 * enterprise partition when the enterprise is deleted.
 */
import { keys, SK } from '@core/db/keys';
import { tagVocabulary } from '@core/tags/store';

export const caseTags = tagVocabulary({
  prefix: SK.caseTagPrefix,
  tag: keys.caseTag,
  name: keys.caseTagName,
  entity: 'CaseTag',
});
