import { createFileRoute } from '@tanstack/react-router';
import { accessGuard } from '../lib/route-guards';
import { burnDownQueryOptions, sprintStatisticsQueryOptions } from '../queries/sprints';
import { SprintOverview } from './-components/iterations/SprintOverview';

/** The sprint page: burn-down, statistics, its items and, once closed, the completion record. */
export const Route = createFileRoute('/$identifier/projects/$projectId/iteration/$iterationId/')({
  beforeLoad: accessGuard('projects'),
  // Every panel shows its own skeleton; starting the calls here overlaps them with the page's chunk.
  loader: ({ context: { queryClient }, params: { projectId, iterationId } }) => {
    void queryClient.prefetchQuery(burnDownQueryOptions(projectId, iterationId));
    void queryClient.prefetchQuery(sprintStatisticsQueryOptions(projectId, iterationId));
  },
  component: SprintPage,
});

function SprintPage() {
  const { projectId, iterationId } = Route.useParams();
  return <SprintOverview projectId={projectId} sprintId={iterationId} />;
}
