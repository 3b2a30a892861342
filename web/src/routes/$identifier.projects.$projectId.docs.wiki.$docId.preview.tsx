import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../lib/route-guards';
import { WikiView } from './-components/docs/WikiView';

/** A wiki page alone, as it reads. */
export const Route = createFileRoute('/$identifier/projects/$projectId/docs/wiki/$docId/preview')({
  beforeLoad: ({ context }) => requireAccess(context.access, 'docs'),
  component: Page,
});

function Page() {
  const { docId } = Route.useParams();
  return <WikiView key={docId} docId={docId} preview />;
}
