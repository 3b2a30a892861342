import { createFileRoute } from '@tanstack/react-router';
import { accessGuard } from '../lib/route-guards';
import { FolderPage } from './-components/docs/FolderView';

/** The top of the library. */
export const Route = createFileRoute('/$identifier/docs/')({
  beforeLoad: accessGuard('docs'),
  component: FolderPage,
});
