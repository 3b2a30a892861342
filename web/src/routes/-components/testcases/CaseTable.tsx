import { Checkbox, Group, Table, Text, Tooltip } from '@mantine/core';
import { caseCode } from '@shared/domain/testing';
import type { CaseRow } from '@shared/schemas/testcases';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { PriorityBadge } from '../work-items/WorkItemBadges';
import { CaseTagBadges, NeedsConfirmationBadge, useCaseTagOptions } from './fields';

export interface CaseSelection {
  selected: ReadonlySet<string>;
  toggle: (row: CaseRow) => void;
  /** Selects every selectable row on the page, or clears them when all are selected. */
  toggleAll: (rows: CaseRow[]) => void;
}

interface CaseTableProps {
  rows: CaseRow[];
  selection?: CaseSelection;
  /** Rows that cannot be picked, with the reason shown on them ("already in the sheet"). */
  disabled?: { ids: ReadonlySet<string>; reason: string };
  /** A click on a row (outside its checkbox) opens it. Without it, a click toggles the row. */
  onOpen?: (row: CaseRow) => void;
  /** Hides the "Updated" column (the narrow select dialog). */
  compact?: boolean;
}

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/**
 * A page of cases: code, title with its tags (and the flag when a covered spec changed), module,
 * type, priority and when it was last updated.
 */
export function CaseTable({ rows, selection, disabled, onOpen, compact = false }: CaseTableProps) {
  const tags = useCaseTagOptions();
  const selectable = rows.filter((row) => !disabled?.ids.has(row.id));
  const selectedCount = selection ? selectable.filter((row) => selection.selected.has(row.id)).length : 0;
  return (
    <Table.ScrollContainer minWidth={compact ? 560 : 680}>
      <Table verticalSpacing={9} horizontalSpacing="xs" highlightOnHover data-testid="case-table">
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Select all cases on this page"
                  checked={selectedCount > 0 && selectedCount === selectable.length}
                  indeterminate={selectedCount > 0 && selectedCount < selectable.length}
                  disabled={selectable.length === 0}
                  onChange={() => selection.toggleAll(selectable)}
                />
              </Table.Th>
            )}
            <Table.Th style={NOWRAP} w={76}>
              ID
            </Table.Th>
            <Table.Th miw={220}>Title</Table.Th>
            <Table.Th style={NOWRAP}>Module</Table.Th>
            <Table.Th style={NOWRAP}>Type</Table.Th>
            <Table.Th style={NOWRAP}>Priority</Table.Th>
            {!compact && <Table.Th style={NOWRAP}>Updated</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const blocked = disabled?.ids.has(row.id) ?? false;
            const selected = !blocked && (selection?.selected.has(row.id) ?? false);
            const code = caseCode(row.caseNumber);
            return (
              <Table.Tr
                key={row.id}
                data-testid={`case-row-${row.caseNumber}`}
                aria-disabled={blocked || undefined}
                bg={selected ? 'var(--mantine-color-brand-light)' : undefined}
                style={{ cursor: blocked ? 'default' : 'pointer', opacity: blocked ? 0.55 : 1 }}
                onClick={(event) => {
                  if ((event.target as HTMLElement).closest('a, button, input, label')) return;
                  if (onOpen) onOpen(row);
                  else if (selection && !blocked) selection.toggle(row);
                }}
              >
                {selection && (
                  <Table.Td>
                    <Checkbox
                      aria-label={`Select ${code}`}
                      checked={selected}
                      disabled={blocked}
                      onChange={() => selection.toggle(row)}
                    />
                  </Table.Td>
                )}
                <Table.Td style={NOWRAP}>
                  <Text size="sm" c="dimmed" ff="monospace">
                    {code}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={550} lineClamp={2}>
                    {row.title}
                  </Text>
                  {/* Tags and the flag sit under the title: the row stays readable at laptop widths. */}
                  {(row.needsConfirmation || row.tagIds.length > 0) && (
                    <Group gap={4} mt={4} wrap="nowrap">
                      {row.needsConfirmation && <NeedsConfirmationBadge />}
                      <CaseTagBadges tagIds={row.tagIds} byId={tags.byId} max={compact ? 2 : 3} />
                    </Group>
                  )}
                  {blocked && (
                    <Text size="xs" c="dimmed">
                      {disabled?.reason}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td maw={160}>
                  <Tooltip label={row.moduleName} disabled={!row.moduleName} openDelay={400}>
                    <Text size="sm" truncate c={row.moduleName ? undefined : 'dimmed'}>
                      {row.moduleName || '—'}
                    </Text>
                  </Tooltip>
                </Table.Td>
                <Table.Td style={NOWRAP}>
                  <Text size="sm">{row.typeName}</Text>
                </Table.Td>
                <Table.Td style={NOWRAP}>
                  <PriorityBadge priority={row.priority} size="sm" />
                </Table.Td>
                {!compact && (
                  <Table.Td style={NOWRAP}>
                    <RelativeTime value={row.updatedAt} size="sm" />
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
