import { createFileRoute } from '@tanstack/react-router';
import { loadList } from '../kit/ListPage/load-list';
import { storedPageSize } from '../kit/ListPage/use-page-size';
import { searchedRoute } from '../lib/route-guards';
import { specListQueryOptions } from '../queries/requirements';
import { specListParams, validateSpecSearch } from './-components/requirements/requirement-search';
import { SpecsPage } from './-components/requirements/SpecsPage';

/** The product's requirement specs: module tree, filters, table with batch actions, paging. */
export const Route = createFileRoute('/$identifier/products/$productId/demand/')({
  ...searchedRoute('products', validateSpecSearch),
  loader: ({ params, deps, ...load }) =>
    loadList(
      specListQueryOptions({ ...specListParams(params.productId, deps), pageSize: storedPageSize('specs') }),
      load,
    ),
  component: SpecsPage,
});
