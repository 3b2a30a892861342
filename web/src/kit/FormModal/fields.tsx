import {
  type ComboboxItem,
  MultiSelect,
  type MultiSelectProps,
  Select,
  type SelectProps,
  Text,
  Textarea,
  type TextareaProps,
  TextInput,
  type TextInputProps,
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

/** The form a `NumberSelect` reads its value from and writes it to. */
export interface NumberSelectForm<V> {
  getValues(): V;
  setFieldValue(path: never, value: never): void;
  errors: Record<string, ReactNode>;
}

/** A required pick of a numbered value (type, priority, source) bound to a form field. */
export function NumberSelect<V>({
  form,
  field,
  ...props
}: Omit<SelectProps, 'value' | 'onChange' | 'form'> & {
  form: NumberSelectForm<V>;
  field: keyof V & string;
}) {
  return (
    <Select
      allowDeselect={false}
      comboboxProps={COMBOBOX_PROPS}
      value={String(form.getValues()[field])}
      onChange={(value) => value && form.setFieldValue(field as never, Number(value) as never)}
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
  renderOption: (input: { option: ComboboxItem }) => ReactNode;
  label?: string;
}) {
  return (
    <MultiSelect
      label="Tags"
      placeholder={tags.options.length === 0 && !tags.loading ? 'No tags yet' : 'Choose tags'}
      data={tags.options}
      renderOption={renderOption as MultiSelectProps['renderOption']}
      searchable
      clearable
      maxValues={max}
      nothingFoundMessage="No tag matches"
      comboboxProps={COMBOBOX_PROPS}
      {...(input as object)}
    />
  );
}

/** What a form names first (a title, a name): required, and focused when the modal opens. */
/** Past this share of the limit, a counter shows how much room is left. */
const COUNTER_FROM = 0.8;

/**
 * A name or title, required, focused first. With `maxLength` (the shared schema's limit,
 * `maxLengthOf`), nothing longer can be typed or pasted, and a counter ("182 / 200") shows once
 * the text nears the limit.
 */
export function TitleInput({ label = 'Title', maxLength, ...props }: TextInputProps) {
  const length = typeof props.value === 'string' ? props.value.length : 0;
  const counter =
    maxLength !== undefined && length >= maxLength * COUNTER_FROM ? (
      <Text size="xs" c={length >= maxLength ? 'orange' : 'dimmed'} data-testid="title-counter">
        {length} / {maxLength}
      </Text>
    ) : null;
  return (
    <TextInput
      data-autofocus
      label={label}
      withAsterisk
      maxLength={maxLength}
      rightSection={counter}
      rightSectionWidth={counter ? 80 : undefined}
      rightSectionPointerEvents="none"
      {...props}
    />
  );
}

/** What a markdown text of a page says under its label: the page renders the markdown, not HTML. */
export const MARKDOWN_NO_HTML =
  'Markdown: **bold**, lists, [links](https://example.com). HTML is not rendered.';

/** A markdown text: grows with what is written, says that markdown works. */
export function MarkdownTextarea({
  description = 'Markdown: **bold**, lists, [links](https://example.com), `code`.',
  minRows = 4,
  maxRows = 12,
  ...props
}: TextareaProps) {
  return <Textarea description={description} autosize minRows={minRows} maxRows={maxRows} {...props} />;
}

/** A plain text of a few lines (a description, a goal): grows with what is written. */
export function NotesTextarea({ minRows = 3, maxRows = 8, ...props }: TextareaProps) {
  return <Textarea autosize minRows={minRows} maxRows={maxRows} {...props} />;
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

/** What a form with a start and an end date hands `DateRangeInputs`. */
interface DateRangeForm {
  getValues(): { startDate: string | null; endDate: string | null };
  getInputProps(path: 'startDate' | 'endDate'): object;
}

/** Start and end date: the start can not be after the end, nor the end before the start. */
export function DateRangeInputs({
  form,
  clearable = [true, true],
  required,
  end,
}: {
  form: DateRangeForm;
  /** Whether each can be emptied again: [start, end]. */
  clearable?: readonly [boolean, boolean];
  required?: boolean;
  /** More props of the end date (a description). */
  end?: Partial<DateInputProps>;
}) {
  const { startDate, endDate } = form.getValues();
  return (
    <>
      <DayInput
        label="Start date"
        withAsterisk={required}
        clearable={clearable[0]}
        maxDate={endDate ?? undefined}
        {...form.getInputProps('startDate')}
      />
      <DayInput
        label="End date"
        withAsterisk={required}
        clearable={clearable[1]}
        minDate={startDate ?? undefined}
        {...end}
        {...form.getInputProps('endDate')}
      />
    </>
  );
}
