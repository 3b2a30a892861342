import type { IssueKind } from '@shared/domain/work-item-workflow';
import type { QueryClient } from '@tanstack/react-query';
import { guardedLoad } from '../../../lib/route-guards';
import { issueListInfiniteOptions } from '../../../queries/issues';
import { listParams, type WorkItemSearch } from './list-search';

interface ListLoad {
  queryClient: QueryClient;
  projectId: string;
  kind: IssueKind;
  search: WorkItemSearch;
  cause: 'preload' | 'enter' | 'stay';
  /** The route's `location.publicHref`, to come back to after signing in (guardedLoad). */
  href: string;
}

/** The first page of a kind's list. Filtering stays on the page, which keeps the old rows meanwhile. */
export async function loadWorkItemList({ queryClient, projectId, kind, search, cause, href }: ListLoad) {
  const options = issueListInfiniteOptions(listParams(projectId, kind, search));
  if (cause === 'stay') return void queryClient.prefetchInfiniteQuery(options);
  await guardedLoad(() => queryClient.ensureInfiniteQueryData(options), href);
}

interface RouteLoad {
  context: { queryClient: QueryClient };
  params: { projectId: string };
  deps: WorkItemSearch;
  cause: ListLoad['cause'];
  location: { publicHref: string };
}

/** The loader of the demand, task and bug list routes. */
export function loadKindList(kind: IssueKind, { context, params, deps, cause, location }: RouteLoad) {
  return loadWorkItemList({
    queryClient: context.queryClient,
    projectId: params.projectId,
    kind,
    search: deps,
    cause,
    href: location.publicHref,
  });
}
