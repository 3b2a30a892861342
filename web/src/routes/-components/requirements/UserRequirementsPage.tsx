import { IconBulb } from '@tabler/icons-react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { userRequirementListQueryOptions } from '../../../queries/requirements';
import { type ListWords, RequirementListPage, useRequirementList } from './ListLayout';
import { UserRequirementFilters } from './RequirementFilters';
import { RequirementTable } from './RequirementTable';
import {
  hasUserRequirementFilters,
  userRequirementListParams,
  validateUserRequirementSearch,
} from './requirement-search';
import { UserRequirementFormModal } from './UserRequirementFormModal';
import { userRequirementColumns } from './UserRequirementTable';

const route = getRouteApi('/$identifier/products/$productId/');

const USER_REQUIREMENTS: ListWords = {
  name: 'user-requirements',
  title: 'User requirements',
  noun: 'user requirements',
  one: 'user requirement',
};

/** The product's user requirements: module tree, filters, table, paging, and "New user requirement". */
export function NeedsPage() {
  const list = useRequirementList(
    route,
    validateUserRequirementSearch,
    USER_REQUIREMENTS,
    userRequirementListParams,
    userRequirementListQueryOptions,
  );
  const { identifier, productId, search } = list;
  const navigate = useNavigate();
  const open = (item: { id: string }) =>
    void navigate({
      to: '/$identifier/products/$productId/needs/$needsId',
      params: { identifier, productId, needsId: item.id },
    });
  const canAdd = useCurrentEnterprise().can('product:requirement:add');
  const newRequirement = (onClose: () => void) => (
    <UserRequirementFormModal
      productId={productId}
      mode="create"
      moduleId={search.moduleId ?? null}
      onClose={onClose}
      openCreated={open}
    />
  );
  return (
    <RequirementListPage
      list={list}
      filters={<UserRequirementFilters search={search} onChange={list.onSearchChange} />}
      filtered={hasUserRequirementFilters(search)}
      create={canAdd ? { label: 'New user requirement', form: newRequirement } : undefined}
      nothingYet={{
        icon: <IconBulb size={28} />,
        invite: 'Write down what users and customers ask for; reviewed needs are refined into specs.',
        none: 'Nobody has written down a user requirement for this product yet.',
      }}
    >
      <RequirementTable
        kind="userRequirement"
        columns={userRequirementColumns}
        identifier={identifier}
        productId={productId}
        rows={list.query.data?.rows ?? []}
        onOpen={open}
      />
    </RequirementListPage>
  );
}
