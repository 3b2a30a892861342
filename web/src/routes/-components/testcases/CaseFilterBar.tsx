import { Badge, Group, Switch } from '@mantine/core';
import { bindFilters } from '../../../kit/FilterBar/bind-filters';
import { FilterBar, KeywordFilter, NumberFilter, SelectFilter } from '../../../kit/FilterBar/FilterBar';
import { PRIORITY_OPTIONS, renderPriorityOption, useTagFilterProps } from '../work-items/fields';
import { type CaseFilters, hasCaseFilters, NO_FILTERS } from './case-search';
import { CASE_TYPE_OPTIONS, useCaseTagOptions } from './fields';

interface CaseFilterBarProps {
  filters: CaseFilters;
  onChange: (change: Partial<CaseFilters>) => void;
  /** Cases waiting for a confirmation, shown by the switch; absent while unknown. */
  confirmCount?: number;
}

/** Keyword, type, priority, tag and the "needs confirmation" switch of a case list. */
export function CaseFilterBar({ filters, onChange, confirmCount }: CaseFilterBarProps) {
  const tagFilter = useTagFilterProps(useCaseTagOptions());
  const field = bindFilters(filters, onChange);
  return (
    <FilterBar testId="case-filters" filtered={hasCaseFilters(filters)} onClear={() => onChange(NO_FILTERS)}>
      <KeywordFilter
        label="Search cases"
        placeholder="Title words or TC-12"
        value={filters.keyword}
        onChange={(keyword) => onChange({ keyword })}
      />
      <NumberFilter {...field('type', 'Type')} data={CASE_TYPE_OPTIONS} />
      <NumberFilter
        {...field('priority', 'Priority')}
        data={PRIORITY_OPTIONS}
        renderOption={renderPriorityOption}
      />
      <SelectFilter {...tagFilter} value={filters.tagId} onChange={(tagId) => onChange({ tagId })} />
      <Switch
        checked={filters.needsConfirmation ?? false}
        onChange={(event) => onChange({ needsConfirmation: event.currentTarget.checked || undefined })}
        label={
          <Group gap={6} wrap="nowrap" component="span">
            Needs confirmation
            {confirmCount !== undefined && confirmCount > 0 && (
              <Badge size="sm" color="yellow" variant="filled" circle={confirmCount < 10}>
                {confirmCount}
              </Badge>
            )}
          </Group>
        }
        color="yellow"
        mb={8}
      />
    </FilterBar>
  );
}
