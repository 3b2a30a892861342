import { createFileRoute } from '@tanstack/react-router';
import { accessGuard } from '../lib/route-guards';
import { WikiPage } from './-components/docs/WikiView';

/** A wiki page. */
export const Route = createFileRoute('/$identifier/docs/wiki/$docId/')({
  beforeLoad: accessGuard('docs'),
  component: WikiPage,
});
