import { createFileRoute } from '@tanstack/react-router';
import { accessGuard } from '../lib/route-guards';
import { NodeTypeListPage } from './-components/pipelines/admin/NodeTypeAdmin';

/** `/$identifier/admin/pipeline/nodeType/` (spec section 2, admin): the node types. */
export const Route = createFileRoute('/$identifier/admin/pipeline/nodeType/')({
  beforeLoad: accessGuard('pipelineAdmin'),
  component: function Page() {
    return <NodeTypeListPage identifier={Route.useParams().identifier} />;
  },
});
