/**
 * The project list's search params: page, keyword, status filter and "My projects". Plain
 * functions (validateSearch is part of the first script, zod is not).
 */
import { PROJECT_STATE } from '@shared/domain/work-items';
import { directorySearch } from '../../../lib/search';

/** `validate` is the route's validateSearch, `listParams` the list call's params. */
export const projectSearch = directorySearch({
  open: PROJECT_STATE.on,
  paused: PROJECT_STATE.pause,
  closed: PROJECT_STATE.closed,
});

/** The statuses the list filters by, as the URL names them. */
export type ProjectStatusFilter = NonNullable<ReturnType<typeof projectSearch.validate>['status']>;
