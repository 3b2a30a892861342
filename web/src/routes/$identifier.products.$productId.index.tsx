import { useDocumentTitle } from '@mantine/hooks';
import { createFileRoute } from '@tanstack/react-router';
import { loadList } from '../kit/ListPage/load-list';
import { storedPageSize } from '../kit/ListPage/use-page-size';
import { accessGuard } from '../lib/route-guards';
import { userRequirementListQueryOptions } from '../queries/requirements';
import {
  nextSearch,
  type UserRequirementSearch,
  userRequirementListParams,
  validateUserRequirementSearch,
} from './-components/requirements/requirement-search';
import { UserRequirementList } from './-components/requirements/UserRequirementList';

/** The product's user requirements ("raw needs"): module tree, filters, table, paging. */
export const Route = createFileRoute('/$identifier/products/$productId/')({
  // Loader and page in one chunk: the query modules they use stay out of the first script.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: validateUserRequirementSearch,
  beforeLoad: accessGuard('products'),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, params, deps, ...load }) =>
    loadList(
      queryClient,
      userRequirementListQueryOptions({
        ...userRequirementListParams(params.productId, deps),
        pageSize: storedPageSize('user-requirements'),
      }),
      load,
    ),
  component: NeedsPage,
});

function NeedsPage() {
  const { identifier, productId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  useDocumentTitle('User requirements');
  return (
    <UserRequirementList
      identifier={identifier}
      productId={productId}
      search={search}
      onSearchChange={(change: Partial<UserRequirementSearch>) =>
        void navigate({
          search: (prev) => validateUserRequirementSearch(nextSearch(prev, change)),
          replace: !('pageNum' in change && Object.keys(change).length === 1),
        })
      }
      onOpen={(needsId) =>
        void navigate({
          to: '/$identifier/products/$productId/needs/$needsId',
          params: { identifier, productId, needsId },
        })
      }
    />
  );
}
