import { IconBulb } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { usePageSize } from '../../../kit/ListPage/use-page-size';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { userRequirementListQueryOptions } from '../../../queries/requirements';
import { RequirementListPage } from './ListLayout';
import { UserRequirementFilters } from './RequirementFilters';
import {
  hasUserRequirementFilters,
  type UserRequirementSearch,
  userRequirementListParams,
} from './requirement-search';
import { UserRequirementFormModal } from './UserRequirementFormModal';
import { UserRequirementTable } from './UserRequirementTable';

interface UserRequirementListProps {
  identifier: string;
  productId: string;
  search: UserRequirementSearch;
  onSearchChange: (change: Partial<UserRequirementSearch>) => void;
  onOpen: (id: string) => void;
}

/** The product's user requirements: module tree, filters, table, paging, and "New user requirement". */
export function UserRequirementList({
  identifier,
  productId,
  search,
  onSearchChange,
  onOpen,
}: UserRequirementListProps) {
  const { can } = useCurrentEnterprise();
  const [pageSize, setPageSize] = usePageSize('user-requirements');
  const params = { ...userRequirementListParams(productId, search), pageSize };
  const list = useQuery(userRequirementListQueryOptions(params));
  const [creating, setCreating] = useState(false);
  const canAdd = can('product:requirement:add');
  return (
    <>
      <RequirementListPage
        productId={productId}
        search={search}
        onSearchChange={onSearchChange}
        title="User requirements"
        noun="user requirements"
        one="user requirement"
        query={list}
        page={list.data}
        pageNum={params.pageNum}
        onPageSizeChange={setPageSize}
        filtered={hasUserRequirementFilters(search)}
        filters={<UserRequirementFilters search={search} onChange={onSearchChange} />}
        create={canAdd ? { label: 'New user requirement', onClick: () => setCreating(true) } : undefined}
        nothingYet={{
          icon: <IconBulb size={28} />,
          description: canAdd
            ? 'Write down what users and customers ask for; reviewed needs are refined into specs.'
            : 'Nobody has written down a user requirement for this product yet.',
        }}
        testId="user-requirements-empty"
      >
        <UserRequirementTable
          identifier={identifier}
          productId={productId}
          rows={list.data?.rows ?? []}
          onOpen={(row) => onOpen(row.id)}
        />
      </RequirementListPage>
      {creating && (
        <UserRequirementFormModal
          productId={productId}
          mode="create"
          moduleId={search.moduleId ?? null}
          onClose={() => setCreating(false)}
        />
      )}
    </>
  );
}
