import { createFileRoute } from '@tanstack/react-router';
import { accessGuard } from '../lib/route-guards';
import { SprintItemDrawer } from './-components/iterations/SprintItemDrawer';
import { SprintOverview } from './-components/iterations/SprintOverview';

/**
 * A sprint item in the work-item drawer, over the sprint page: the address can be shared, and
 * closing the drawer goes back to the sprint.
 */
export const Route = createFileRoute('/$identifier/projects/$projectId/iteration/$iterationId/$workItemId')({
  beforeLoad: accessGuard('projects'),
  component: SprintItemPage,
});

function SprintItemPage() {
  const { identifier, projectId, iterationId, workItemId } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <>
      <SprintOverview projectId={projectId} sprintId={iterationId} />
      <SprintItemDrawer
        projectId={projectId}
        workItemId={workItemId}
        onClose={() =>
          void navigate({
            to: '/$identifier/projects/$projectId/iteration/$iterationId',
            params: { identifier, projectId, iterationId },
          })
        }
      />
    </>
  );
}
