import { createFileRoute } from '@tanstack/react-router';
import { accessGuard } from '../lib/route-guards';
import { validateSnapshotSearch } from './-components/artifacts/artifact-search';
import { SnapshotPage } from './-components/artifacts/SnapshotPage';

/** `/{identifier}/repositories/zhipin/{id}/snapshot/{snapshotName}` (spec section 2): one snapshot. */
export const Route = createFileRoute('/$identifier/repositories/zhipin/$id_/snapshot/$snapshotName')({
  validateSearch: validateSnapshotSearch,
  beforeLoad: accessGuard('repositories'),
  component: function Snapshot() {
    const { identifier, id, snapshotName } = Route.useParams();
    return (
      <SnapshotPage
        identifier={identifier}
        repositoryId={id}
        snapshotName={snapshotName}
        search={Route.useSearch()}
      />
    );
  },
});
