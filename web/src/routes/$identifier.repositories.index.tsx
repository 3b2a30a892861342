import { createFileRoute } from '@tanstack/react-router';
import { accessGuard } from '../lib/route-guards';
import { validateRepositorySearch } from './-components/artifacts/artifact-search';
import { RepositoryListPage } from './-components/artifacts/RepositoryListPage';

/** `/{identifier}/repositories` (spec section 2): the artifact repositories (zhipin). */
export const Route = createFileRoute('/$identifier/repositories/')({
  validateSearch: validateRepositorySearch,
  beforeLoad: accessGuard('repositories'),
  component: () => <RepositoryListPage {...Route.useParams()} kind="zhipin" search={Route.useSearch()} />,
});
