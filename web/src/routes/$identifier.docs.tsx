import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../lib/route-guards';
import { DocsShell } from './-components/docs/DocsShell';

/** The frame of the enterprise knowledge base: the library menu beside the page. */
export const Route = createFileRoute('/$identifier/docs')({
  beforeLoad: ({ context }) => requireAccess(context.access, 'docs'),
  component: DocsShell,
});
