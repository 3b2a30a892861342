import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../lib/route-guards';
import { loadWorkItem } from './-components/work-items/detail-loader';
import { WorkItemPage } from './-components/work-items/WorkItemPage';

const KIND = 3;

export const Route = createFileRoute('/$identifier/projects/$projectId/bug/$workItemId')({
  // Loader and page in one chunk: the query modules they use stay out of the first script.
  codeSplitGroupings: [['loader', 'component']],
  beforeLoad: ({ context }) => requireAccess(context.access, 'projects'),
  loader: ({ context: { queryClient }, params, location }) =>
    loadWorkItem(queryClient, params, KIND, location.publicHref),
  component: DetailPage,
});

function DetailPage() {
  const { projectId, workItemId } = Route.useParams();
  return <WorkItemPage kind={KIND} projectId={projectId} workItemId={workItemId} />;
}
