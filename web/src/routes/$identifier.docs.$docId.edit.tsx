import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../lib/route-guards';
import { WikiEditor } from './-components/docs/WikiEditor';

/** A wiki page edited (markdown beside its preview). */
export const Route = createFileRoute('/$identifier/docs/$docId/edit')({
  beforeLoad: ({ context }) => requireAccess(context.access, 'docs'),
  component: Page,
});

function Page() {
  const { docId } = Route.useParams();
  return <WikiEditor key={docId} />;
}
