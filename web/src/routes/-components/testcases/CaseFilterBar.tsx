import { Badge, Group, Switch } from '@mantine/core';
import { useMemo } from 'react';
import { FilterBar, KeywordFilter, SelectFilter } from '../../../kit/FilterBar/FilterBar';
import { colorOption, PRIORITY_OPTIONS, renderPriorityOption } from '../work-items/fields';
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
  const tags = useCaseTagOptions();
  const renderTag = useMemo(() => colorOption(tags.colors), [tags.colors]);
  const one = (value: number | undefined) => (value ? String(value) : undefined);
  const number = (value: string | undefined) => (value ? Number(value) : undefined);
  return (
    <FilterBar testId="case-filters" filtered={hasCaseFilters(filters)} onClear={() => onChange(NO_FILTERS)}>
      <KeywordFilter
        label="Search cases"
        placeholder="Title words or TC-12"
        value={filters.keyword}
        onChange={(keyword) => onChange({ keyword })}
      />
      <SelectFilter
        label="Filter by type"
        placeholder="Type"
        searchable={false}
        data={CASE_TYPE_OPTIONS}
        value={one(filters.type)}
        onChange={(type) => onChange({ type: number(type) })}
      />
      <SelectFilter
        label="Filter by priority"
        placeholder="Priority"
        searchable={false}
        data={PRIORITY_OPTIONS}
        renderOption={renderPriorityOption}
        value={one(filters.priority)}
        onChange={(priority) => onChange({ priority: number(priority) })}
      />
      <SelectFilter
        label="Filter by tag"
        placeholder="Tag"
        data={tags.options}
        renderOption={renderTag}
        value={filters.tagId}
        onChange={(tagId) => onChange({ tagId })}
        nothingFoundMessage={tags.options.length === 0 ? 'No tags yet' : 'No tag matches'}
      />
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
