import { Button, Group, Menu, MultiSelect, Paper, Popover, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { IssueKind } from '@shared/domain/work-item-workflow';
import type { IssueBatchBody, IssueRow } from '@shared/schemas/issues';
import { IconChevronDown, IconX } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useBatchEditIssues } from '../../../queries/issues';
import { colorOption, PRIORITY_OPTIONS, useAssigneeOptions, useTagOptions } from './fields';
import { batchStatusOptions } from './status-options';

interface BatchEditBarProps {
  kind: IssueKind;
  projectId: string;
  selected: IssueRow[];
  onDone: () => void;
}

type Changes = IssueBatchBody['changes'];

/** Sets status, priority, assignee or tags of the selected items at once (all or nothing). */
export function BatchEditBar({ kind, projectId, selected, onDone }: BatchEditBarProps) {
  const batch = useBatchEditIssues(projectId);
  const assignees = useAssigneeOptions(projectId);
  const tags = useTagOptions();
  const renderTag = useMemo(() => colorOption(tags.colors), [tags.colors]);
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [tagsOpen, setTagsOpen] = useState(false);
  // Only statuses every selected item may move to: one refused move would fail the whole batch.
  const statuses = batchStatusOptions(
    kind,
    selected.map((row) => row.status),
  );
  const count = selected.length;
  const noun = count === 1 ? 'item' : 'items';

  function apply(changes: Changes, what: string) {
    batch.mutate(
      { ids: selected.map((row) => row.id), changes },
      {
        onSuccess: ({ updated }) => {
          notifications.show({
            color: 'green',
            message: `${what} set on ${updated} ${updated === 1 ? 'item' : 'items'}`,
          });
          setTagsOpen(false);
          onDone();
        },
      },
    );
  }

  const trigger = (label: string) => (
    <Button
      variant="default"
      size="xs"
      rightSection={<IconChevronDown size={14} />}
      disabled={batch.isPending}
    >
      {label}
    </Button>
  );

  return (
    <Paper withBorder p="xs" px="sm" bg="var(--mantine-color-brand-light)" data-testid="batch-bar">
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Text size="sm" fw={600} mr="xs">
            {count} {noun} selected
          </Text>
          <Menu withinPortal position="bottom-start">
            <Menu.Target>{trigger('Set status')}</Menu.Target>
            <Menu.Dropdown>
              {statuses.length === 0 ? (
                <Menu.Label>No status fits every selected item</Menu.Label>
              ) : (
                statuses.map((status) => (
                  <Menu.Item
                    key={status.value}
                    onClick={() => apply({ status: Number(status.value) as Changes['status'] }, 'Status')}
                  >
                    {status.label}
                  </Menu.Item>
                ))
              )}
            </Menu.Dropdown>
          </Menu>
          <Menu withinPortal position="bottom-start">
            <Menu.Target>{trigger('Set priority')}</Menu.Target>
            <Menu.Dropdown>
              {PRIORITY_OPTIONS.map((priority) => (
                <Menu.Item
                  key={priority.value}
                  color={priority.color}
                  onClick={() =>
                    apply({ priority: Number(priority.value) as Changes['priority'] }, 'Priority')
                  }
                >
                  {priority.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          <Menu withinPortal position="bottom-start">
            <Menu.Target>{trigger('Set assignee')}</Menu.Target>
            <Menu.Dropdown mah={320} style={{ overflowY: 'auto' }}>
              <Menu.Item onClick={() => apply({ assigneeId: null }, 'Assignee')}>Unassigned</Menu.Item>
              <Menu.Divider />
              {assignees.options.map((user) => (
                <Menu.Item key={user.value} onClick={() => apply({ assigneeId: user.value }, 'Assignee')}>
                  {user.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          <Popover opened={tagsOpen} onChange={setTagsOpen} withinPortal position="bottom-start" trapFocus>
            <Popover.Target>
              <Button
                variant="default"
                size="xs"
                rightSection={<IconChevronDown size={14} />}
                disabled={batch.isPending}
                onClick={() => setTagsOpen((open) => !open)}
              >
                Set tags
              </Button>
            </Popover.Target>
            <Popover.Dropdown w={300}>
              <Stack gap="xs">
                <MultiSelect
                  label="Tags of the selected items"
                  description="Replaces their tags; leave empty to remove all."
                  data={tags.options}
                  renderOption={renderTag}
                  value={tagIds}
                  onChange={setTagIds}
                  searchable
                  clearable
                  maxValues={10}
                  comboboxProps={{ withinPortal: false, keepMounted: false }}
                />
                <Group justify="flex-end">
                  <Button size="xs" onClick={() => apply({ tagIds }, 'Tags')} loading={batch.isPending}>
                    Apply
                  </Button>
                </Group>
              </Stack>
            </Popover.Dropdown>
          </Popover>
        </Group>
        <Button variant="subtle" size="xs" color="gray" leftSection={<IconX size={14} />} onClick={onDone}>
          Clear selection
        </Button>
      </Group>
    </Paper>
  );
}
