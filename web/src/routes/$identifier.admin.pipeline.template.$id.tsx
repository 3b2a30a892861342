import { createFileRoute } from '@tanstack/react-router';
import { accessGuard } from '../lib/route-guards';
import { TemplateFormPage } from './-components/pipelines/admin/TemplateAdmin';

/** `/$identifier/admin/pipeline/template/$id` (spec section 2, admin): one template, its YAML read-only until changed. */
export const Route = createFileRoute('/$identifier/admin/pipeline/template/$id')({
  beforeLoad: accessGuard('pipelineAdmin'),
  component: function Page() {
    return <TemplateFormPage identifier={Route.useParams().identifier} templateId={Route.useParams().id} />;
  },
});
