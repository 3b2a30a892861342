import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../lib/route-guards';
import { FolderView } from './-components/docs/FolderView';

/** A folder's contents. */
export const Route = createFileRoute('/$identifier/projects/$projectId/docs/folder/$folderId')({
  beforeLoad: ({ context }) => requireAccess(context.access, 'docs'),
  component: Page,
});

function Page() {
  const { folderId } = Route.useParams();
  return <FolderView key={folderId} folderId={folderId} />;
}
