import { Badge, Checkbox, Group, Table, Text, Tooltip } from '@mantine/core';
import { caseCode } from '@shared/domain/testing';
import type { SheetCaseRow } from '@shared/schemas/testruns';
import { IconBug } from '@tabler/icons-react';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { displayName, PriorityBadge } from '../work-items/WorkItemBadges';
import { ResultActions } from './ResultActions';
import { ResultBadge } from './ResultBadges';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

interface SheetCaseTableProps {
  projectId: string;
  rows: SheetCaseRow[];
  selected: ReadonlySet<string>;
  onToggle: (row: SheetCaseRow) => void;
  onToggleAll: (rows: SheetCaseRow[]) => void;
  onOpen: (row: SheetCaseRow) => void;
  /** Shows the quick result buttons (test:sheet:execute). */
  canExecute: boolean;
}

/** A sheet's cases with their latest results; a click opens the case, the buttons record a result. */
export function SheetCaseTable({
  projectId,
  rows,
  selected,
  onToggle,
  onToggleAll,
  onOpen,
  canExecute,
}: SheetCaseTableProps) {
  const selectedCount = rows.filter((row) => selected.has(row.id)).length;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing={8} highlightOnHover data-testid="sheet-cases">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36}>
              <Checkbox
                aria-label="Select all shown cases"
                checked={selectedCount > 0 && selectedCount === rows.length}
                indeterminate={selectedCount > 0 && selectedCount < rows.length}
                onChange={() => onToggleAll(rows)}
              />
            </Table.Th>
            <Table.Th miw={220}>Case</Table.Th>
            <Table.Th style={NOWRAP}>Priority</Table.Th>
            <Table.Th style={NOWRAP}>Result</Table.Th>
            <Table.Th style={NOWRAP}>Executed</Table.Th>
            <Table.Th ta="center" w={44}>
              <IconBug size={15} aria-label="Linked bugs" style={{ verticalAlign: 'middle' }} />
            </Table.Th>
            {canExecute && <Table.Th style={NOWRAP}>Record</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const isSelected = selected.has(row.id);
            const code = caseCode(row.caseNumber);
            return (
              <Table.Tr
                key={row.id}
                data-testid={`sheet-case-${row.caseNumber}`}
                bg={isSelected ? 'var(--mantine-color-brand-light)' : undefined}
                style={{ cursor: 'pointer' }}
                onClick={(event) => {
                  const target = event.target as HTMLElement;
                  if (target.closest('a, button, input, label, textarea')) return;
                  onOpen(row);
                }}
              >
                <Table.Td>
                  <Checkbox
                    aria-label={`Select ${code}`}
                    checked={isSelected}
                    onChange={() => onToggle(row)}
                  />
                </Table.Td>
                <Table.Td miw={220}>
                  <Group gap={6} wrap="nowrap">
                    <Text
                      size="sm"
                      fw={550}
                      lineClamp={1}
                      component="a"
                      href="#"
                      c="var(--mantine-color-text)"
                      td={row.caseDeleted ? 'line-through' : undefined}
                      title={row.title}
                      onClick={(event) => {
                        event.preventDefault();
                        onOpen(row);
                      }}
                    >
                      {row.title}
                    </Text>
                    {row.caseDeleted && (
                      <Tooltip label="Deleted from the case library: the sheet keeps what it was">
                        <Badge size="xs" color="gray" variant="outline" style={{ flexShrink: 0 }}>
                          Deleted
                        </Badge>
                      </Tooltip>
                    )}
                  </Group>
                  {/* The code and the module under the title: the table has many columns to fit. */}
                  <Text size="xs" c="dimmed" lineClamp={1} title={row.moduleName || undefined}>
                    <Text span inherit ff="monospace">
                      {code}
                    </Text>{' '}
                    · {row.moduleName || 'No module'}
                  </Text>
                </Table.Td>
                <Table.Td style={NOWRAP}>
                  <PriorityBadge priority={row.priority} size="sm" />
                </Table.Td>
                <Table.Td style={NOWRAP}>
                  <ResultBadge result={row.result} size="sm" />
                </Table.Td>
                <Table.Td style={NOWRAP}>
                  {row.executor && row.executedAt ? (
                    <>
                      <Text size="xs" truncate maw={130}>
                        {displayName(row.executor)}
                      </Text>
                      <RelativeTime value={row.executedAt} />
                    </>
                  ) : (
                    <Text size="sm" c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="center">
                  {row.linkIssueIds.length > 0 ? (
                    <Group
                      gap={2}
                      justify="center"
                      wrap="nowrap"
                      aria-label={`${row.linkIssueIds.length} linked`}
                    >
                      <IconBug size={14} color="var(--mantine-color-red-6)" />
                      <Text size="sm">{row.linkIssueIds.length}</Text>
                    </Group>
                  ) : (
                    <Text size="sm" c="dimmed">
                      0
                    </Text>
                  )}
                </Table.Td>
                {canExecute && (
                  <Table.Td>
                    <ResultActions projectId={projectId} row={row} />
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
