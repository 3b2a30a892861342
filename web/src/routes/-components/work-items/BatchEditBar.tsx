import { Button, Group, Menu, MultiSelect, Stack } from '@mantine/core';
import type { IssueKind } from '@shared/domain/work-item-workflow';
import type { IssueBatchBody, IssueRow } from '@shared/schemas/issues';
import { useMemo, useState } from 'react';
import { BatchBar, BatchMenu, BatchPopover } from '../../../kit/BatchBar/BatchBar';
import { useBatchEditIssues } from '../../../queries/issues';
import { batchApply } from './batch-apply';
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

  const apply = batchApply(
    batch,
    selected.map((row) => row.id),
    ['item', 'items'],
    () => {
      setTagsOpen(false);
      onDone();
    },
  );

  return (
    <BatchBar count={count} noun={['item', 'items']} onClear={onDone}>
      <BatchMenu
        label="Set status"
        disabled={batch.isPending}
        options={statuses}
        emptyLabel="No status fits every selected item"
        onPick={(value) => apply({ status: Number(value) as Changes['status'] }, 'Status set')}
      />
      <BatchMenu
        label="Set priority"
        disabled={batch.isPending}
        options={PRIORITY_OPTIONS}
        onPick={(value) => apply({ priority: Number(value) as Changes['priority'] }, 'Priority set')}
      />
      <BatchMenu
        label="Set assignee"
        disabled={batch.isPending}
        options={assignees.options}
        before={
          <>
            <Menu.Item onClick={() => apply({ assigneeId: null }, 'Assignee set')}>Unassigned</Menu.Item>
            <Menu.Divider />
          </>
        }
        onPick={(value) => apply({ assigneeId: value }, 'Assignee set')}
      />
      <BatchPopover label="Set tags" opened={tagsOpen} onChange={setTagsOpen} disabled={batch.isPending}>
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
            <Button size="xs" onClick={() => apply({ tagIds }, 'Tags set')} loading={batch.isPending}>
              Apply
            </Button>
          </Group>
        </Stack>
      </BatchPopover>
    </BatchBar>
  );
}
