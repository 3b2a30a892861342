import { createFileRoute } from '@tanstack/react-router';
import { accessGuard } from '../lib/route-guards';
import { validateRepositorySearch } from './-components/artifacts/artifact-search';
import { RepositoryListPage } from './-components/artifacts/RepositoryListPage';

/** `/{identifier}/repositories/chanpin` (spec section 2): the product repositories. */
export const Route = createFileRoute('/$identifier/repositories/chanpin/')({
  validateSearch: validateRepositorySearch,
  beforeLoad: accessGuard('repositories'),
  component: function ProductRepositories() {
    const { identifier } = Route.useParams();
    return <RepositoryListPage kind="chanpin" identifier={identifier} search={Route.useSearch()} />;
  },
});
