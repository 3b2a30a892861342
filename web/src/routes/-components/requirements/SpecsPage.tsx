import { getRouteApi } from '@tanstack/react-router';
import { searchNavigation, validateSpecSearch } from './requirement-search';
import { SpecList } from './SpecList';

const route = getRouteApi('/$identifier/products/$productId/demand/');

export function SpecsPage() {
  const { identifier, productId } = route.useParams();
  const navigate = route.useNavigate();
  return (
    <SpecList
      identifier={identifier}
      productId={productId}
      search={route.useSearch()}
      onSearchChange={searchNavigation(navigate, validateSpecSearch)}
      onOpen={(demandIde) =>
        void navigate({
          to: '/$identifier/products/$productId/demand/$demandIde',
          params: { identifier, productId, demandIde },
        })
      }
    />
  );
}
