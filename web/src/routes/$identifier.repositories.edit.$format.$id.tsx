import { createFileRoute } from '@tanstack/react-router';
import { accessGuard } from '../lib/route-guards';
import { EditRepositoryPage } from './-components/artifacts/EditRepositoryPage';

/** `/{identifier}/repositories/edit/{format}/{id}` (spec section 2): policies, members, lock, delete. */
export const Route = createFileRoute('/$identifier/repositories/edit/$format/$id')({
  beforeLoad: accessGuard('repositories'),
  component: function EditRepository() {
    const { identifier, id } = Route.useParams();
    return <EditRepositoryPage identifier={identifier} repositoryId={id} />;
  },
});
