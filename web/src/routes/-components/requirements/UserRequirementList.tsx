import { IconBulb } from '@tabler/icons-react';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { userRequirementListQueryOptions } from '../../../queries/requirements';
import {
  type ListWords,
  RequirementListPage,
  type RequirementListProps,
  useRequirementList,
} from './ListLayout';
import { UserRequirementFilters } from './RequirementFilters';
import { RequirementTable } from './RequirementTable';
import {
  hasUserRequirementFilters,
  type UserRequirementSearch,
  userRequirementListParams,
} from './requirement-search';
import { UserRequirementFormModal } from './UserRequirementFormModal';
import { userRequirementColumns } from './UserRequirementTable';

const USER_REQUIREMENTS: ListWords = {
  name: 'user-requirements',
  title: 'User requirements',
  noun: 'user requirements',
  one: 'user requirement',
};

/** The product's user requirements: module tree, filters, table, paging, and "New user requirement". */
export function UserRequirementList({
  identifier,
  productId,
  search,
  onSearchChange,
  onOpen,
}: RequirementListProps<UserRequirementSearch>) {
  const { can } = useCurrentEnterprise();
  const place = { productId, search, onSearchChange };
  const params = userRequirementListParams(productId, search);
  const list = useRequirementList(place, USER_REQUIREMENTS, params, userRequirementListQueryOptions);
  const canAdd = can('product:requirement:add');
  const nothingYet = canAdd
    ? 'Write down what users and customers ask for; reviewed needs are refined into specs.'
    : 'Nobody has written down a user requirement for this product yet.';
  const newRequirement = (onClose: () => void) => (
    <UserRequirementFormModal
      productId={productId}
      mode="create"
      moduleId={search.moduleId ?? null}
      onClose={onClose}
      openCreated={(item) => onOpen(item.id)}
    />
  );
  return (
    <RequirementListPage
      list={list}
      filters={<UserRequirementFilters search={search} onChange={onSearchChange} />}
      filtered={hasUserRequirementFilters(search)}
      create={canAdd ? { label: 'New user requirement', form: newRequirement } : undefined}
      nothingYet={{ icon: <IconBulb size={28} />, description: nothingYet }}
    >
      <RequirementTable
        kind="userRequirement"
        columns={userRequirementColumns}
        identifier={identifier}
        productId={productId}
        rows={list.query.data?.rows ?? []}
        onOpen={(row) => onOpen(row.id)}
      />
    </RequirementListPage>
  );
}
