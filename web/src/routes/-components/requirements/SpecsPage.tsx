import { useDocumentTitle } from '@mantine/hooks';
import { getRouteApi } from '@tanstack/react-router';
import { nextSearch, type SpecSearch, validateSpecSearch } from './requirement-search';
import { SpecList } from './SpecList';

const route = getRouteApi('/$identifier/products/$productId/demand/');

export function SpecsPage() {
  const { identifier, productId } = route.useParams();
  const search = route.useSearch();
  const navigate = route.useNavigate();
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
