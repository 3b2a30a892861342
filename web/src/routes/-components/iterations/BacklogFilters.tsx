import { ISSUE_KIND_LABELS, ISSUE_KINDS, type IssueKind } from '@shared/domain/work-item-workflow';
import { FilterBar, KeywordFilter, NumberFilter } from '../../../kit/FilterBar/FilterBar';
import { PriorityFilter } from '../work-items/fields';
import { type BacklogSearch, hasBacklogFilters } from './backlog-search';

const KIND_OPTIONS = ISSUE_KINDS.map((kind) => ({
  value: String(kind),
  label: ISSUE_KIND_LABELS[kind].many,
}));

interface BacklogFiltersProps {
  search: BacklogSearch;
  /** Merges a change into the URL's search params (a filter change goes back to page 1). */
  onChange: (change: Partial<BacklogSearch>) => void;
}

/** Keyword, kind and priority filters of the backlog; all kept in the URL. */
export function BacklogFilters({ search, onChange }: BacklogFiltersProps) {
  return (
    <FilterBar
      testId="backlog-filters"
      filtered={hasBacklogFilters(search)}
      onClear={() => onChange({ keyword: undefined, kind: undefined, priority: undefined })}
    >
      <KeywordFilter
        value={search.keyword}
        placeholder="Title words or #number"
        width={200}
        onChange={(keyword) => onChange({ keyword })}
      />
      <NumberFilter<IssueKind>
        label="Filter by kind"
        placeholder="Kind"
        data={KIND_OPTIONS}
        value={search.kind}
        onChange={(kind) => onChange({ kind })}
      />
      <PriorityFilter value={search.priority} onChange={(priority) => onChange({ priority })} />
    </FilterBar>
  );
}
