import { REPOSITORY_KINDS, type RepositoryKind } from '@shared/domain/artifacts';
import { createFileRoute } from '@tanstack/react-router';
import { accessGuard } from '../lib/route-guards';
import { CreateRepositoryPage } from './-components/artifacts/RepositoryForm';

/** `/{identifier}/repositories/create` (spec section 2): a hosted or group repository. */
export const Route = createFileRoute('/$identifier/repositories/create')({
  validateSearch: (search: Record<string, unknown>): { kind?: RepositoryKind } => {
    const kind = REPOSITORY_KINDS.find((k) => k === search.kind);
    return kind ? { kind } : {};
  },
  beforeLoad: accessGuard('repositories'),
  component: function CreateRepository() {
    const { identifier } = Route.useParams();
    const { kind } = Route.useSearch();
    return <CreateRepositoryPage identifier={identifier} kind={kind ?? 'zhipin'} />;
  },
});
