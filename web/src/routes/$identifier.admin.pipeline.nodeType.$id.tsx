import { createFileRoute } from '@tanstack/react-router';
import { accessGuard } from '../lib/route-guards';
import { NodeTypeFormPage } from './-components/pipelines/admin/NodeTypeAdmin';

/** `/$identifier/admin/pipeline/nodeType/$id` (spec section 2, admin): one node type. */
export const Route = createFileRoute('/$identifier/admin/pipeline/nodeType/$id')({
  beforeLoad: accessGuard('pipelineAdmin'),
  component: function Page() {
    return <NodeTypeFormPage identifier={Route.useParams().identifier} typeId={Route.useParams().id} />;
  },
});
