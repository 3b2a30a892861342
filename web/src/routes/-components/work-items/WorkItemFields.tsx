import { MultiSelect, Select, type SelectProps, SimpleGrid } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useDebouncedCallback, useDebouncedValue } from '@mantine/hooks';
import { isIssueKind } from '@shared/domain/work-item-workflow';
import type { IssueDetail, IssueUpdateBody } from '@shared/schemas/issues';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { optionalParentsQueryOptions } from '../../../queries/issues';
import {
  COMBOBOX_PROPS,
  colorOption,
  EstimateInput,
  PRIORITY_OPTIONS,
  renderPriorityOption,
  useAssigneeOptions,
  useTagOptions,
} from './fields';
import type { SaveIssue } from './save-issue';
import { statusOptions } from './status-options';

interface FieldsProps {
  issue: IssueDetail;
  projectId: string;
  editor: SaveIssue;
  canEdit: boolean;
  /** Two columns in the drawer, one in the side panel of the full page. */
  columns: number;
}

/** What each field gets: the item, how a change saves, and whether it may be changed. */
interface FieldProps {
  issue: IssueDetail;
  editor: SaveIssue;
  readOnly: boolean;
}

/** The state every field's input shows: read-only without the permission, disabled while saving. */
const inputState = ({ editor, readOnly }: FieldProps) => ({ readOnly, disabled: editor.saving });

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value) => b.includes(value));

/** Status, priority, assignee, tags, dates, estimate and parent; each change saves at once. */
export function WorkItemFields({ issue, projectId, editor, canEdit, columns }: FieldsProps) {
  const field: FieldProps = { issue, editor, readOnly: !canEdit };
  const kind = isIssueKind(issue.pmIssueType) ? issue.pmIssueType : 1;
  const assignees = useAssigneeOptions(projectId);
  const assigneeOptions = useMemo(() => {
    // The current assignee stays readable even after leaving the project.
    const current = issue.assignee;
    if (!current || assignees.options.some((option) => option.value === current.userId))
      return assignees.options;
    return [...assignees.options, { value: current.userId, label: current.nickname || current.login }];
  }, [assignees.options, issue.assignee]);

  return (
    <SimpleGrid cols={columns} spacing="md" verticalSpacing="sm">
      <NumberField
        {...field}
        label="Status"
        name="status"
        // Only where the workflow lets the item go from here (detail.nextStatuses).
        data={statusOptions(kind, issue.status, issue.nextStatuses)}
      />
      <NumberField
        {...field}
        label="Priority"
        name="priority"
        data={PRIORITY_OPTIONS}
        renderOption={renderPriorityOption}
      />
      <PickField
        field={field}
        label="Assignee"
        placeholder="Unassigned"
        nothingFoundMessage="No project member matches"
        data={assigneeOptions}
        value={issue.assignee?.userId ?? null}
        onPick={(assigneeId) => editor.save({ assigneeId })}
      />
      <TagsField {...field} />
      {DATE_FIELDS.map(({ name, label, bounds }) => (
        <DateField
          {...field}
          key={`${name}:${issue.id}:${issue.version}`}
          label={label}
          name={name}
          {...bounds(issue)}
        />
      ))}
      <EstimateField {...field} key={`${issue.id}:${issue.version}`} />
      <ParentField {...field} />
    </SimpleGrid>
  );
}

/** A field of numbered values (status, priority): a new value saves at once. */
function NumberField({
  name,
  issue,
  editor,
  readOnly,
  ...props
}: Omit<SelectProps, 'value' | 'onChange' | 'disabled' | 'readOnly'> &
  FieldProps & {
    name: 'status' | 'priority';
  }) {
  return (
    <Select
      value={String(issue[name])}
      allowDeselect={false}
      {...inputState({ issue, editor, readOnly })}
      comboboxProps={COMBOBOX_PROPS}
      onChange={(value) =>
        value &&
        Number(value) !== issue[name] &&
        void editor.save({ [name]: Number(value) } as Pick<IssueUpdateBody, typeof name>)
      }
      {...props}
    />
  );
}

/** A searchable pick of one (a person, an item) or none, saved as soon as it changes. */
function PickField({
  field,
  value,
  onPick,
  ...props
}: Omit<SelectProps, 'onChange' | 'value'> & {
  field: FieldProps;
  value: string | null;
  onPick: (value: string | null) => Promise<unknown>;
}) {
  return (
    <Select
      value={value}
      searchable
      clearable
      {...inputState(field)}
      comboboxProps={COMBOBOX_PROPS}
      onChange={(next) => next !== value && void onPick(next)}
      {...props}
    />
  );
}

