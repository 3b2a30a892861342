import { createFileRoute } from '@tanstack/react-router';
import { accessGuard } from '../lib/route-guards';
import { WikiHistoryPage } from './-components/docs/WikiHistory';

/** A wiki page's revisions and diffs. */
export const Route = createFileRoute('/$identifier/docs/wiki/$docId/history')({
  beforeLoad: accessGuard('docs'),
  component: WikiHistoryPage,
});
