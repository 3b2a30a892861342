import { MAX_BATCH_SPECS } from '@shared/domain/products';
import type { Spec } from '@shared/schemas/requirements';
import { IconFileDescription } from '@tabler/icons-react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useRowSelection } from '../../../kit/ListPage/use-row-selection';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { specListQueryOptions } from '../../../queries/requirements';
import { type ListWords, RequirementListPage, useRequirementList } from './ListLayout';
import { SpecFilters } from './RequirementFilters';
import { RequirementTable } from './RequirementTable';
import { hasSpecFilters, specListParams, validateSpecSearch } from './requirement-search';
import { SpecBatchBar } from './SpecBatchBar';
import { SpecFormModal } from './SpecFormModal';
import { SPEC_TABLE_DROP, specColumns } from './SpecTable';

const route = getRouteApi('/$identifier/products/$productId/demand/');

const SPECS: ListWords = { name: 'specs', title: 'Requirement specs', noun: 'specs', one: 'spec' };

/** The product's requirement specs: module tree, filters, table with batch actions, paging, "New spec". */
export function SpecsPage() {
  const list = useRequirementList(route, validateSpecSearch, SPECS, specListParams, specListQueryOptions);
  const { identifier, productId, search } = list;
  const navigate = useNavigate();
  const open = (spec: { id: string }) =>
    void navigate({
      to: '/$identifier/products/$productId/demand/$demandIde',
      params: { identifier, productId, demandIde: spec.id },
    });
  const { can } = useCurrentEnterprise();
  const canAdd = can('product:spec:add');
  const canBatch = can('product:spec:edit');
  // Selection for batch actions: rows, so the bar knows their statuses. New filters start over.
  const selection = useRowSelection<Spec>({
    max: MAX_BATCH_SPECS,
    noun: 'specs',
    verb: 'changed',
    resetKey: JSON.stringify(list.params),
  });

  const newSpec = (onClose: () => void) => (
    <SpecFormModal
      productId={productId}
      mode="create"
      initial={{ moduleId: search.moduleId ?? null }}
      onClose={onClose}
      openCreated={open}
    />
  );

  return (
    <RequirementListPage
      list={list}
      filters={<SpecFilters productId={productId} search={search} onChange={list.onSearchChange} />}
      filtered={hasSpecFilters(search)}
      create={canAdd ? { label: 'New spec', form: newSpec } : undefined}
      nothingYet={{
        icon: <IconFileDescription size={28} />,
        invite: 'Write the first spec, or refine a reviewed user requirement into one.',
        none: 'Nobody has written a requirement spec for this product yet.',
      }}
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
    >
      <RequirementTable
        kind="spec"
        columns={specColumns}
        dropBelow={SPEC_TABLE_DROP}
        identifier={identifier}
        productId={productId}
        rows={list.query.data?.rows ?? []}
        selection={canBatch ? selection : undefined}
        onOpen={open}
      />
    </RequirementListPage>
  );
}
