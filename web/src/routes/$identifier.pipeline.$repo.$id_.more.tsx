import { createFileRoute } from '@tanstack/react-router';
import { accessGuard } from '../lib/route-guards';
import { validateRunRecordsSearch } from './-components/pipelines/pipeline-search';
import { RunRecordsPage } from './-components/pipelines/RunRecordsPage';

/** `/{identifier}/pipeline/{repo}/{id}/more` (spec section 2): a pipeline's run records. */
export const Route = createFileRoute('/$identifier/pipeline/$repo/$id_/more')({
  validateSearch: validateRunRecordsSearch,
  beforeLoad: accessGuard('pipeline'),
  component: function RunRecords() {
    const { identifier, repo, id } = Route.useParams();
    return <RunRecordsPage identifier={identifier} repo={repo} pipelineId={id} search={Route.useSearch()} />;
  },
});
