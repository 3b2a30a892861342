import { createFileRoute } from '@tanstack/react-router';
import { accessGuard, loadQuery } from '../lib/route-guards';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '../queries/query-client';
import { projectRepositoriesQueryOptions } from '../queries/repositories';
import { ProjectCodePage } from './-components/repositories/ProjectCodePage';

/** The project's repositories (spec: /projects/{id}/code). */
export const Route = createFileRoute('/$identifier/projects/$projectId/code')({
  beforeLoad: accessGuard('codes'),
  loader: (load) =>
    loadQuery(
      projectRepositoriesQueryOptions({
        pmsProjectId: load.params.projectId,
        pageNum: DEFAULT_PAGE,
        pageSize: DEFAULT_PAGE_SIZE,
      }),
      load,
    ),
  component: function ProjectCode() {
    const { projectId } = Route.useParams();
    return <ProjectCodePage projectId={projectId} />;
  },
});
