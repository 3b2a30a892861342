import { createFileRoute } from '@tanstack/react-router';
import { loadList } from '../kit/ListPage/load-list';
import { searchedRoute } from '../lib/route-guards';
import { planListQueryOptions } from '../queries/products';
import { PlansPage } from './-components/products/PlansPage';
import { planListParams, validatePlanSearch } from './-components/products/plan-search';

export const Route = createFileRoute('/$identifier/products/$productId/plan/')({
  ...searchedRoute('products', validatePlanSearch, planListParams),
  loader: (load) => loadList(planListQueryOptions(load.params.productId, load.deps), load),
  component: PlansPage,
});
