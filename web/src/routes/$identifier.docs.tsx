import { createFileRoute } from '@tanstack/react-router';
import { accessGuard } from '../lib/route-guards';
import { DocsShell } from './-components/docs/DocsShell';

/** The frame of the enterprise knowledge base: the library menu beside the page. */
export const Route = createFileRoute('/$identifier/docs')({
  beforeLoad: accessGuard('docs'),
  component: DocsShell,
});
