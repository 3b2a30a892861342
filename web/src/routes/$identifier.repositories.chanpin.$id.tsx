import { createFileRoute } from '@tanstack/react-router';
import { accessGuard } from '../lib/route-guards';
import { validateContentsSearch } from './-components/artifacts/artifact-search';
import { RepositoryPage } from './-components/artifacts/RepositoryPage';

/** `/{identifier}/repositories/chanpin/{id}` (spec section 2): a repository's contents and how to use it. */
export const Route = createFileRoute('/$identifier/repositories/chanpin/$id')({
  validateSearch: validateContentsSearch,
  beforeLoad: accessGuard('repositories'),
  component: function Repository() {
    const { identifier, id } = Route.useParams();
    return <RepositoryPage identifier={identifier} repositoryId={id} search={Route.useSearch()} />;
  },
});
