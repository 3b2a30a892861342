import { createFileRoute } from '@tanstack/react-router';
import { accessGuard } from '../lib/route-guards';
import { DocRedirectPage } from './-components/docs/DocRedirect';

/** Any document by id: on to its own page. */
export const Route = createFileRoute('/$identifier/docs/$docId/')({
  beforeLoad: accessGuard('docs'),
  component: DocRedirectPage,
});
