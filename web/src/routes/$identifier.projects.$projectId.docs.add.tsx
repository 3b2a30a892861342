import { createFileRoute } from '@tanstack/react-router';
import { accessGuard } from '../lib/route-guards';
import { validateFolderSearch } from '../lib/search';
import { NewWikiPage } from './-components/docs/WikiEditor';

/** A new wiki page (in `?folderId=`, or at the top). */
export const Route = createFileRoute('/$identifier/projects/$projectId/docs/add')({
  validateSearch: validateFolderSearch,
  beforeLoad: accessGuard('docs'),
  component: NewWikiPage,
});
