import { Text, Tooltip } from '@mantine/core';
import { CLOSED_ISSUE_STATUS, type IssueKind } from '@shared/domain/work-item-workflow';
import type { IssueRow } from '@shared/schemas/issues';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { ShortDate } from '../../../components/RelativeTime/ShortDate';
import { type ListColumn, ListTable, type RowPicker, type TableSort } from '../../../kit/ListTable/ListTable';
import { PriorityBadge, StatusBadge, TagBadges, UserChip } from './WorkItemBadges';
import { WorkItemLink } from './WorkItemLink';

interface WorkItemTableProps {
  kind: IssueKind;
  projectId: string;
  rows: IssueRow[];
  /** Present when rows can be selected for a batch edit. */
  selection?: RowPicker<IssueRow>;
  /** Headers that sort (Priority, Assignee, End date, Updated) change the list's sort. */
  sort?: TableSort;
  onOpen: (row: IssueRow) => void;
}

/** Past its end date and not closed yet. */
function isOverdue(row: IssueRow): boolean {
  return (
    row.endDate !== null && row.status !== CLOSED_ISSUE_STATUS && dayjs(row.endDate).isBefore(dayjs(), 'day')
  );
}

function endDateCell(row: IssueRow) {
  if (!row.endDate) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  if (!isOverdue(row))
    return (
      <Text size="sm">
        <ShortDate value={row.endDate} />
      </Text>
    );
  return (
    <Tooltip label="Overdue">
      <Text size="sm" c="red" fw={550}>
        <ShortDate value={row.endDate} />
      </Text>
    </Tooltip>
  );
}

function workItemColumns(kind: IssueKind, projectId: string): ListColumn<IssueRow>[] {
  return [
    {
      key: 'title',
      title: 'Title',
      role: 'title',
      render: (row) => (
        <>
          <WorkItemLink item={row} projectId={projectId} size="sm" fw={550} c="var(--mantine-color-text)">
            <Text span c="dimmed" size="sm">
              #{row.issueNumber}
            </Text>{' '}
            {row.title}
          </WorkItemLink>
          {row.childCount > 0 && (
            <Text size="xs" c="dimmed">
              {row.childCount} {row.childCount === 1 ? 'child' : 'children'}
            </Text>
          )}
        </>
      ),
    },
    { key: 'status', title: 'Status', render: (row) => <StatusBadge kind={kind} status={row.status} /> },
    {
      key: 'priority',
      title: 'Priority',
      sortable: true,
      render: (row) => <PriorityBadge priority={row.priority} />,
    },
    {
      key: 'assigneeInitials',
      title: 'Assignee',
      role: 'secondary',
      sortable: true,
      render: (row) => <UserChip user={row.assignee} />,
    },
    { key: 'tags', title: 'Tags', role: 'tertiary', render: (row) => <TagBadges tags={row.tags} max={2} /> },
    { key: 'endDate', title: 'End date', role: 'secondary', sortable: true, render: endDateCell },
    {
      key: 'updatedAt',
      title: 'Updated',
      sortable: true,
      render: (row) => <RelativeTime value={row.updatedAt} size="sm" />,
    },
  ];
}

export function WorkItemTable({ kind, projectId, rows, selection, sort, onOpen }: WorkItemTableProps) {
  const columns = useMemo(() => workItemColumns(kind, projectId), [kind, projectId]);
  return (
    <ListTable
      rows={rows}
      columns={columns}
      testId="work-item-table"
      rowTestId={(row) => `work-item-row-${row.issueNumber}`}
      rowTitle={(row) => `#${row.issueNumber} ${row.title}`}
      onOpen={onOpen}
      sort={sort}
      selection={
        selection && {
          ...selection,
          allLabel: 'Select all loaded items',
          rowLabel: (row) => `Select #${row.issueNumber}`,
        }
      }
    />
  );
}
