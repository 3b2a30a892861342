import { useDocumentTitle } from '@mantine/hooks';
import { createFileRoute } from '@tanstack/react-router';
import { loadList } from '../kit/ListPage/load-list';
import { storedPageSize } from '../kit/ListPage/use-page-size';
import { accessGuard } from '../lib/route-guards';
import { specListQueryOptions } from '../queries/requirements';
import {
  nextSearch,
  type SpecSearch,
  specListParams,
  validateSpecSearch,
} from './-components/requirements/requirement-search';
import { SpecList } from './-components/requirements/SpecList';

/** The product's requirement specs: module tree, filters, table with batch actions, paging. */
export const Route = createFileRoute('/$identifier/products/$productId/demand/')({
  // Loader and page in one chunk: the query modules they use stay out of the first script.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: validateSpecSearch,
  beforeLoad: accessGuard('products'),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, params, deps, ...load }) =>
    loadList(
      queryClient,
      specListQueryOptions({ ...specListParams(params.productId, deps), pageSize: storedPageSize('specs') }),
      load,
    ),
  component: SpecsPage,
});

function SpecsPage() {
  const { identifier, productId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  useDocumentTitle('Requirement specs');
  return (
    <SpecList
      identifier={identifier}
      productId={productId}
      search={search}
      onSearchChange={(change: Partial<SpecSearch>) =>
        void navigate({
          search: (prev) => validateSpecSearch(nextSearch(prev, change)),
          replace: !('pageNum' in change && Object.keys(change).length === 1),
        })
      }
      onOpen={(demandIde) =>
        void navigate({
          to: '/$identifier/products/$productId/demand/$demandIde',
          params: { identifier, productId, demandIde },
        })
      }
    />
  );
}
