import { Avatar, Badge, Checkbox, Table, Text, Tooltip } from '@mantine/core';
import { ISSUE_KIND_LABELS, isIssueKind } from '@shared/domain/work-item-workflow';
import type { IssueRow } from '@shared/schemas/issues';
import type { DragEvent } from 'react';
import { initials } from '../../../components/UserMenu/UserMenu';
import { displayName, PriorityBadge, StatusBadge, UserChip } from '../work-items/WorkItemBadges';

/** The drag payload type of backlog rows (their ids, JSON). */
export const DRAG_TYPE = 'application/x-work-item-ids';

const KIND_COLORS = { 1: 'violet', 2: 'blue', 3: 'red' } as const;
const NOWRAP = { whiteSpace: 'nowrap' } as const;

interface SprintItemTableProps {
  rows: IssueRow[];
  /** Present when rows can be selected (planning, the backlog). */
  selection?: {
    selected: ReadonlySet<string>;
    toggle: (row: IssueRow) => void;
    toggleAll: (rows: IssueRow[]) => void;
  };
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
  const selectedCount = selection ? rows.filter((row) => selection.selected.has(row.id)).length : 0;

  function onDragStart(event: DragEvent<HTMLTableRowElement>, row: IssueRow) {
    const inSelection = selection?.selected.has(row.id) ?? false;
    const ids = inSelection ? [...(selection?.selected ?? [])] : [row.id];
    event.dataTransfer.setData(DRAG_TYPE, JSON.stringify(ids));
    event.dataTransfer.effectAllowed = 'move';
  }

  return (
    <Table.ScrollContainer minWidth={compact ? 380 : 760}>
      <Table verticalSpacing={8} highlightOnHover data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th w={36}>
                <Checkbox
                  aria-label="Select all shown items"
                  checked={selectedCount > 0 && selectedCount === rows.length}
                  indeterminate={selectedCount > 0 && selectedCount < rows.length}
                  onChange={() => selection.toggleAll(rows)}
                />
              </Table.Th>
            )}
            <Table.Th>Title</Table.Th>
            <Table.Th style={NOWRAP}>Status</Table.Th>
            {!compact && <Table.Th style={NOWRAP}>Priority</Table.Th>}
            <Table.Th style={NOWRAP} w={compact ? 48 : undefined}>
              {compact ? 'Who' : 'Assignee'}
            </Table.Th>
            <Table.Th style={NOWRAP} ta="right">
              Estimate
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const selected = selection?.selected.has(row.id) ?? false;
            return (
              <Table.Tr
                key={row.id}
                data-testid={`sprint-item-${row.issueNumber}`}
                bg={selected ? 'var(--mantine-color-brand-light)' : undefined}
                style={{ cursor: onOpen ? 'pointer' : draggable ? 'grab' : undefined }}
                draggable={draggable}
                onDragStart={draggable ? (event) => onDragStart(event, row) : undefined}
                onClick={(event) => {
                  const target = event.target as HTMLElement;
                  if (target.closest('a, button, input, label')) return;
                  if (onOpen) onOpen(row);
                  else selection?.toggle(row);
                }}
              >
                {selection && (
                  <Table.Td>
                    <Checkbox
                      aria-label={`Select #${row.issueNumber}`}
                      checked={selected}
                      onChange={() => selection.toggle(row)}
                    />
                  </Table.Td>
                )}
                <Table.Td>
                  <Text size="sm" lineClamp={2}>
                    <Text span c="dimmed" size="sm">
                      #{row.issueNumber}
                    </Text>{' '}
                    {onOpen ? (
                      <Text
                        span
                        size="sm"
                        fw={550}
                        component="a"
                        href="#"
                        c="var(--mantine-color-text)"
                        onClick={(event) => {
                          event.preventDefault();
                          onOpen(row);
                        }}
                      >
                        {row.title}
                      </Text>
                    ) : (
                      <Text span size="sm" fw={550}>
                        {row.title}
                      </Text>
                    )}{' '}
                    <KindBadge kind={row.pmIssueType} />
                  </Text>
                </Table.Td>
                <Table.Td style={NOWRAP}>
                  {isIssueKind(row.pmIssueType) ? (
                    <StatusBadge kind={row.pmIssueType} status={row.status} size="sm" />
                  ) : (
                    <Text size="sm">{row.statusName}</Text>
                  )}
                </Table.Td>
                {!compact && (
                  <Table.Td style={NOWRAP}>
                    <PriorityBadge priority={row.priority} size="sm" />
                  </Table.Td>
                )}
                <Table.Td maw={160}>
                  {compact ? <AssigneeAvatar user={row.assignee} /> : <UserChip user={row.assignee} />}
                </Table.Td>
                <Table.Td ta="right" style={NOWRAP}>
                  <Text size="sm" c={row.estimatedHours === null ? 'dimmed' : undefined}>
                    {row.estimatedHours === null ? '—' : `${row.estimatedHours} h`}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
