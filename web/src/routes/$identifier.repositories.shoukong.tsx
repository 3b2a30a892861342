import { createFileRoute } from '@tanstack/react-router';
import { accessGuard } from '../lib/route-guards';
import { validateRepositorySearch } from './-components/artifacts/artifact-search';
import { RepositoryListPage } from './-components/artifacts/RepositoryListPage';

/** `/{identifier}/repositories/shoukong` (spec section 2): the controlled repositories. */
export const Route = createFileRoute('/$identifier/repositories/shoukong')({
  validateSearch: validateRepositorySearch,
  beforeLoad: accessGuard('repositories'),
  component: function ControlledRepositories() {
    const { identifier } = Route.useParams();
    return <RepositoryListPage kind="shoukong" identifier={identifier} search={Route.useSearch()} />;
  },
});
