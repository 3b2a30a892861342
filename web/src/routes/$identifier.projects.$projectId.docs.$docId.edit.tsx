import { createFileRoute } from '@tanstack/react-router';
import { accessGuard } from '../lib/route-guards';
import { WikiEditPage } from './-components/docs/WikiEditor';

/** A wiki page edited (markdown beside its preview). */
export const Route = createFileRoute('/$identifier/projects/$projectId/docs/$docId/edit')({
  beforeLoad: accessGuard('docs'),
  component: WikiEditPage,
});
