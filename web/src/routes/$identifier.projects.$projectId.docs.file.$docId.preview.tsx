import { createFileRoute } from '@tanstack/react-router';
import { accessGuard } from '../lib/route-guards';
import { FilePreviewPage } from './-components/docs/FilePreview';

/** A file's preview and download. */
export const Route = createFileRoute('/$identifier/projects/$projectId/docs/file/$docId/preview')({
  beforeLoad: accessGuard('docs'),
  component: FilePreviewPage,
});
