import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../lib/route-guards';
import { FilePreview } from './-components/docs/FilePreview';

/** A file's preview and download. */
export const Route = createFileRoute('/$identifier/projects/$projectId/docs/file/$docId/preview')({
  beforeLoad: ({ context }) => requireAccess(context.access, 'docs'),
  component: Page,
});

function Page() {
  const { docId } = Route.useParams();
  return <FilePreview key={docId} docId={docId} />;
}
