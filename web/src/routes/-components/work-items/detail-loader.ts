import { type IssueKind, isIssueKind } from '@shared/domain/work-item-workflow';
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { guardedLoad } from '../../../lib/route-guards';
import { issueQueryOptions } from '../../../queries/issues';
import { KIND_ROUTES } from './kinds';

interface DetailParams {
  identifier: string;
  projectId: string;
  workItemId: string;
}

/**
 * Loads an item for its full page. An address with the wrong kind or project (an old link, a
 * hand-typed one) goes to where the item really is rather than showing it under the wrong tab.
 * `href` is the route's `location.publicHref`, to come back to after signing in (guardedLoad).
 */
export async function loadWorkItem(
  queryClient: QueryClient,
  params: DetailParams,
  kind: IssueKind,
  href: string,
) {
  const issue = await guardedLoad(
    () => queryClient.ensureQueryData(issueQueryOptions(params.workItemId)),
    href,
  );
  if (
    isIssueKind(issue.pmIssueType) &&
    (issue.pmIssueType !== kind || issue.pmsProjectId !== params.projectId)
  ) {
    throw redirect({
      to: KIND_ROUTES[issue.pmIssueType].detail,
      params: { ...params, projectId: issue.pmsProjectId },
      replace: true,
    });
  }
  return issue;
}

/** The loader of the demand, task and bug item routes. */
export function loadKindItem(
  kind: IssueKind,
  {
    context,
    params,
    location,
  }: { context: { queryClient: QueryClient }; params: DetailParams; location: { publicHref: string } },
) {
  return loadWorkItem(context.queryClient, params, kind, location.publicHref);
}
