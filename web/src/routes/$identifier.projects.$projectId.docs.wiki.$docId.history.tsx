import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../lib/route-guards';
import { WikiHistory } from './-components/docs/WikiHistory';

/** A wiki page's revisions and diffs. */
export const Route = createFileRoute('/$identifier/projects/$projectId/docs/wiki/$docId/history')({
  beforeLoad: ({ context }) => requireAccess(context.access, 'docs'),
  component: Page,
});

function Page() {
  const { docId } = Route.useParams();
  return <WikiHistory key={docId} docId={docId} />;
}
