import {
  ActionIcon,
  Button,
  CloseButton,
  type ComboboxItem,
  Group,
  MultiSelect,
  type MultiSelectProps,
  ScrollArea,
  SegmentedControl,
  Select,
  type SelectProps,
  Switch,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch, IconSortAscending, IconSortDescending, IconX } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { COMBOBOX_PROPS } from '../FormModal/fields';

/** Filters share the row and wrap on narrow screens; a multi-select needs room for its pills. */
const FILTER_STYLE = { flex: '1 1 150px', minWidth: 0, maxWidth: 240 };

/** What every select of the row shares: clearable, searchable, a bounded dropdown, its width. */
const FILTER_PROPS = {
  clearable: true,
  searchable: true,
  comboboxProps: COMBOBOX_PROPS,
  maxDropdownHeight: 280,
  style: FILTER_STYLE,
};

/**
 * A row of filters kept in the URL's search params, with "Clear filters" while any is set. The
 * filters are its children: `KeywordFilter`, `MultiFilter`, `SelectFilter`, `SortControl`.
 */
export function FilterBar({
  testId,
  filtered,
  onClear,
  children,
}: {
  testId: string;
  /** Any filter set: offer to clear them. */
  filtered: boolean;
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid={testId}>
      {children}
      {filtered && (
        <Button variant="subtle" color="gray" px="xs" leftSection={<IconX size={14} />} onClick={onClear}>
          Clear filters
        </Button>
      )}
    </Group>
  );
}

/**
 * The keyword box: typing waits a moment before the URL (and the list) follows; a keyword cleared
 * elsewhere (the filters' Clear) empties the box.
 */
export function KeywordFilter({
  value,
  onChange,
  placeholder = 'Title words or number',
  label = 'Filter by keyword',
  width = 240,
}: {
  value?: string;
  onChange: (keyword: string | undefined) => void;
  placeholder?: string;
  label?: string;
  width?: number;
}) {
  const [keyword, setKeyword] = useState(value ?? '');
  const apply = useDebouncedCallback((text: string) => onChange(text.trim() || undefined), 300);
  useEffect(() => {
    if (value === undefined) setKeyword('');
  }, [value]);
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      value={keyword}
      onChange={(event) => {
        setKeyword(event.currentTarget.value);
        apply(event.currentTarget.value);
      }}
      w={{ base: '100%', xs: width }}
    />
  );
}

/**
 * Any of several values (status, priority, owner, tag). `value` and `onChange` speak the search
 * param's type: numbers for ids that are numbers, nothing when none is picked.
 */
export function MultiFilter<V extends string | number>({
  label,
  placeholder,
  data,
  value,
  onChange,
  numeric,
  ...props
}: Omit<MultiSelectProps, 'value' | 'onChange' | 'label' | 'placeholder'> & {
  /** The accessible name: "Filter by status". */
  label: string;
  /** Shown while nothing is picked: "Status". */
  placeholder: string;
  data: ComboboxItem[];
  value: readonly V[] | undefined;
  onChange: (values: V[] | undefined) => void;
  numeric?: boolean;
}) {
  return (
    <MultiSelect
      aria-label={label}
      placeholder={value && value.length > 0 ? undefined : placeholder}
      data={data}
      value={(value ?? []).map(String)}
      onChange={(values) =>
        onChange(values.length === 0 ? undefined : ((numeric ? values.map(Number) : values) as V[]))
      }
      {...FILTER_PROPS}
      {...props}
    />
  );
}

/** A one-choice filter's props: the search param's value `V`, offered as `data` with values `D`. */
type ChoiceFilterProps<V, D extends string> = Omit<SelectProps, 'value' | 'onChange' | 'label' | 'data'> & {
  label: string;
  value: V | undefined;
  onChange: (value: V | undefined) => void;
  data: { value: D; label: string }[];
};

/**
 * One value or none (a module, a plan, an area), typed as the search param is: the select offers
 * only `data`'s values, so what it hands back is one of them.
 */
