import { Group, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { LinkButton } from '../components/Links/Links';
import { useCurrentEnterprise } from '../lib/current-enterprise';
import { accessGuard, loadQuery } from '../lib/route-guards';
import { sprintQueryOptions } from '../queries/sprints';
import { SprintHeader } from './-components/iterations/SprintHeader';

/**
 * One sprint: its header (name, goal, dates, state, actions) around the sprint page and the
 * work-item drawer opened from it, so the header stays while items open and close.
 */
export const Route = createFileRoute('/$identifier/projects/$projectId/iteration/$iterationId')({
  beforeLoad: accessGuard('projects'),
  loader: (load) => loadQuery(sprintQueryOptions(load.params.projectId, load.params.iterationId), load),
  component: SprintLayout,
});

function SprintLayout() {
  const { enterprise } = useCurrentEnterprise();
  const { projectId, iterationId } = Route.useParams();
  const navigate = Route.useNavigate();
  const { data: sprint } = useSuspenseQuery(sprintQueryOptions(projectId, iterationId));
  useDocumentTitle(`${sprint.name} · Iterations`);
  const listParams = { identifier: enterprise.enterpriseIdentifier, projectId };
  return (
    <Stack gap="md">
      <Group>
        <LinkButton
          to="/$identifier/projects/$projectId/iteration"
          params={listParams}
          variant="subtle"
          size="compact-sm"
          leftSection={<IconArrowLeft size={14} />}
        >
          All sprints
        </LinkButton>
      </Group>
      <SprintHeader
        projectId={projectId}
        sprint={sprint}
        onDeleted={() =>
          void navigate({ to: '/$identifier/projects/$projectId/iteration', params: listParams })
        }
      />
      <Outlet />
    </Stack>
  );
}
