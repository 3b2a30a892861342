import { createFileRoute } from '@tanstack/react-router';
import { accessGuard } from '../lib/route-guards';
import { validateRepositorySearch } from './-components/artifacts/artifact-search';
import { RepositoryListPage } from './-components/artifacts/RepositoryListPage';

/** `/{identifier}/repositories/shoukong` (spec section 2): the controlled repositories. */
export const Route = createFileRoute('/$identifier/repositories/shoukong')({
  validateSearch: validateRepositorySearch,
  beforeLoad: accessGuard('repositories'),
  component: () => <RepositoryListPage {...Route.useParams()} kind="shoukong" search={Route.useSearch()} />,
});