export function SelectFilter<V extends string = string>({
  label,
  value,
  onChange,
  ...props
}: ChoiceFilterProps<V, V>) {
  return (
    <Select
      aria-label={label}
      value={value ?? null}
      onChange={(next) => onChange((next ?? undefined) as V | undefined)}
      {...FILTER_PROPS}
      {...props}
    />
  );
}

/** One number or none (a type, a kind, a source) from a short list: the search param is the number. */
export function NumberFilter<N extends number>({ value, onChange, ...props }: ChoiceFilterProps<N, string>) {
  return (
    <SelectFilter
      searchable={false}
      value={value ? String(value) : undefined}
      onChange={(next) => onChange(next ? (Number(next) as N) : undefined)}
      {...props}
    />
  );
}

/** The sort: a field and a direction button. */
export function SortControl<K extends string>({
  options,
  value,
  ascending,
  onChange,
  width = 210,
}: {
  options: readonly { value: K; label: string }[];
  value: K;
  ascending: boolean;
  onChange: (change: { value?: K; ascending?: boolean }) => void;
  width?: number;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <Select
        aria-label="Sort by"
        data={[...options]}
        value={value}
        allowDeselect={false}
        comboboxProps={COMBOBOX_PROPS}
        w={width}
        onChange={(next) => next && onChange({ value: next as K })}
      />
      <Tooltip label={ascending ? 'Ascending: switch to descending' : 'Descending: switch to ascending'}>
        <ActionIcon
          variant="default"
          size={36}
          aria-label={ascending ? 'Sort descending' : 'Sort ascending'}
          onClick={() => onChange({ ascending: !ascending })}
        >
          {ascending ? <IconSortAscending size={18} /> : <IconSortDescending size={18} />}
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** A status filter as segments; many statuses scroll sideways on a phone instead of overflowing. */
export function StatusSegments<S extends string>({
  label,
  data,
  value,
  onChange,
}: {
  label: string;
  data: { value: S | 'all'; label: string }[];
  value: S | undefined;
  onChange: (value: S | undefined) => void;
}) {
  return (
    <ScrollArea type="never" maw="100%">
      <SegmentedControl
        aria-label={label}
        data={data}
        value={value ?? 'all'}
        onChange={(next) => onChange(next === 'all' ? undefined : (next as S))}
      />
    </ScrollArea>
  );
}

/**
 * The filters of an enterprise's directory (products, projects): a search box, the status as
 * segments, and "My …" as a switch.
 */
export function DirectoryFilters<S extends string>({
  searchLabel,
  searchPlaceholder,
  keyword,
  onKeyword,
  statusLabel,
  statuses,
  status,
  onStatus,
  mineLabel,
  mine,
  onMine,
}: {
  searchLabel: string;
  searchPlaceholder: string;
  keyword: string | undefined;
  onKeyword: (keyword: string | undefined) => void;
  statusLabel: string;
  statuses: { value: S | 'all'; label: string }[];
  status: S | undefined;
  onStatus: (status: S | undefined) => void;
  mineLabel: string;
  mine: boolean;
  onMine: (mine: true | undefined) => void;
}) {
  return (
    <Group justify="space-between" gap="sm">
      <Group gap="sm">
        <KeywordFilter
          label={searchLabel}
          placeholder={searchPlaceholder}
          value={keyword}
          onChange={onKeyword}
          width={280}
        />
        <StatusSegments label={statusLabel} data={statuses} value={status} onChange={onStatus} />
      </Group>
      <Switch
        label={mineLabel}
        checked={mine}
        onChange={(event) => onMine(event.currentTarget.checked ? true : undefined)}
      />
    </Group>
  );
}

/** A small search box in a panel's heading, with a button that empties it. */
export function SearchBox({
  label,
  placeholder,
  value,
  onChange,
  width = 220,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  width?: number;
}) {
  return (
    <TextInput
      size="xs"
      w={width}
      placeholder={placeholder}
      aria-label={label}
      leftSection={<IconSearch size={14} />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      rightSection={
        value ? <CloseButton size="xs" aria-label="Clear search" onClick={() => onChange('')} /> : null
      }
    />
  );
}
