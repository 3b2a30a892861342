import { Avatar, Badge, Text, Tooltip } from '@mantine/core';
import { ISSUE_KIND_LABELS, isIssueKind } from '@shared/domain/work-item-workflow';
import type { IssueRow } from '@shared/schemas/issues';
import type { DragEvent } from 'react';
import { initials } from '../../../components/UserMenu/UserMenu';
import { OpenLink, TextCell } from '../../../kit/ListTable/cells';
import { type ListColumn, ListTable, type RowPicker } from '../../../kit/ListTable/ListTable';
import { displayName, PriorityBadge, StatusBadge, UserChip } from '../work-items/WorkItemBadges';

/** The drag payload type of backlog rows (their ids, JSON). */
export const DRAG_TYPE = 'application/x-work-item-ids';

const KIND_COLORS = { 1: 'violet', 2: 'blue', 3: 'red' } as const;

interface SprintItemTableProps {
  rows: IssueRow[];
  /** Present when rows can be selected (planning, the backlog). */
  selection?: RowPicker<IssueRow> & { selected: ReadonlySet<string> };
  onOpen?: (row: IssueRow) => void;
  /** Rows can be dragged (onto the sprint pane): the drag carries the selection when the row is in it. */
  draggable?: boolean;
  /** Fewer columns for the planning panes. */
  compact?: boolean;
  testId?: string;
}

function KindBadge({ kind }: { kind: number }) {
  if (!isIssueKind(kind)) return null;
  return (
    <Badge size="xs" variant="light" color={KIND_COLORS[kind]} tt="none" style={{ flexShrink: 0 }}>
      {ISSUE_KIND_LABELS[kind].one}
    </Badge>
  );
}

/** The planning panes are narrow: the assignee shows as initials, the name on hover. */
function AssigneeAvatar({ user }: { user: IssueRow['assignee'] }) {
  const name = user ? displayName(user) : 'Unassigned';
  return (
    <Tooltip label={name}>
      <Avatar size={24} radius="xl" color={user ? 'brand' : 'gray'} aria-label={name}>
        {user ? initials(name) : '–'}
      </Avatar>
    </Tooltip>
  );
}

/** Demands, tasks and bugs together: each status reads in its own kind's words. */
export function SprintItemTable({
  rows,
  selection,
  onOpen,
  draggable,
  compact,
  testId,
}: SprintItemTableProps) {
  function onDragStart(event: DragEvent<HTMLTableRowElement>, row: IssueRow) {
    const inSelection = selection?.selected.has(row.id) ?? false;
    const ids = inSelection ? [...(selection?.selected ?? [])] : [row.id];
    event.dataTransfer.setData(DRAG_TYPE, JSON.stringify(ids));
    event.dataTransfer.effectAllowed = 'move';
  }

  const columns: ListColumn<IssueRow>[] = [
    { key: 'title', title: 'Title', role: 'title', render: (row) => <TitleCell row={row} onOpen={onOpen} /> },
    {
      key: 'status',
      title: 'Status',
      render: (row) =>
        isIssueKind(row.pmIssueType) ? (
          <StatusBadge kind={row.pmIssueType} status={row.status} size="sm" />
        ) : (
          <Text size="sm">{row.statusName}</Text>
        ),
    },
    ...(compact
      ? []
      : [
          {
            key: 'priority',
            title: 'Priority',
            render: (row: IssueRow) => <PriorityBadge priority={row.priority} size="sm" />,
          },
        ]),
    {
      key: 'assignee',
      title: compact ? 'Who' : 'Assignee',
      width: compact ? 60 : undefined,
      role: compact ? undefined : 'secondary',
      render: (row) => (compact ? <AssigneeAvatar user={row.assignee} /> : <UserChip user={row.assignee} />),
    },
    {
      key: 'estimate',
      title: 'Estimate',
      align: 'right',
      // A planning pane is narrow: the estimate gives way before the title is squeezed.
      role: compact ? 'secondary' : undefined,
      render: (row) => <TextCell value={row.estimatedHours === null ? null : `${row.estimatedHours} h`} />,
    },
  ];
  return (
    <ListTable
      rows={rows}
      columns={columns}
      testId={testId}
      rowTestId={(row) => `sprint-item-${row.issueNumber}`}
      rowTitle={(row) => `#${row.issueNumber} ${row.title}`}
      compact
      onOpen={onOpen ?? selection?.toggle}
      selection={
        selection && {
          ...selection,
          allLabel: 'Select all shown items',
          rowLabel: (row) => `Select #${row.issueNumber}`,
        }
      }
      rowAttributes={
        draggable
          ? (row) => ({
              draggable: true,
              style: { cursor: 'grab' },
              onDragStart: (event: DragEvent<HTMLTableRowElement>) => onDragStart(event, row),
            })
          : undefined
      }
    />
  );
}

function TitleCell({ row, onOpen }: { row: IssueRow; onOpen?: (row: IssueRow) => void }) {
  return (
    <Text size="sm">
      <Text span c="dimmed" size="sm">
        #{row.issueNumber}
      </Text>{' '}
      {onOpen ? (
        <OpenLink onOpen={() => onOpen(row)}>{row.title}</OpenLink>
      ) : (
        <Text span size="sm" fw={550}>
          {row.title}
        </Text>
      )}{' '}
      <KindBadge kind={row.pmIssueType} />
    </Text>
  );
}
