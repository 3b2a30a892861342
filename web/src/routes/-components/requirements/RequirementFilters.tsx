import { Button, Group, MultiSelect, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch, IconX } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { COMBOBOX_PROPS, colorOption, PRIORITY_OPTIONS, renderPriorityOption } from '../work-items/fields';
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

/** Filters share the row and wrap on narrow screens; a multi-select needs room for its pills. */
const common = {
  style: { flex: '1 1 120px', minWidth: 0, maxWidth: 220 },
  clearable: true,
  searchable: true,
  comboboxProps: COMBOBOX_PROPS,
  maxDropdownHeight: 280,
} as const;

const MULTI_STYLE = { flex: '1 1 150px', minWidth: 0, maxWidth: 240 };

const numbers = (values: string[]) => (values.length > 0 ? values.map(Number) : undefined);

/**
 * The keyword box: typing waits a moment before the URL (and the list) follows; a keyword cleared
 * elsewhere (the filters' Clear) empties the box.
 */
export function KeywordFilter({
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
      aria-label="Filter by keyword"
      placeholder="Title words or number"
      leftSection={<IconSearch size={16} />}
      value={keyword}
      onChange={(event) => {
        setKeyword(event.currentTarget.value);
        apply(event.currentTarget.value);
      }}
      w={{ base: '100%', xs: 240 }}
    />
  );
}

function FilterRow({
  children,
  filtered,
  onClear,
}: {
  children: ReactNode;
  filtered: boolean;
  onClear: () => void;
}) {
  return (
    <Group gap="sm" align="flex-start" wrap="wrap" data-testid="requirement-filters">
      {children}
      {filtered && (
        <Button
          variant="subtle"
          color="gray"
          px="xs"
          leftSection={<IconX size={14} />}
          onClick={onClear}
          aria-label="Clear filters"
        >
          Clear
        </Button>
      )}
    </Group>
  );
}

interface FiltersProps<S> {
  search: S;
  onChange: (change: Partial<S>) => void;
}

/** Status, priority, tag and source of the user-requirement list (the keyword sits by the title); in the URL. */
export function UserRequirementFilters({ search, onChange }: FiltersProps<UserRequirementSearch>) {
  const tags = useRequirementTagOptions();
  const renderTag = useMemo(() => colorOption(tags.colors), [tags.colors]);
  return (
    <FilterRow
      filtered={hasUserRequirementFilters(search)}
      onClear={() => {
        onChange({
          keyword: undefined,
          status: undefined,
          priority: undefined,
          tagId: undefined,
          source: undefined,
        });
      }}
    >
      <MultiSelect
        {...common}
        style={MULTI_STYLE}
        aria-label="Filter by status"
        placeholder={search.status ? undefined : 'Status'}
        data={statusOptions('userRequirement')}
        value={(search.status ?? []).map(String)}
        onChange={(values) => onChange({ status: numbers(values) })}
      />
      <MultiSelect
        {...common}
        style={MULTI_STYLE}
        aria-label="Filter by priority"
        placeholder={search.priority ? undefined : 'Priority'}
        data={PRIORITY_OPTIONS}
        renderOption={renderPriorityOption}
        value={(search.priority ?? []).map(String)}
        onChange={(values) => onChange({ priority: numbers(values) })}
      />
      <Select
        {...common}
        aria-label="Filter by tag"
        placeholder="Tag"
        data={tags.options}
        renderOption={renderTag}
        value={search.tagId ?? null}
        onChange={(value) => onChange({ tagId: value ?? undefined })}
        nothingFoundMessage={tags.options.length === 0 ? 'No tags yet' : 'No tag matches'}
      />
      <Select
        {...common}
        searchable={false}
        aria-label="Filter by source"
        placeholder="Source"
        data={SOURCE_OPTIONS}
        value={search.source ? String(search.source) : null}
        onChange={(value) => onChange({ source: value ? Number(value) : undefined })}
      />
    </FilterRow>
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
    <FilterRow
      filtered={hasSpecFilters(search)}
      onClear={() => {
        onChange({
          keyword: undefined,
          status: undefined,
          priority: undefined,
          type: undefined,
          planId: undefined,
          ownerId: undefined,
        });
      }}
    >
      <MultiSelect
        {...common}
        style={MULTI_STYLE}
        aria-label="Filter by status"
        placeholder={search.status ? undefined : 'Status'}
        data={statusOptions('spec')}
        value={(search.status ?? []).map(String)}
        onChange={(values) => onChange({ status: numbers(values) })}
      />
      <MultiSelect
        {...common}
        style={MULTI_STYLE}
        aria-label="Filter by priority"
        placeholder={search.priority ? undefined : 'Priority'}
        data={PRIORITY_OPTIONS}
        renderOption={renderPriorityOption}
        value={(search.priority ?? []).map(String)}
        onChange={(values) => onChange({ priority: numbers(values) })}
      />
      <MultiSelect
        {...common}
        style={MULTI_STYLE}
        aria-label="Filter by type"
        placeholder={search.type ? undefined : 'Type'}
        data={TYPE_OPTIONS}
        value={(search.type ?? []).map(String)}
        onChange={(values) => onChange({ type: numbers(values) })}
      />
      <Select
        {...common}
        aria-label="Filter by plan"
        placeholder="Plan"
        data={plans.options}
        value={search.planId ?? null}
        onChange={(value) => onChange({ planId: value ?? undefined })}
        nothingFoundMessage={plans.options.length === 0 ? 'No plans yet' : 'No plan matches'}
      />
      <Select
        {...common}
        aria-label="Filter by owner"
        placeholder="Owner"
        data={members.options}
        value={search.ownerId ?? null}
        onChange={(value) => onChange({ ownerId: value ?? undefined })}
        nothingFoundMessage="No product member matches"
      />
    </FilterRow>
  );
}
