import { createFileRoute } from '@tanstack/react-router';
import { accessGuard } from '../lib/route-guards';
import { TemplateListPage } from './-components/pipelines/admin/TemplateAdmin';

/** `/$identifier/admin/pipeline/template/` (spec section 2, admin): the pipeline templates. */
export const Route = createFileRoute('/$identifier/admin/pipeline/template/')({
  beforeLoad: accessGuard('pipelineAdmin'),
  component: function Page() {
    return <TemplateListPage identifier={Route.useParams().identifier} />;
  },
});
