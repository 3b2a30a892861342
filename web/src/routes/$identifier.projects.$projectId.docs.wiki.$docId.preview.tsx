import { createFileRoute } from '@tanstack/react-router';
import { accessGuard } from '../lib/route-guards';
import { WikiPreviewPage } from './-components/docs/WikiView';

/** A wiki page alone, as it reads. */
export const Route = createFileRoute('/$identifier/projects/$projectId/docs/wiki/$docId/preview')({
  beforeLoad: accessGuard('docs'),
  component: WikiPreviewPage,
});
