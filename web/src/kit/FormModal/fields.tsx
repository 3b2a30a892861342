import {
  type ComboboxItem,
  MultiSelect,
  Select,
  type SelectProps,
  Textarea,
  type TextareaProps,
} from '@mantine/core';
import { DateInput, type DateInputProps } from '@mantine/dates';
import type { ReactNode } from 'react';

/**
 * Dropdowns mount only while open. Mantine keeps a closed combobox's listbox in the page (hidden),
 * and the listbox carries the field's label: a label lookup would then find two elements.
 */
export const COMBOBOX_PROPS = { withinPortal: true, keepMounted: false } as const;

/** Options a hook loads (members, modules, sprints): while loading the placeholder says so. */
export interface LoadedOptions {
  options: ComboboxItem[];
  loading?: boolean;
}

/** What `form.getInputProps(path)` hands a field. */
type InputProps = {
  value?: unknown;
  onChange?: unknown;
  error?: ReactNode;
  onBlur?: unknown;
  onFocus?: unknown;
};

/** A searchable, clearable pick of one loaded option ("No owner" when none). */
export function OptionSelect({
  options,
  empty,
  nothingFound,
  ...props
}: Omit<SelectProps, 'data'> & {
  options: LoadedOptions;
  /** Placeholder while nothing is picked: "No owner", "None". */
  empty: string;
  nothingFound: string;
}) {
  return (
    <Select
      placeholder={options.loading ? 'Loading…' : empty}
      data={options.options}
      searchable
      clearable
      nothingFoundMessage={nothingFound}
      comboboxProps={COMBOBOX_PROPS}
      {...props}
    />
  );
}

/** A required pick of a numbered value (type, priority, source) bound to a form field. */
export function NumberSelect<V extends Record<string, unknown>>({
  form,
  field,
  ...props
}: Omit<SelectProps, 'value' | 'onChange'> & {
  form: {
    getValues(): V;
    setFieldValue(path: never, value: number): void;
    errors: Record<string, ReactNode>;
  };
  field: keyof V & string;
}) {
  return (
    <Select
      allowDeselect={false}
      comboboxProps={COMBOBOX_PROPS}
      value={String(form.getValues()[field])}
      onChange={(value) => value && form.setFieldValue(field as never, Number(value))}
      error={form.errors[field]}
      {...props}
    />
  );
}

/** Tags to pick from the enterprise's tags, at most `max`. */
export function TagsSelect({
  tags,
  max,
  renderOption,
  ...input
}: InputProps & {
  tags: LoadedOptions;
  max: number;
  renderOption: Parameters<typeof MultiSelect>[0]['renderOption'];
  label?: string;
}) {
  return (
    <MultiSelect
      label="Tags"
      placeholder={tags.options.length === 0 && !tags.loading ? 'No tags yet' : 'Choose tags'}
      data={tags.options}
      renderOption={renderOption}
      searchable
      clearable
      maxValues={max}
      nothingFoundMessage="No tag matches"
      comboboxProps={COMBOBOX_PROPS}
      {...(input as object)}
    />
  );
}

/** A markdown text: grows with what is written, says that markdown works. */
export function MarkdownTextarea({
  description = 'Markdown: **bold**, lists, [links](https://example.com), `code`.',
  minRows = 4,
  maxRows = 12,
  ...props
}: TextareaProps) {
  return <Textarea description={description} autosize minRows={minRows} maxRows={maxRows} {...props} />;
}

/** A date typed or picked as YYYY-MM-DD. */
export function DayInput(props: DateInputProps) {
  return (
    <DateInput
      valueFormat="YYYY-MM-DD"
      placeholder="YYYY-MM-DD"
      popoverProps={{ withinPortal: true }}
      {...props}
    />
  );
}
