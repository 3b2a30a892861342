import { MAX_BATCH_SPECS } from '@shared/domain/products';
import type { Spec } from '@shared/schemas/requirements';
import { IconFileDescription } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { usePageSize } from '../../../kit/ListPage/use-page-size';
import { useRowSelection } from '../../../kit/ListPage/use-row-selection';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { specListQueryOptions } from '../../../queries/requirements';
import { RequirementListPage } from './ListLayout';
import { SpecFilters } from './RequirementFilters';
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
  const [pageSize, setPageSize] = usePageSize('specs');
  const params = { ...specListParams(productId, search), pageSize };
  const list = useQuery(specListQueryOptions(params));
  const [creating, setCreating] = useState(false);
  const canAdd = can('product:spec:add');
  const canBatch = can('product:spec:edit');
  // Selection for batch actions: rows, so the bar knows their statuses. New filters start over.
  const selection = useRowSelection<Spec>({
    max: MAX_BATCH_SPECS,
    noun: 'specs',
    verb: 'changed',
    resetKey: JSON.stringify(params),
  });

  return (
    <>
      <RequirementListPage
        productId={productId}
        search={search}
        onSearchChange={onSearchChange}
        title="Requirement specs"
        noun="specs"
        one="spec"
        query={list}
        page={list.data}
        pageNum={params.pageNum}
        onPageSizeChange={setPageSize}
        filtered={hasSpecFilters(search)}
        filters={<SpecFilters productId={productId} search={search} onChange={onSearchChange} />}
        batchBar={
          canBatch &&
          selection.selected.size > 0 && (
            <SpecBatchBar
              productId={productId}
              selected={[...selection.selected.values()]}
              onDone={selection.clear}
            />
          )
        }
        create={canAdd ? { label: 'New spec', onClick: () => setCreating(true) } : undefined}
        nothingYet={{
          icon: <IconFileDescription size={28} />,
          description: canAdd
            ? 'Write the first spec, or refine a reviewed user requirement into one.'
            : 'Nobody has written a requirement spec for this product yet.',
        }}
        testId="specs-empty"
      >
        <SpecTable
          identifier={identifier}
          productId={productId}
          rows={list.data?.rows ?? []}
          selection={canBatch ? selection : undefined}
          onOpen={(row) => onOpen(row.id)}
        />
      </RequirementListPage>
      {creating && (
        <SpecFormModal
          productId={productId}
          mode="create"
          initial={{ moduleId: search.moduleId ?? null }}
          onClose={() => setCreating(false)}
        />
      )}
    </>
  );
}
