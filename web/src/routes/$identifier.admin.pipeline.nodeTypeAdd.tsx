import { createFileRoute } from '@tanstack/react-router';
import { accessGuard } from '../lib/route-guards';
import { NodeTypeFormPage } from './-components/pipelines/admin/NodeTypeAdmin';

/** `/$identifier/admin/pipeline/nodeTypeAdd` (spec section 2, admin): a new node type. */
export const Route = createFileRoute('/$identifier/admin/pipeline/nodeTypeAdd')({
  beforeLoad: accessGuard('pipelineAdmin'),
  component: function Page() {
    return <NodeTypeFormPage identifier={Route.useParams().identifier} />;
  },
});
