import { createFileRoute } from '@tanstack/react-router';
import { accessGuard } from '../lib/route-guards';
import { InputFormPage } from './-components/pipelines/admin/InputAdmin';

/** `/$identifier/admin/pipeline/nodeParamsAdd` (spec section 2, admin): a new input of the node `?nodeId=`. */
export const Route = createFileRoute('/$identifier/admin/pipeline/nodeParamsAdd')({
  beforeLoad: accessGuard('pipelineAdmin'),
  validateSearch: (search: Record<string, unknown>) => ({
    nodeId: typeof search.nodeId === 'string' ? search.nodeId : '',
  }),
  component: function Page() {
    return <InputFormPage identifier={Route.useParams().identifier} nodeId={Route.useSearch().nodeId} />;
  },
});
