import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../lib/route-guards';
import { FolderView } from './-components/docs/FolderView';

/** The top of the library. */
export const Route = createFileRoute('/$identifier/projects/$projectId/docs/')({
  beforeLoad: ({ context }) => requireAccess(context.access, 'docs'),
  component: Page,
});

function Page() {
  return <FolderView folderId={null} />;
}
