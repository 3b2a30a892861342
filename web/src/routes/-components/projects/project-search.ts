/**
 * The project list's search params: page, keyword, status filter and "My projects". Plain
 * functions (validateSearch is part of the first script, zod is not).
 */
import { PROJECT_STATE } from '@shared/domain/work-items';
import { type DirectorySearch, directorySearch } from '../../../lib/search';

export const PROJECT_STATUS_FILTERS = {
  open: PROJECT_STATE.on,
  paused: PROJECT_STATE.pause,
  closed: PROJECT_STATE.closed,
} as const;
export type ProjectStatusFilter = keyof typeof PROJECT_STATUS_FILTERS;

export type ProjectSearch = DirectorySearch<ProjectStatusFilter>;

/** `validate` is the route's validateSearch, `listParams` the list call's params. */
export const projectSearch = directorySearch(PROJECT_STATUS_FILTERS);
