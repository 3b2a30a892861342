import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../lib/route-guards';
import { WikiEditor } from './-components/docs/WikiEditor';

interface AddSearch {
  folderId?: string;
}

/** A new wiki page (in `?folderId=`, or at the top). */
export const Route = createFileRoute('/$identifier/docs/add')({
  validateSearch: (search: Record<string, unknown>): AddSearch =>
    typeof search.folderId === 'string' && search.folderId ? { folderId: search.folderId } : {},
  beforeLoad: ({ context }) => requireAccess(context.access, 'docs'),
  component: Page,
});

function Page() {
  const { folderId } = Route.useSearch();
  return <WikiEditor folderId={folderId ?? null} />;
}
