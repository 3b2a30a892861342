import { Checkbox, Table, Text, Tooltip } from '@mantine/core';
import { CLOSED_ISSUE_STATUS, type IssueKind } from '@shared/domain/work-item-workflow';
import { formatShortDate } from '@shared/format';
import type { IssueRow } from '@shared/schemas/issues';
import dayjs from 'dayjs';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { PriorityBadge, StatusBadge, TagBadges, UserChip } from './WorkItemBadges';
import { WorkItemLink } from './WorkItemLink';

interface WorkItemTableProps {
  kind: IssueKind;
  projectId: string;
  rows: IssueRow[];
  /** Present when rows can be selected for a batch edit. */
  selection?: {
    selected: ReadonlySet<string>;
    toggle: (row: IssueRow) => void;
    toggleAll: (rows: IssueRow[]) => void;
  };
  onOpen: (row: IssueRow) => void;
}

/** Badges, dates and times read best on one line; the title takes what is left and wraps. */
const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** Past its end date and not closed yet. */
function isOverdue(row: IssueRow): boolean {
  return (
    row.endDate !== null && row.status !== CLOSED_ISSUE_STATUS && dayjs(row.endDate).isBefore(dayjs(), 'day')
  );
}

export function WorkItemTable({ kind, projectId, rows, selection, onOpen }: WorkItemTableProps) {
  const selectedCount = selection ? rows.filter((row) => selection.selected.has(row.id)).length : 0;
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table verticalSpacing={10} data-testid="work-item-table">
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Select all loaded items"
                  checked={selectedCount > 0 && selectedCount === rows.length}
                  indeterminate={selectedCount > 0 && selectedCount < rows.length}
                  onChange={() => selection.toggleAll(rows)}
                />
              </Table.Th>
            )}
            <Table.Th miw={260}>Title</Table.Th>
            <Table.Th style={NOWRAP}>Status</Table.Th>
            <Table.Th style={NOWRAP}>Priority</Table.Th>
            <Table.Th style={NOWRAP}>Assignee</Table.Th>
            <Table.Th style={NOWRAP}>Tags</Table.Th>
            <Table.Th style={NOWRAP}>End date</Table.Th>
            <Table.Th style={NOWRAP}>Updated</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const selected = selection?.selected.has(row.id) ?? false;
            return (
              <Table.Tr
                key={row.id}
                data-testid={`work-item-row-${row.issueNumber}`}
                bg={selected ? 'var(--mantine-color-brand-light)' : undefined}
                style={{ cursor: 'pointer' }}
                // A click anywhere on the row opens the item; the title link is the keyboard way.
                onClick={(event) => {
                  const target = event.target as HTMLElement;
                  if (target.closest('a, button, input, label')) return;
                  onOpen(row);
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
                  <WorkItemLink
                    item={row}
                    projectId={projectId}
                    size="sm"
                    fw={550}
                    c="var(--mantine-color-text)"
                    lineClamp={2}
                  >
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
                </Table.Td>
                <Table.Td style={NOWRAP}>
                  <StatusBadge kind={kind} status={row.status} />
                </Table.Td>
                <Table.Td style={NOWRAP}>
                  <PriorityBadge priority={row.priority} />
                </Table.Td>
                <Table.Td>
                  <UserChip user={row.assignee} />
                </Table.Td>
                <Table.Td>
                  <TagBadges tags={row.tags} max={2} />
                </Table.Td>
                <Table.Td>
                  {row.endDate ? (
                    isOverdue(row) ? (
                      <Tooltip label="Overdue">
                        <Text size="sm" c="red" fw={550}>
                          {formatShortDate(row.endDate)}
                        </Text>
                      </Tooltip>
                    ) : (
                      <Text size="sm">{formatShortDate(row.endDate)}</Text>
                    )
                  ) : (
                    <Text size="sm" c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={NOWRAP}>
                  <RelativeTime value={row.updatedAt} size="sm" />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
