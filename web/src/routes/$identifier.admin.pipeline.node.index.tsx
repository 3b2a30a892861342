import { createFileRoute } from '@tanstack/react-router';
import { accessGuard } from '../lib/route-guards';
import { NodeListPage } from './-components/pipelines/admin/NodeAdmin';

/** `/$identifier/admin/pipeline/node/` (spec section 2, admin): the action nodes. */
export const Route = createFileRoute('/$identifier/admin/pipeline/node/')({
  beforeLoad: accessGuard('pipelineAdmin'),
  component: function Page() {
    return <NodeListPage identifier={Route.useParams().identifier} />;
  },
});
