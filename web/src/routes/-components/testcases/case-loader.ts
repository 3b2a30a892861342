import type { TestType } from '@shared/domain/testing';
import type { QueryClient } from '@tanstack/react-query';
import { guardedLoad } from '../../../lib/route-guards';
import {
  caseListQueryOptions,
  caseModuleTreeQueryOptions,
  caseQueryOptions,
  caseTagsQueryOptions,
} from '../../../queries/testcases';
import { type CaseSearch, caseListParams } from './case-search';

interface TestAreaLoad {
  projectId: string;
  testType: string;
  menuId?: string;
  caseId?: string;
  search: CaseSearch;
  cause: 'preload' | 'enter' | 'stay';
  href: string;
}

/**
 * The test routes' loader. The case library waits for its list (the page's main content) and
 * starts the tree, the tags and an opened case alongside; filtering and paging stay on the page
 * (the rows dim meanwhile). The sheets and reports pages load their own data.
 */
/** The test routes' `loader`: {@link loadTestArea} with what the router hands a loader. */
export function testAreaLoader({
  context: { queryClient },
  params,
  deps,
  cause,
  location,
}: {
  context: { queryClient: QueryClient };
  params: { projectId: string; testType: string; menuId?: string; caseId?: string };
  deps: CaseSearch;
  cause: TestAreaLoad['cause'];
  location: { publicHref: string };
}): Promise<void> {
  return loadTestArea(queryClient, { ...params, search: deps, cause, href: location.publicHref });
}

export async function loadTestArea(queryClient: QueryClient, load: TestAreaLoad): Promise<void> {
  if ((load.testType as TestType) !== 'case') return;
  void queryClient.prefetchQuery(caseModuleTreeQueryOptions(load.projectId));
  void queryClient.prefetchQuery(caseTagsQueryOptions());
  if (load.caseId) void queryClient.prefetchQuery(caseQueryOptions(load.caseId));
  const list = caseListQueryOptions(caseListParams(load.projectId, load.menuId, load.search));
  if (load.cause === 'stay') return void queryClient.prefetchQuery(list);
  await guardedLoad(() => queryClient.ensureQueryData(list), load.href);
}
