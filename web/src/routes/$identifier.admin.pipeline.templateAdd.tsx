import { createFileRoute } from '@tanstack/react-router';
import { accessGuard } from '../lib/route-guards';
import { TemplateFormPage } from './-components/pipelines/admin/TemplateAdmin';

/** `/$identifier/admin/pipeline/templateAdd` (spec section 2, admin): a new template. */
export const Route = createFileRoute('/$identifier/admin/pipeline/templateAdd')({
  beforeLoad: accessGuard('pipelineAdmin'),
  component: function Page() {
    return <TemplateFormPage identifier={Route.useParams().identifier} />;
  },
});
