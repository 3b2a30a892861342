import { createFileRoute } from '@tanstack/react-router';
import { accessGuard } from '../lib/route-guards';
import { validateRepositorySearch } from './-components/artifacts/artifact-search';
import { RepositoryListPage } from './-components/artifacts/RepositoryListPage';

/** `/{identifier}/repositories/chanpin` (spec section 2): the product repositories. */
export const Route = createFileRoute('/$identifier/repositories/chanpin/')({
  validateSearch: validateRepositorySearch,
  beforeLoad: accessGuard('repositories'),
  component: () => <RepositoryListPage {...Route.useParams()} kind="chanpin" search={Route.useSearch()} />,
});
