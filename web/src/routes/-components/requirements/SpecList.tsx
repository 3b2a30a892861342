import { Button, Card, EmptyState, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MAX_BATCH_SPECS } from '@shared/domain/products';
import type { Spec } from '@shared/schemas/requirements';
import { IconFileDescription, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { specListQueryOptions } from '../../../queries/requirements';
import {
  Dimmable,
  ListHeading,
  LoadFailed,
  NothingShown,
  Pager,
  TableSkeleton,
  WithModuleTree,
} from './ListLayout';
import { KeywordFilter, SpecFilters } from './RequirementFilters';
import { hasSpecFilters, type SpecSearch, specListParams } from './requirement-search';
import { SpecBatchBar } from './SpecBatchBar';
import { SpecFormModal } from './SpecFormModal';
import { SpecTable } from './SpecTable';

interface SpecListProps {
  identifier: string;
  productId: string;
  search: SpecSearch;
  onSearchChange: (change: Partial<SpecSearch>) => void;
  onOpen: (id: string) => void;
}

/** The product's requirement specs: module tree, filters, table with batch actions, paging, "New spec". */
export function SpecList({ identifier, productId, search, onSearchChange, onOpen }: SpecListProps) {
  const { can } = useCurrentEnterprise();
  const params = specListParams(productId, search);
  const list = useQuery(specListQueryOptions(params));
  const [creating, setCreating] = useState(false);
  const canAdd = can('product:spec:add');
  const canBatch = can('product:spec:edit');
  const page = list.data;
  const filtered = hasSpecFilters(search);
  const nothingAtAll = page !== undefined && page.total === 0 && !filtered && !search.moduleId;

  // Selection for batch actions: rows, so the bar knows their statuses. New filters start over.
  const [selected, setSelected] = useState<Map<string, Spec>>(new Map());
  const searchKey = JSON.stringify(search);
  // biome-ignore lint/correctness/useExhaustiveDependencies: clear when the filters or page change
  useEffect(() => setSelected(new Map()), [searchKey]);

  function toggle(row: Spec) {
    setSelected((prev) => {
      const next = new Map(prev);
      if (next.has(row.id)) next.delete(row.id);
      else if (next.size >= MAX_BATCH_SPECS) {
        notifications.show({
          color: 'yellow',
          message: `At most ${MAX_BATCH_SPECS} specs can be changed at once`,
        });
      } else next.set(row.id, row);
      return next;
    });
  }
  function toggleAll(rows: Spec[]) {
    setSelected((prev) =>
      rows.every((row) => prev.has(row.id))
        ? new Map()
        : new Map(rows.slice(0, MAX_BATCH_SPECS).map((row) => [row.id, row])),
    );
  }

  const createButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
      New spec
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
          title="Requirement specs"
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
        {!nothingAtAll && <SpecFilters productId={productId} search={search} onChange={onSearchChange} />}
        {canBatch && selected.size > 0 && (
          <SpecBatchBar
            productId={productId}
            selected={[...selected.values()]}
            onDone={() => setSelected(new Map())}
          />
        )}
        <Card p={0}>
          {list.isPending ? (
            <TableSkeleton label="Loading requirement specs" />
          ) : list.isError && !page ? (
            <LoadFailed what="requirement specs" onRetry={() => void list.refetch()} />
          ) : page && page.rows.length > 0 ? (
            <Dimmable dimmed={list.isPlaceholderData}>
              <SpecTable
                identifier={identifier}
                productId={productId}
                rows={page.rows}
                selection={canBatch ? { selected: new Set(selected.keys()), toggle, toggleAll } : undefined}
                onOpen={(row) => onOpen(row.id)}
              />
            </Dimmable>
          ) : nothingAtAll ? (
            <EmptyState
              py={56}
              variant="light"
              icon={<IconFileDescription size={28} />}
              title="No requirement specs yet"
              description={
                canAdd
                  ? 'Write the first spec, or refine a reviewed user requirement into one.'
                  : 'Nobody has written a requirement spec for this product yet.'
              }
              data-testid="specs-empty"
            >
              {canAdd && <EmptyState.Actions>{createButton}</EmptyState.Actions>}
            </EmptyState>
          ) : (
            <NothingShown
              filtered={filtered}
              noMatch={'No spec matches'}
              emptyModule={'No specs in this module'}
              testId="specs-empty"
            />
          )}
        </Card>
        {page && page.total > 0 && (
          <Pager
            total={page.total}
            pageNum={params.pageNum}
            pageSize={page.pageSize}
            noun="specs"
            onChange={(pageNum) => onSearchChange({ pageNum })}
          />
        )}
      </Stack>
      {creating && (
        <SpecFormModal
          productId={productId}
          mode="create"
          initial={{ moduleId: search.moduleId ?? null }}
          onClose={() => setCreating(false)}
        />
      )}
    </WithModuleTree>
  );
}
