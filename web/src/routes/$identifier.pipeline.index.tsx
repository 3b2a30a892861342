import { createFileRoute } from '@tanstack/react-router';
import { accessGuard } from '../lib/route-guards';
import { PipelineListPage } from './-components/pipelines/PipelineListPage';
import { validatePipelineSearch } from './-components/pipelines/pipeline-search';

/** `/{identifier}/pipeline` (spec section 2): the enterprise's pipelines as cards. */
export const Route = createFileRoute('/$identifier/pipeline/')({
  validateSearch: validatePipelineSearch,
  beforeLoad: accessGuard('pipeline'),
  component: function Pipelines() {
    return <PipelineListPage identifier={Route.useParams().identifier} search={Route.useSearch()} />;
  },
});
