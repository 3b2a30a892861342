import { createFileRoute } from '@tanstack/react-router';
import { accessGuard } from '../lib/route-guards';
import { NodeFormPage } from './-components/pipelines/admin/NodeAdmin';

/** `/$identifier/admin/pipeline/node/$nodeId/` (spec section 2, admin): one action node. */
export const Route = createFileRoute('/$identifier/admin/pipeline/node/$nodeId/')({
  beforeLoad: accessGuard('pipelineAdmin'),
  component: function Page() {
    return <NodeFormPage {...Route.useParams()} />;
  },
});
