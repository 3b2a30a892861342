import { createFileRoute } from '@tanstack/react-router';
import { accessGuard, guardedLoad } from '../lib/route-guards';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '../queries/query-client';
import { projectRepositoriesQueryOptions } from '../queries/repositories';
import { ProjectCodePage } from './-components/repositories/ProjectCodePage';

/** The project's repositories (spec: /projects/{id}/code). */
export const Route = createFileRoute('/$identifier/projects/$projectId/code')({
  codeSplitGroupings: [['loader', 'component']],
  beforeLoad: accessGuard('codes'),
  loader: ({ context: { queryClient }, params, location }) =>
    guardedLoad(
      () =>
        queryClient.ensureQueryData(
          projectRepositoriesQueryOptions({
            pmsProjectId: params.projectId,
            pageNum: DEFAULT_PAGE,
            pageSize: DEFAULT_PAGE_SIZE,
          }),
        ),
      location.publicHref,
    ),
  component: function ProjectCode() {
    const { projectId } = Route.useParams();
    return <ProjectCodePage projectId={projectId} />;
  },
});
