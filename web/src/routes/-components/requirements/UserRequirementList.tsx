import { Button, Card, EmptyState, Group, Stack } from '@mantine/core';
import { IconBulb, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { userRequirementListQueryOptions } from '../../../queries/requirements';
import {
  Dimmable,
  ListHeading,
  LoadFailed,
  NothingShown,
  Pager,
  TableSkeleton,
  WithModuleTree,
} from './ListLayout';
import { KeywordFilter, UserRequirementFilters } from './RequirementFilters';
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
  const params = userRequirementListParams(productId, search);
  const list = useQuery(userRequirementListQueryOptions(params));
  const [creating, setCreating] = useState(false);
  const canAdd = can('product:requirement:add');
  const page = list.data;
  const filtered = hasUserRequirementFilters(search);
  const nothingAtAll = page !== undefined && page.total === 0 && !filtered && !search.moduleId;

  const createButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
      New user requirement
    </Button>
  );

  return (
    <WithModuleTree
      productId={productId}
      moduleId={search.moduleId}
      onModuleChange={(moduleId) => onSearchChange({ moduleId })}
    >
      <Stack gap="md">
        <ListHeading
          title="User requirements"
          count={page && !filtered && !search.moduleId ? page.total : undefined}
          action={
            nothingAtAll ? undefined : (
              <Group gap="sm">
                <KeywordFilter value={search.keyword} onChange={(keyword) => onSearchChange({ keyword })} />
                {canAdd && createButton}
              </Group>
            )
          }
        />
        {!nothingAtAll && <UserRequirementFilters search={search} onChange={onSearchChange} />}
        <Card p={0}>
          {list.isPending ? (
            <TableSkeleton label="Loading user requirements" />
          ) : list.isError && !page ? (
            <LoadFailed what="user requirements" onRetry={() => void list.refetch()} />
          ) : page && page.rows.length > 0 ? (
            <Dimmable dimmed={list.isPlaceholderData}>
              <UserRequirementTable
                identifier={identifier}
                productId={productId}
                rows={page.rows}
                onOpen={(row) => onOpen(row.id)}
              />
            </Dimmable>
          ) : nothingAtAll ? (
            <EmptyState
              py={56}
              variant="light"
              icon={<IconBulb size={28} />}
              title="No user requirements yet"
              description={
                canAdd
                  ? 'Write down what users and customers ask for; reviewed needs are refined into specs.'
                  : 'Nobody has written down a user requirement for this product yet.'
              }
              data-testid="user-requirements-empty"
            >
              {canAdd && <EmptyState.Actions>{createButton}</EmptyState.Actions>}
            </EmptyState>
          ) : (
            <NothingShown
              filtered={filtered}
              noMatch={'No user requirement matches'}
              emptyModule={'No user requirements in this module'}
              testId="user-requirements-empty"
            />
          )}
        </Card>
        {page && page.total > 0 && (
          <Pager
            total={page.total}
            pageNum={params.pageNum}
            pageSize={page.pageSize}
            noun="user requirements"
            onChange={(pageNum) => onSearchChange({ pageNum })}
          />
        )}
      </Stack>
      {creating && (
        <UserRequirementFormModal
          productId={productId}
          mode="create"
          moduleId={search.moduleId ?? null}
          onClose={() => setCreating(false)}
        />
      )}
    </WithModuleTree>
  );
}
