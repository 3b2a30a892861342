/**
 * The enterprise's requirement tags, shared by all its products: a tag vocabulary
 * (core/tags/service.ts). Deleting a tag leaves
 * requirements and specs alone: they resolve tag ids when shown and skip ids that no longer name
 * a tag, so they simply stop showing it.
 */

import { tagService } from '@core/tags/service';
import * as db from './store/requirement-tags';

const tags = tagService(db.requirementTags, 'Requirement tag');

/** The enterprise's requirement tags, by name. */
export const listRequirementTags = tags.list;
export const createRequirementTag = tags.create;
export const updateRequirementTag = tags.update;
export const deleteRequirementTag = tags.remove;
