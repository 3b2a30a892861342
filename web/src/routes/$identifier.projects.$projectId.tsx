import { Stack } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { accessGuard, loadQuery } from '../lib/route-guards';
import { projectQueryOptions } from '../queries/projects';
import { ProjectHeader } from './-components/projects/ProjectHeader';
import { ProjectTabs } from './-components/projects/ProjectTabs';
import { WorkItemPanelProvider } from './-components/work-items/work-item-panel';

/**
 * A project: its header and section tabs around the section's page, and the work-item drawer
 * every section opens items in.
 */
export const Route = createFileRoute('/$identifier/projects/$projectId')({
  beforeLoad: accessGuard('projects'),
  loader: (load) => loadQuery(projectQueryOptions(load.params.projectId), load),
  component: ProjectLayout,
});

function ProjectLayout() {
  const { projectId } = Route.useParams();
  const { data: project } = useSuspenseQuery(projectQueryOptions(projectId));
  return (
    <WorkItemPanelProvider projectId={projectId}>
      <Stack gap="md" maw={1400}>
        <ProjectHeader project={project} />
        <ProjectTabs projectId={projectId} />
        <Outlet />
      </Stack>
    </WorkItemPanelProvider>
  );
}
