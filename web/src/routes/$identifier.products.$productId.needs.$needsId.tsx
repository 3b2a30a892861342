import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { accessGuard, loadQuery } from '../lib/route-guards';
import { userRequirementQueryOptions } from '../queries/requirements';
import { UserRequirementDetail } from './-components/requirements/UserRequirementDetail';

/** A user requirement's page: its workflow, the specs refined from it, history and comments. */
export const Route = createFileRoute('/$identifier/products/$productId/needs/$needsId')({
  beforeLoad: accessGuard('products'),
  loader: (load) => loadQuery(userRequirementQueryOptions(load.params.needsId), load),
  component: NeedPage,
});

function NeedPage() {
  const { productId, needsId } = Route.useParams();
  const { data: item } = useQuery(userRequirementQueryOptions(needsId));
  useDocumentTitle(item ? `UR-${item.number} ${item.title} · User requirements` : 'User requirements');
  return <UserRequirementDetail productId={productId} id={needsId} />;
}