/** Tags save when the dropdown closes (one save for several picks), or at once when a pill is removed. */
function TagsField(field: FieldProps) {
  const { issue, editor, readOnly } = field;
  const tags = useTagOptions();
  const renderTag = useMemo(() => colorOption(tags.colors), [tags.colors]);
  const saved = useMemo(() => issue.tags.map((tag) => tag.id), [issue.tags]);
  const [draft, setDraft] = useState<string[] | null>(null);
  const [open, setOpen] = useState(false);
  const value = draft ?? saved;
  const options = useMemo(() => {
    const known = new Set(tags.options.map((option) => option.value));
    return [
      ...tags.options,
      ...issue.tags.filter((tag) => !known.has(tag.id)).map((tag) => ({ value: tag.id, label: tag.name })),
    ];
  }, [tags.options, issue.tags]);

  async function commit(tagIds: string[]) {
    if (sameSet(tagIds, saved)) return setDraft(null);
    await editor.save({ tagIds });
    setDraft(null);
  }

  return (
    <MultiSelect
      label="Tags"
      placeholder={value.length === 0 ? 'No tags' : undefined}
      data={options}
      renderOption={renderTag}
      value={value}
      searchable
      clearable={!readOnly}
      {...inputState(field)}
      maxValues={10}
      nothingFoundMessage={tags.options.length === 0 ? 'The enterprise has no tags yet' : 'No tag matches'}
      comboboxProps={COMBOBOX_PROPS}
      onDropdownOpen={() => setOpen(true)}
      onDropdownClose={() => {
        setOpen(false);
        if (draft) void commit(draft);
      }}
      onChange={(tagIds) => {
        if (open) setDraft(tagIds);
        else void commit(tagIds);
      }}
    />
  );
}

/** The start and end dates, each bounded by the other. */
const DATE_FIELDS = [
  { name: 'startDate', label: 'Start date', bounds: (issue: IssueDetail) => ({ maxDate: issue.endDate }) },
  { name: 'endDate', label: 'End date', bounds: (issue: IssueDetail) => ({ minDate: issue.startDate }) },
] as const;

interface DateFieldProps extends FieldProps {
  label: string;
  name: 'startDate' | 'endDate';
  minDate?: string | null;
  maxDate?: string | null;
}

/**
 * A date saves a moment after the last change, or when the field is left: typing "2026-12-15"
 * passes through "2026-12-1", which is a date too, and must not be saved on the way.
 */
function DateField({ label, name, minDate, maxDate, ...field }: DateFieldProps) {
  const { issue, editor } = field;
  const [draft, setDraft] = useState<string | null>(issue[name]);
  const commit = useDebouncedCallback(
    (value: string | null) => {
      if (value !== issue[name]) void editor.save({ [name]: value });
    },
    { delay: 700, flushOnUnmount: true },
  );
  return (
    <DateInput
      label={label}
      valueFormat="YYYY-MM-DD"
      placeholder="Not set"
      value={draft}
      clearable
      {...inputState(field)}
      minDate={minDate ?? undefined}
      maxDate={maxDate ?? undefined}
      popoverProps={{ withinPortal: true }}
      onChange={(value) => {
        setDraft(value);
        commit(value);
      }}
      onBlur={() => commit.flush()}
    />
  );
}

/** The estimate saves when the field is left or Enter is pressed. */
function EstimateField(field: FieldProps) {
  const { issue, editor } = field;
  const [value, setValue] = useState<number | string>(issue.estimatedHours ?? '');
  function commit() {
    const hours = typeof value === 'number' ? value : null;
    if (hours !== issue.estimatedHours) void editor.save({ estimatedHours: hours });
  }
  return (
    <EstimateInput
      value={value}
      onChange={setValue}
      {...inputState(field)}
      onBlur={commit}
      onKeyDown={(event) => event.key === 'Enter' && commit()}
    />
  );
}

/** The parent: any item of the project that is not this one or below it (the server says which). */
function ParentField(field: FieldProps) {
  const { issue, editor, readOnly } = field;
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const currentLabel = issue.parent ? `#${issue.parent.issueNumber} ${issue.parent.title}` : '';
  // Showing the chosen parent puts its label in the search box; that is not a search.
  const typed = search === currentLabel ? '' : search.trim();
  const [keyword] = useDebouncedValue(typed, 250);
  const parents = useQuery({
    ...optionalParentsQueryOptions(issue.id, keyword),
    enabled: opened && !readOnly,
  });
  const options = useMemo(() => {
    const rows = (parents.data ?? []).map((ref) => ({
      value: ref.id,
      label: `#${ref.issueNumber} ${ref.title}`,
    }));
    if (issue.parent && !rows.some((row) => row.value === issue.parent?.id)) {
      rows.unshift({ value: issue.parent.id, label: currentLabel });
    }
    return rows;
  }, [parents.data, issue.parent, currentLabel]);

  return (
    <PickField
      field={field}
      label="Parent"
      placeholder="No parent"
      nothingFoundMessage={parents.isFetching ? 'Searching…' : 'No item can be the parent'}
      data={options}
      value={issue.parent?.id ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      // The server has filtered already (keyword, not itself, not its descendants).
      filter={({ options: all }) => all}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      onPick={(parentId) => editor.save({ parentId })}
    />
  );
}
