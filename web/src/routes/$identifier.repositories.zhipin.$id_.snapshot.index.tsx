import { createFileRoute } from '@tanstack/react-router';
import { accessGuard } from '../lib/route-guards';
import { validateSnapshotsSearch } from './-components/artifacts/artifact-search';
import { SnapshotsPage } from './-components/artifacts/SnapshotsPage';

/** `/{identifier}/repositories/zhipin/{id}/snapshot` (spec section 2): a repository's snapshots. */
export const Route = createFileRoute('/$identifier/repositories/zhipin/$id_/snapshot/')({
  validateSearch: validateSnapshotsSearch,
  beforeLoad: accessGuard('repositories'),
  component: function Snapshots() {
    const { identifier, id } = Route.useParams();
    return <SnapshotsPage identifier={identifier} repositoryId={id} search={Route.useSearch()} />;
  },
});
