import { Grid, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { accessGuard } from '../lib/route-guards';
import {
  lineChartQueryOptions,
  pieBarChartQueryOptions,
  projectDynamicsQueryOptions,
  projectMembersQueryOptions,
  projectNoticeQueryOptions,
  projectQueryOptions,
} from '../queries/projects';
import { ActivityFeed } from './-components/projects/ActivityFeed';
import { CreatedClosedChart, KindAndStatusCharts } from './-components/projects/OverviewCharts';
import { ProjectMembersPanel } from './-components/projects/ProjectMembersPanel';
import { ProjectNotice } from './-components/projects/ProjectNotice';

/** The overview: charts, the activity feed, the notice and the members. */
export const Route = createFileRoute('/$identifier/projects/$projectId/')({
  beforeLoad: accessGuard('projects'),
  // Every panel shows its own skeleton; starting the calls here overlaps them with the page's chunk.
  loader: ({ context: { queryClient }, params: { projectId } }) => {
    void queryClient.prefetchQuery(pieBarChartQueryOptions(projectId));
    void queryClient.prefetchQuery(lineChartQueryOptions(projectId, 14));
    void queryClient.prefetchInfiniteQuery(projectDynamicsQueryOptions(projectId));
    void queryClient.prefetchQuery(projectNoticeQueryOptions(projectId));
    void queryClient.prefetchQuery(projectMembersQueryOptions(projectId));
  },
  component: OverviewPage,
});

function OverviewPage() {
  const { projectId } = Route.useParams();
  const { data: project } = useSuspenseQuery(projectQueryOptions(projectId));
  useDocumentTitle(`${project.name} · Projects`);
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Stack gap="md">
          <KindAndStatusCharts projectId={projectId} />
          <CreatedClosedChart projectId={projectId} />
          <ActivityFeed projectId={projectId} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Stack gap="md">
          <ProjectNotice projectId={projectId} />
          <ProjectMembersPanel projectId={projectId} projectName={project.name} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
