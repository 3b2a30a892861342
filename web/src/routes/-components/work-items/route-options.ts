/**
 * What the demand, task and bug routes share before their page loads. It is in the first script:
 * plain functions only, the loaders and pages come with each route's lazy chunk.
 */
import type { AccessMap } from '@shared/permissions/access';
import { requireAccess } from '../../../lib/route-guards';
import { validateWorkItemSearch, type WorkItemSearch } from './list-search';

const beforeLoad = ({ context }: { context: { access: AccessMap } }) =>
  requireAccess(context.access, 'projects');

/** The list routes: the filters in the URL, the access check, and the filters as the loader's deps. */
export const workItemListRoute = {
  validateSearch: validateWorkItemSearch,
  beforeLoad,
  loaderDeps: ({ search }: { search: WorkItemSearch }) => search,
};

/** The item routes: the access check. */
export const workItemDetailRoute = { beforeLoad };
