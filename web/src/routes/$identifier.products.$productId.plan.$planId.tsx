import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet, useParams } from '@tanstack/react-router';
import { accessGuard, loadQuery } from '../lib/route-guards';
import { planQueryOptions, productQueryOptions } from '../queries/products';
import { PlanDetail } from './-components/products/PlanDetail';

/**
 * A plan's page. The page itself lives here, in the layout, so that opening a spec (the child
 * route `$needsId`, a drawer) lays the drawer over it instead of replacing it: the table keeps
 * its page and scroll position while specs open and close.
 */
export const Route = createFileRoute('/$identifier/products/$productId/plan/$planId')({
  beforeLoad: accessGuard('products'),
  loader: (load) => loadQuery(planQueryOptions(load.params.productId, load.params.planId), load),
  component: PlanLayout,
});

function PlanLayout() {
  const { productId, planId } = Route.useParams();
  const openSpecId = useParams({ strict: false, select: (params) => params.needsId ?? null });
  const { data: plan } = useSuspenseQuery(planQueryOptions(productId, planId));
  const { data: product } = useSuspenseQuery(productQueryOptions(productId));
  return (
    <>
      <PlanDetail plan={plan} productName={product.name} openSpecId={openSpecId} />
      <Outlet />
    </>
  );
}
