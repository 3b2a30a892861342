import { createFileRoute } from '@tanstack/react-router';
import { accessGuard } from '../lib/route-guards';
import { DocsShell } from './-components/docs/DocsShell';

/** The frame of a project's documents: the library menu beside the page. */
export const Route = createFileRoute('/$identifier/projects/$projectId/docs')({
  beforeLoad: accessGuard('docs'),
  component: DocsShell,
});
