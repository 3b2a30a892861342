import { FilterBar, MultiFilter, NumberFilter, SelectFilter } from '../../../kit/FilterBar/FilterBar';
import { PriorityFilter, useTagFilterProps } from '../work-items/fields';
import {
  SOURCE_OPTIONS,
  TYPE_OPTIONS,
  useMemberOptions,
  usePlanOptions,
  useRequirementTagOptions,
} from './fields';
import { statusOptions } from './RequirementStatusBadge';
import {
  hasSpecFilters,
  hasUserRequirementFilters,
  type SpecSearch,
  type UserRequirementSearch,
} from './requirement-search';

interface FiltersProps<S> {
  search: S;
  onChange: (change: Partial<S>) => void;
}

/** Status and priority: both lists filter by them. */
function StatusAndPriority<S extends { status?: number[]; priority?: number[] }>({
  kind,
  search,
  onChange,
}: FiltersProps<S> & { kind: 'spec' | 'userRequirement' }) {
  return (
    <>
      <MultiFilter
        label="Filter by status"
        placeholder="Status"
        numeric
        data={statusOptions(kind)}
        value={search.status}
        onChange={(status) => onChange({ status } as Partial<S>)}
      />
      <PriorityFilter value={search.priority} onChange={(priority) => onChange({ priority } as Partial<S>)} />
    </>
  );
}

/** Status, priority, tag and source of the user-requirement list (the keyword sits by the title); in the URL. */
export function UserRequirementFilters({ search, onChange }: FiltersProps<UserRequirementSearch>) {
  const tagFilter = useTagFilterProps(useRequirementTagOptions());
  return (
    <FilterBar
      testId="requirement-filters"
      filtered={hasUserRequirementFilters(search)}
      onClear={() =>
        onChange({
          keyword: undefined,
          status: undefined,
          priority: undefined,
          tagId: undefined,
          source: undefined,
        })
      }
    >
      <StatusAndPriority kind="userRequirement" search={search} onChange={onChange} />
      <SelectFilter {...tagFilter} value={search.tagId} onChange={(tagId) => onChange({ tagId })} />
      <NumberFilter
        label="Filter by source"
        placeholder="Source"
        data={SOURCE_OPTIONS}
        value={search.source}
        onChange={(source) => onChange({ source })}
      />
    </FilterBar>
  );
}

/** Status, priority, type, plan and owner of the spec list (the keyword sits by the title); in the URL. */
export function SpecFilters({
  productId,
  search,
  onChange,
}: FiltersProps<SpecSearch> & { productId: string }) {
  const plans = usePlanOptions(productId);
  const members = useMemberOptions(productId);
  return (
    <FilterBar
      testId="requirement-filters"
      filtered={hasSpecFilters(search)}
      onClear={() =>
        onChange({
          keyword: undefined,
          status: undefined,
          priority: undefined,
          type: undefined,
          planId: undefined,
          ownerId: undefined,
        })
      }
    >
      <StatusAndPriority kind="spec" search={search} onChange={onChange} />
      <MultiFilter
        label="Filter by type"
        placeholder="Type"
        numeric
        data={TYPE_OPTIONS}
        value={search.type}
        onChange={(type) => onChange({ type })}
      />
      <SelectFilter
        label="Filter by plan"
        placeholder="Plan"
        data={plans.options}
        value={search.planId}
        onChange={(planId) => onChange({ planId })}
        nothingFoundMessage={plans.options.length === 0 ? 'No plans yet' : 'No plan matches'}
      />
      <SelectFilter
        label="Filter by owner"
        placeholder="Owner"
        data={members.options}
        value={search.ownerId}
        onChange={(ownerId) => onChange({ ownerId })}
        nothingFoundMessage="No product member matches"
      />
    </FilterBar>
  );
}
