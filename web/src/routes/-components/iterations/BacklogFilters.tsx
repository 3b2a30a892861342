import { Button, Group, MultiSelect, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { ISSUE_KIND_LABELS, ISSUE_KINDS, type IssueKind } from '@shared/domain/work-item-workflow';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { COMBOBOX_PROPS, PRIORITY_OPTIONS, renderPriorityOption } from '../work-items/fields';
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
  const [keyword, setKeyword] = useState(search.keyword ?? '');
  const applyKeyword = useDebouncedCallback(
    (value: string) => onChange({ keyword: value.trim() || undefined }),
    300,
  );
  return (
    <Group gap="xs" align="flex-end" data-testid="backlog-filters">
      <TextInput
        aria-label="Filter by keyword"
        placeholder="Title words or #number"
        leftSection={<IconSearch size={16} />}
        value={keyword}
        onChange={(event) => {
          setKeyword(event.currentTarget.value);
          applyKeyword(event.currentTarget.value);
        }}
        w={{ base: '100%', xs: 200 }}
      />
      <Select
        aria-label="Filter by kind"
        placeholder="Kind"
        data={KIND_OPTIONS}
        value={search.kind ? String(search.kind) : null}
        onChange={(value) => onChange({ kind: value ? (Number(value) as IssueKind) : undefined })}
        clearable
        comboboxProps={COMBOBOX_PROPS}
        w={{ base: '100%', xs: 130 }}
      />
      <MultiSelect
        aria-label="Filter by priority"
        placeholder={search.priority ? undefined : 'Priority'}
        data={PRIORITY_OPTIONS}
        renderOption={renderPriorityOption}
        value={(search.priority ?? []).map(String)}
        onChange={(values) => onChange({ priority: values.length > 0 ? values.map(Number) : undefined })}
        clearable
        comboboxProps={COMBOBOX_PROPS}
        w={{ base: '100%', xs: 170 }}
      />
      {hasBacklogFilters(search) && (
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconX size={14} />}
          onClick={() => {
            setKeyword('');
            onChange({ keyword: undefined, kind: undefined, priority: undefined });
          }}
        >
          Clear
        </Button>
      )}
    </Group>
  );
}
