import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { accessGuard, loadQuery } from '../lib/route-guards';
import { specQueryOptions } from '../queries/requirements';
import { SpecDetail } from './-components/requirements/SpecDetail';

/** A requirement spec's own page (the plan page shows the same detail in a drawer). */
export const Route = createFileRoute('/$identifier/products/$productId/demand/$demandIde')({
  beforeLoad: accessGuard('products'),
  loader: (load) => loadQuery(specQueryOptions(load.params.demandIde), load),
  component: SpecPage,
});

function SpecPage() {
  const { productId, demandIde } = Route.useParams();
  const { data: spec } = useQuery(specQueryOptions(demandIde));
  useDocumentTitle(spec ? `SR-${spec.number} ${spec.title} · Specs` : 'Specs');
  return <SpecDetail productId={productId} specId={demandIde} variant="page" />;
}
