import {
  ColorSwatch,
  type ComboboxItem,
  Group,
  NumberInput,
  type NumberInputProps,
  Text,
} from '@mantine/core';
import { PRIORITIES } from '@shared/domain/priorities';
import { useQuery } from '@tanstack/react-query';
import { type ComponentProps, useMemo } from 'react';
import { MultiFilter } from '../../../kit/FilterBar/FilterBar';
import { NumberSelect, type NumberSelectForm, OptionSelect } from '../../../kit/FormModal/fields';
import { issueTagsQueryOptions } from '../../../queries/issues';
import { projectUsersQueryOptions } from '../../../queries/projects';

/** Options of the pickers the create form, the detail and the filters share. */

/**
 * Dropdowns mount only while open. Mantine keeps a closed combobox's listbox in the page (hidden),
 * and the listbox carries the field's label: a label lookup would then find two elements.
 */
export const COMBOBOX_PROPS = { withinPortal: true, keepMounted: false } as const;

export const PRIORITY_OPTIONS = PRIORITIES.map((priority) => ({
  value: String(priority.id),
  label: priority.label,
  color: priority.color,
}));

/** An option with its colour in front (priorities, tags). */
export function colorOption(colors: Record<string, string>) {
  return ({ option }: { option: ComboboxItem }) => (
    <Group gap="xs" wrap="nowrap">
      <ColorSwatch
        color={`var(--mantine-color-${colors[option.value] ?? 'gray'}-6)`}
        size={10}
        withShadow={false}
      />
      <Text size="sm">{option.label}</Text>
    </Group>
  );
}

export const renderPriorityOption = colorOption(
  Object.fromEntries(PRIORITY_OPTIONS.map((option) => [option.value, option.color])),
);

/** A form's priority, with each option's colour. */
export function PrioritySelect<V extends { priority: number }>({ form }: { form: NumberSelectForm<V> }) {
  return (
    <NumberSelect
      form={form}
      field="priority"
      label="Priority"
      data={PRIORITY_OPTIONS}
      renderOption={renderPriorityOption}
    />
  );
}

/** An estimate in hours, in half hours up to 10,000; empty is not estimated. */
export function EstimateInput(props: NumberInputProps) {
  return (
    <NumberInput
      label="Estimate (hours)"
      placeholder="Not estimated"
      min={0}
      max={10_000}
      step={0.5}
      decimalScale={2}
      {...props}
    />
  );
}

/** Any of the priorities, kept in the URL as numbers. */
export function PriorityFilter({
  value,
  onChange,
}: {
  value: readonly number[] | undefined;
  onChange: (priority: number[] | undefined) => void;
}) {
  return (
    <MultiFilter
      label="Filter by priority"
      placeholder="Priority"
      numeric
      data={PRIORITY_OPTIONS}
      renderOption={renderPriorityOption}
      value={value}
      onChange={onChange}
    />
  );
}

/** What a tag filter (one tag or several) shows: the tags with their colours, and when none match. */
export function useTagFilterProps(tags: { options: ComboboxItem[]; colors: Record<string, string> }) {
  const renderOption = useMemo(() => colorOption(tags.colors), [tags.colors]);
  return {
    label: 'Filter by tag',
    placeholder: 'Tag',
    data: tags.options,
    renderOption,
    nothingFoundMessage: tags.options.length === 0 ? 'No tags yet' : 'No tag matches',
  };
}

/** The project's members as assignee options (`GET pmsProject/userList`). */
export function useAssigneeOptions(projectId: string) {
  const users = useQuery(projectUsersQueryOptions(projectId));
  const options = (users.data ?? []).map((user) => ({
    value: user.userId,
    label: user.nickname || user.login,
  }));
  return { options, loading: users.isPending };
}

/**
 * A form's pick of one of the project's members, or nobody (an assignee, a sheet's owner);
 * `empty` is what nobody reads as.
 */
export function ProjectMemberSelect({
  projectId,
  ...props
}: { projectId: string } & Omit<ComponentProps<typeof OptionSelect>, 'options' | 'nothingFound'>) {
  const members = useAssigneeOptions(projectId);
  return <OptionSelect options={members} nothingFound="No project member matches" {...props} />;
}

/** The enterprise's tags as options, and their colours for rendering. */
export function useTagOptions() {
  const tags = useQuery(issueTagsQueryOptions());
  const options = (tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name }));
  const colors = Object.fromEntries((tags.data ?? []).map((tag) => [tag.id, tag.color]));
  return { options, colors, loading: tags.isPending, tags: tags.data ?? [] };
}

/** A form's assignee: one of the project's members, or "Unassigned". */
export function AssigneeSelect({
  projectId,
  form,
}: {
  projectId: string;
  form: { getInputProps(path: 'assigneeId'): object };
}) {
  return (
    <ProjectMemberSelect
      projectId={projectId}
      label="Assignee"
      empty="Unassigned"
      {...form.getInputProps('assigneeId')}
    />
  );
}
