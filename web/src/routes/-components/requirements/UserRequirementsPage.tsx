import { getRouteApi } from '@tanstack/react-router';
import { searchNavigation, validateUserRequirementSearch } from './requirement-search';
import { UserRequirementList } from './UserRequirementList';

const route = getRouteApi('/$identifier/products/$productId/');

export function NeedsPage() {
  const { identifier, productId } = route.useParams();
  const navigate = route.useNavigate();
  return (
    <UserRequirementList
      identifier={identifier}
      productId={productId}
      search={route.useSearch()}
      onSearchChange={searchNavigation(navigate, validateUserRequirementSearch)}
      onOpen={(needsId) =>
        void navigate({
          to: '/$identifier/products/$productId/needs/$needsId',
          params: { identifier, productId, needsId },
        })
      }
    />
  );
}
