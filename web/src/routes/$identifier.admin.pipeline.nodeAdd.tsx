import { createFileRoute } from '@tanstack/react-router';
import { accessGuard } from '../lib/route-guards';
import { NodeFormPage } from './-components/pipelines/admin/NodeAdmin';

/** `/$identifier/admin/pipeline/nodeAdd` (spec section 2, admin): a new action node. */
export const Route = createFileRoute('/$identifier/admin/pipeline/nodeAdd')({
  beforeLoad: accessGuard('pipelineAdmin'),
  component: function Page() {
    return <NodeFormPage identifier={Route.useParams().identifier} />;
  },
});
