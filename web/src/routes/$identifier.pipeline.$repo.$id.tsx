import { createFileRoute } from '@tanstack/react-router';
import { accessGuard } from '../lib/route-guards';
import { validateRunSearch } from './-components/pipelines/pipeline-search';
import { RunDetailPage } from './-components/pipelines/RunDetailPage';

/**
 * `/{identifier}/pipeline/{repo}/{id}` (spec section 2): a run's record in detail, its job graph
 * and its logs. The address holds the run, job and step (`?run=3&job=test&step=lint`), so a
 * reload shows the same log; without `run`, the newest run.
 */
export const Route = createFileRoute('/$identifier/pipeline/$repo/$id')({
  validateSearch: validateRunSearch,
  beforeLoad: accessGuard('pipeline'),
  component: function RunDetail() {
    const { identifier, repo, id } = Route.useParams();
    return <RunDetailPage identifier={identifier} repo={repo} pipelineId={id} search={Route.useSearch()} />;
  },
});
