import { createFileRoute } from '@tanstack/react-router';
import { accessGuard } from '../lib/route-guards';
import { FolderPage } from './-components/docs/FolderView';

/** A folder's contents. */
export const Route = createFileRoute('/$identifier/docs/folder/$folderId')({
  beforeLoad: accessGuard('docs'),
  component: FolderPage,
});
