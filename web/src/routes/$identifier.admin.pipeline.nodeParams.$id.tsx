import { createFileRoute } from '@tanstack/react-router';
import { accessGuard } from '../lib/route-guards';
import { InputFormPage } from './-components/pipelines/admin/InputAdmin';

/** `/$identifier/admin/pipeline/nodeParams/$id` (spec section 2, admin): one node input (its id is `{nodeId}.{name}`). */
export const Route = createFileRoute('/$identifier/admin/pipeline/nodeParams/$id')({
  beforeLoad: accessGuard('pipelineAdmin'),
  component: function Page() {
    return <InputFormPage identifier={Route.useParams().identifier} inputId={Route.useParams().id} />;
  },
});
