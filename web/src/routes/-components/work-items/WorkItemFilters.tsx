import type { IssueKind } from '@shared/domain/work-item-workflow';
import { SORT_OPTIONS } from '@shared/domain/work-items';
import type { IssueOrderBy } from '@shared/schemas/issues';
import { useMemo } from 'react';
import { bindFilters, clearedFilters } from '../../../kit/FilterBar/bind-filters';
import { FilterBar, KeywordFilter, MultiFilter, SortControl } from '../../../kit/FilterBar/FilterBar';
import { PriorityFilter, useAssigneeOptions, useTagFilterProps, useTagOptions } from './fields';
import {
  DEFAULT_ORDER_BY,
  hasFilters,
  UNASSIGNED,
  WORK_ITEM_FILTERS,
  type WorkItemSearch,
} from './list-search';
import { kindStatusOptions } from './status-options';

interface WorkItemFiltersProps {
  kind: IssueKind;
  projectId: string;
  search: WorkItemSearch;
  /** Merges a change into the URL's search params. */
  onChange: (change: Partial<WorkItemSearch>) => void;
}

/** Keyword, status, priority, owner and tag filters, and the sort; all kept in the URL. */
export function WorkItemFilters({ kind, projectId, search, onChange }: WorkItemFiltersProps) {
  const assignees = useAssigneeOptions(projectId);
  const tagFilter = useTagFilterProps(useTagOptions());
  const ownerOptions = useMemo(
    () => [{ value: UNASSIGNED, label: 'Unassigned' }, ...assignees.options],
    [assignees.options],
  );
  const ascending = search.sort === 'asc';
  const field = bindFilters(search, onChange);
  return (
    <FilterBar
      testId="work-item-filters"
      filtered={hasFilters(search)}
      onClear={() => onChange(clearedFilters(WORK_ITEM_FILTERS))}
    >
      <KeywordFilter
        value={search.keyword}
        placeholder="Title words or #number"
        onChange={(keyword) => onChange({ keyword })}
      />
      <MultiFilter {...field('status', 'Status')} numeric data={kindStatusOptions(kind)} />
      <PriorityFilter value={search.priority} onChange={(priority) => onChange({ priority })} />
      <MultiFilter
        {...field('assigneeId', 'Owner')}
        data={ownerOptions}
        nothingFoundMessage="No project member matches"
      />
      <MultiFilter {...tagFilter} value={search.tagId} onChange={(tagId) => onChange({ tagId })} />
      <SortControl
        options={SORT_OPTIONS}
        value={search.orderBy ?? DEFAULT_ORDER_BY}
        ascending={ascending}
        onChange={(change) =>
          onChange({
            ...(change.value && { orderBy: change.value === DEFAULT_ORDER_BY ? undefined : change.value }),
            ...(change.ascending !== undefined && { sort: change.ascending ? 'asc' : undefined }),
          })
        }
      />
    </FilterBar>
  );
}

/** The table headers' sort, the same URL params as the sort control. */
export function workItemSort(search: WorkItemSearch, onChange: (change: Partial<WorkItemSearch>) => void) {
  return {
    key: search.orderBy ?? DEFAULT_ORDER_BY,
    direction: search.sort === 'asc' ? ('asc' as const) : ('desc' as const),
    onChange: (key: string, direction: 'asc' | 'desc') =>
      onChange({
        orderBy: key === DEFAULT_ORDER_BY ? undefined : (key as IssueOrderBy),
        sort: direction === 'asc' ? 'asc' : undefined,
      }),
  };
}
