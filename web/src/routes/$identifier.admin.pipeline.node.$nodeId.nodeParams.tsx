import { createFileRoute } from '@tanstack/react-router';
import { accessGuard } from '../lib/route-guards';
import { InputListPage } from './-components/pipelines/admin/InputAdmin';

/** `/$identifier/admin/pipeline/node/$nodeId/nodeParams` (spec section 2, admin): an action node's inputs. */
export const Route = createFileRoute('/$identifier/admin/pipeline/node/$nodeId/nodeParams')({
  beforeLoad: accessGuard('pipelineAdmin'),
  component: function Page() {
    return <InputListPage {...Route.useParams()} />;
  },
});
