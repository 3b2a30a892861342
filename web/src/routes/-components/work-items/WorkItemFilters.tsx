import { ActionIcon, Button, Group, MultiSelect, Select, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import type { IssueKind } from '@shared/domain/work-item-workflow';
import { SORT_OPTIONS } from '@shared/domain/work-items';
import type { IssueOrderBy } from '@shared/schemas/issues';
import { IconSearch, IconSortAscending, IconSortDescending, IconX } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import {
  COMBOBOX_PROPS,
  colorOption,
  PRIORITY_OPTIONS,
  renderPriorityOption,
  useAssigneeOptions,
  useTagOptions,
} from './fields';
import { DEFAULT_ORDER_BY, hasFilters, UNASSIGNED, type WorkItemSearch } from './list-search';
import { kindStatusOptions } from './status-options';

interface WorkItemFiltersProps {
  kind: IssueKind;
  projectId: string;
  search: WorkItemSearch;
  /** Merges a change into the URL's search params. */
  onChange: (change: Partial<WorkItemSearch>) => void;
}

const SORT_DATA = SORT_OPTIONS.map(({ value, label }) => ({ value, label }));
const FILTER_WIDTH = 190;

const numbers = (values: string[]) => (values.length > 0 ? values.map(Number) : undefined);
const strings = (values: string[]) => (values.length > 0 ? values : undefined);

/** Keyword, status, priority, owner and tag filters, and the sort; all kept in the URL. */
export function WorkItemFilters({ kind, projectId, search, onChange }: WorkItemFiltersProps) {
  const assignees = useAssigneeOptions(projectId);
  const tags = useTagOptions();
  const renderTag = useMemo(() => colorOption(tags.colors), [tags.colors]);
  const ownerOptions = useMemo(
    () => [{ value: UNASSIGNED, label: 'Unassigned' }, ...assignees.options],
    [assignees.options],
  );
  const [keyword, setKeyword] = useState(search.keyword ?? '');
  const applyKeyword = useDebouncedCallback(
    (value: string) => onChange({ keyword: value.trim() || undefined }),
    300,
  );
  const ascending = search.sort === 'asc';

  const common = {
    w: { base: '100%', xs: FILTER_WIDTH },
    clearable: true,
    searchable: true,
    comboboxProps: COMBOBOX_PROPS,
    maxDropdownHeight: 280,
  } as const;

  return (
    <Group gap="sm" align="flex-end" data-testid="work-item-filters">
      <TextInput
        aria-label="Filter by keyword"
        placeholder="Title words or #number"
        leftSection={<IconSearch size={16} />}
        value={keyword}
        onChange={(event) => {
          setKeyword(event.currentTarget.value);
          applyKeyword(event.currentTarget.value);
        }}
        w={{ base: '100%', xs: 240 }}
      />
      <MultiSelect
        {...common}
        aria-label="Filter by status"
        placeholder={search.status ? undefined : 'Status'}
        data={kindStatusOptions(kind)}
        value={(search.status ?? []).map(String)}
        onChange={(values) => onChange({ status: numbers(values) })}
      />
      <MultiSelect
        {...common}
        aria-label="Filter by priority"
        placeholder={search.priority ? undefined : 'Priority'}
        data={PRIORITY_OPTIONS}
        renderOption={renderPriorityOption}
        value={(search.priority ?? []).map(String)}
        onChange={(values) => onChange({ priority: numbers(values) })}
      />
      <MultiSelect
        {...common}
        aria-label="Filter by owner"
        placeholder={search.assigneeId ? undefined : 'Owner'}
        data={ownerOptions}
        value={search.assigneeId ?? []}
        onChange={(values) => onChange({ assigneeId: strings(values) })}
        nothingFoundMessage="No project member matches"
      />
      <MultiSelect
        {...common}
        aria-label="Filter by tag"
        placeholder={search.tagId ? undefined : 'Tag'}
        data={tags.options}
        renderOption={renderTag}
        value={search.tagId ?? []}
        onChange={(values) => onChange({ tagId: strings(values) })}
        nothingFoundMessage={tags.options.length === 0 ? 'No tags yet' : 'No tag matches'}
      />
      <Group gap={4} wrap="nowrap">
        <Select
          aria-label="Sort by"
          data={SORT_DATA}
          value={search.orderBy ?? DEFAULT_ORDER_BY}
          allowDeselect={false}
          comboboxProps={COMBOBOX_PROPS}
          w={210}
          onChange={(value) =>
            value && onChange({ orderBy: value === DEFAULT_ORDER_BY ? undefined : (value as IssueOrderBy) })
          }
        />
        <Tooltip label={ascending ? 'Ascending: switch to descending' : 'Descending: switch to ascending'}>
          <ActionIcon
            variant="default"
            size={36}
            aria-label={ascending ? 'Sort descending' : 'Sort ascending'}
            onClick={() => onChange({ sort: ascending ? undefined : 'asc' })}
          >
            {ascending ? <IconSortAscending size={18} /> : <IconSortDescending size={18} />}
          </ActionIcon>
        </Tooltip>
      </Group>
      {hasFilters(search) && (
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconX size={14} />}
          onClick={() => {
            setKeyword('');
            onChange({
              status: undefined,
              priority: undefined,
              assigneeId: undefined,
              tagId: undefined,
              keyword: undefined,
            });
          }}
        >
          Clear filters
        </Button>
      )}
    </Group>
  );
}
