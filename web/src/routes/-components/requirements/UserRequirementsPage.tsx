import { useDocumentTitle } from '@mantine/hooks';
import { getRouteApi } from '@tanstack/react-router';
import { nextSearch, type UserRequirementSearch, validateUserRequirementSearch } from './requirement-search';
import { UserRequirementList } from './UserRequirementList';

const route = getRouteApi('/$identifier/products/$productId/');

export function NeedsPage() {
  const { identifier, productId } = route.useParams();
  const search = route.useSearch();
  const navigate = route.useNavigate();
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
