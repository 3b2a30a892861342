import { bindFilters, clearedFilters } from '../../../kit/FilterBar/bind-filters';
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
  SPEC_FILTERS,
  type SpecSearch,
  USER_REQUIREMENT_FILTERS,
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
  const field = bindFilters(search, onChange);
  return (
    <>
      <MultiFilter {...field('status', 'Status')} numeric data={statusOptions(kind)} />
      <PriorityFilter value={search.priority} onChange={(priority) => onChange({ priority } as Partial<S>)} />
    </>
  );
}

/** Status, priority, tag and source of the user-requirement list (the keyword sits by the title); in the URL. */
export function UserRequirementFilters({ search, onChange }: FiltersProps<UserRequirementSearch>) {
  const field = bindFilters(search, onChange);
  const tagFilter = useTagFilterProps(useRequirementTagOptions());
  return (
    <FilterBar
      testId="requirement-filters"
      filtered={hasUserRequirementFilters(search)}
      onClear={() => onChange(clearedFilters(USER_REQUIREMENT_FILTERS))}
    >
      <StatusAndPriority kind="userRequirement" search={search} onChange={onChange} />
      <SelectFilter {...tagFilter} value={search.tagId} onChange={(tagId) => onChange({ tagId })} />
      <NumberFilter {...field('source', 'Source')} data={SOURCE_OPTIONS} />
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
  const field = bindFilters(search, onChange);
  return (
    <FilterBar
      testId="requirement-filters"
      filtered={hasSpecFilters(search)}
      onClear={() => onChange(clearedFilters(SPEC_FILTERS))}
    >
      <StatusAndPriority kind="spec" search={search} onChange={onChange} />
      <MultiFilter {...field('type', 'Type')} numeric data={TYPE_OPTIONS} />
      <SelectFilter
        {...field('planId', 'Plan')}
        data={plans.options}
        nothingFoundMessage={plans.options.length === 0 ? 'No plans yet' : 'No plan matches'}
      />
      <SelectFilter
        {...field('ownerId', 'Owner')}
        data={members.options}
        nothingFoundMessage="No product member matches"
      />
    </FilterBar>
  );
}
