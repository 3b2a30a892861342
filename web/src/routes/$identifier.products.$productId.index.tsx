import { createFileRoute } from '@tanstack/react-router';
import { loadList } from '../kit/ListPage/load-list';
import { storedPageSize } from '../kit/ListPage/use-page-size';
import { searchedRoute } from '../lib/route-guards';
import { userRequirementListQueryOptions } from '../queries/requirements';
import {
  userRequirementListParams,
  validateUserRequirementSearch,
} from './-components/requirements/requirement-search';
import { NeedsPage } from './-components/requirements/UserRequirementsPage';

/** The product's user requirements ("raw needs"): module tree, filters, table, paging. */
export const Route = createFileRoute('/$identifier/products/$productId/')({
  ...searchedRoute('products', validateUserRequirementSearch),
  loader: ({ params, deps, ...load }) =>
    loadList(
      userRequirementListQueryOptions({
        ...userRequirementListParams(params.productId, deps),
        pageSize: storedPageSize('user-requirements'),
      }),
      load,
    ),
  component: NeedsPage,
});
