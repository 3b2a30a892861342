import { createFileRoute } from '@tanstack/react-router';
import { loadList } from '../kit/ListPage/load-list';
import { accessGuard } from '../lib/route-guards';
import { planListQueryOptions } from '../queries/products';
import { PlansPage } from './-components/products/PlansPage';
import { planListParams, validatePlanSearch } from './-components/products/plan-search';

export const Route = createFileRoute('/$identifier/products/$productId/plan/')({
  validateSearch: validatePlanSearch,
  beforeLoad: accessGuard('products'),
  loaderDeps: ({ search }) => planListParams(search),
  loader: (load) => loadList(planListQueryOptions(load.params.productId, load.deps), load),
  component: PlansPage,
});
