import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../lib/route-guards';
import { DocRedirect } from './-components/docs/DocRedirect';

/** Any document by id: on to its own page. */
export const Route = createFileRoute('/$identifier/docs/$docId/')({
  beforeLoad: ({ context }) => requireAccess(context.access, 'docs'),
  component: Page,
});

function Page() {
  const { docId } = Route.useParams();
  return <DocRedirect key={docId} />;
}
