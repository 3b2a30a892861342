import { Badge, Button, Group, Select, Switch, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { COMBOBOX_PROPS, colorOption, PRIORITY_OPTIONS, renderPriorityOption } from '../work-items/fields';
import { type CaseFilters, hasCaseFilters, NO_FILTERS } from './case-search';
import { CASE_TYPE_OPTIONS, useCaseTagOptions } from './fields';

interface CaseFilterBarProps {
  filters: CaseFilters;
  onChange: (change: Partial<CaseFilters>) => void;
  /** Cases waiting for a confirmation, shown by the switch; absent while unknown. */
  confirmCount?: number;
}

const common = {
  style: { flex: '1 1 120px', minWidth: 0, maxWidth: 180 },
  clearable: true,
  comboboxProps: COMBOBOX_PROPS,
  maxDropdownHeight: 280,
} as const;

/**
 * The keyword box: typing waits a moment before the list follows; a keyword cleared elsewhere
 * (Clear) empties the box.
 */
function KeywordBox({
  value,
  onChange,
}: {
  value?: string;
  onChange: (keyword: string | undefined) => void;
}) {
  const [keyword, setKeyword] = useState(value ?? '');
  const apply = useDebouncedCallback((text: string) => onChange(text.trim() || undefined), 300);
  useEffect(() => {
    if (value === undefined) setKeyword('');
  }, [value]);
  return (
    <TextInput
      aria-label="Search cases"
      placeholder="Title words or TC-12"
      leftSection={<IconSearch size={16} />}
      value={keyword}
      onChange={(event) => {
        setKeyword(event.currentTarget.value);
        apply(event.currentTarget.value);
      }}
      style={{ flex: '2 1 200px', minWidth: 0, maxWidth: 280 }}
    />
  );
}

/** Keyword, type, priority, tag and the "needs confirmation" switch of a case list. */
export function CaseFilterBar({ filters, onChange, confirmCount }: CaseFilterBarProps) {
  const tags = useCaseTagOptions();
  const renderTag = useMemo(() => colorOption(tags.colors), [tags.colors]);
  return (
    <Group gap="sm" align="center" wrap="wrap" data-testid="case-filters">
      <KeywordBox value={filters.keyword} onChange={(keyword) => onChange({ keyword })} />
      <Select
        {...common}
        aria-label="Filter by type"
        placeholder="Type"
        data={CASE_TYPE_OPTIONS}
        value={filters.type ? String(filters.type) : null}
        onChange={(value) => onChange({ type: value ? Number(value) : undefined })}
      />
      <Select
        {...common}
        aria-label="Filter by priority"
        placeholder="Priority"
        data={PRIORITY_OPTIONS}
        renderOption={renderPriorityOption}
        value={filters.priority ? String(filters.priority) : null}
        onChange={(value) => onChange({ priority: value ? Number(value) : undefined })}
      />
      <Select
        {...common}
        searchable
        aria-label="Filter by tag"
        placeholder="Tag"
        data={tags.options}
        renderOption={renderTag}
        value={filters.tagId ?? null}
        onChange={(value) => onChange({ tagId: value ?? undefined })}
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
      />
      {hasCaseFilters(filters) && (
        <Button
          variant="subtle"
          color="gray"
          px="xs"
          leftSection={<IconX size={14} />}
          onClick={() => onChange(NO_FILTERS)}
          aria-label="Clear filters"
        >
          Clear
        </Button>
      )}
    </Group>
  );
}
