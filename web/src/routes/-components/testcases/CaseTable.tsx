import { Group, Text } from '@mantine/core';
import { caseCode } from '@shared/domain/testing';
import type { CaseRow } from '@shared/schemas/testcases';
import { textColumn, updatedColumn } from '../../../kit/ListTable/cells';
import { type ListColumn, ListTable } from '../../../kit/ListTable/ListTable';
import { PriorityBadge } from '../work-items/WorkItemBadges';
import { CaseTagBadges, NeedsConfirmationBadge, useCaseTagOptions } from './fields';

export interface CaseSelection {
  selected: { has(id: string): boolean };
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

/**
 * A page of cases: code, title with its tags (and the flag when a covered spec changed), module,
 * type, priority and when it was last updated.
 */
function TitleCell({
  row,
  reason,
  tagsById,
  compact,
}: {
  row: CaseRow;
  reason?: string;
  tagsById: ReturnType<typeof useCaseTagOptions>['byId'];
  compact: boolean;
}) {
  return (
    <>
      <Text size="sm" fw={550}>
        {row.title}
      </Text>
      {/* Tags and the flag sit under the title: the row stays readable at laptop widths. */}
      {(row.needsConfirmation || row.tagIds.length > 0) && (
        <Group gap={4} mt={4} wrap="nowrap">
          {row.needsConfirmation && <NeedsConfirmationBadge />}
          <CaseTagBadges tagIds={row.tagIds} byId={tagsById} max={compact ? 2 : 3} />
        </Group>
      )}
      {reason && (
        <Text size="xs" c="dimmed">
          {reason}
        </Text>
      )}
    </>
  );
}

export function CaseTable({ rows, selection, disabled, onOpen, compact = false }: CaseTableProps) {
  const tags = useCaseTagOptions();
  const blocked = (row: CaseRow) => disabled?.ids.has(row.id) ?? false;
  const columns: ListColumn<CaseRow>[] = [
    {
      key: 'code',
      title: 'ID',
      width: 76,
      render: (row) => (
        <Text size="sm" c="dimmed" ff="monospace">
          {caseCode(row.caseNumber)}
        </Text>
      ),
    },
    {
      key: 'title',
      title: 'Title',
      role: 'title',
      render: (row) => (
        <TitleCell
          row={row}
          reason={blocked(row) ? disabled?.reason : undefined}
          tagsById={tags.byId}
          compact={compact}
        />
      ),
    },
    textColumn<CaseRow>('module', 'Module', (row) => row.moduleName, 'secondary'),
    textColumn<CaseRow>('type', 'Type', (row) => row.typeName, 'tertiary'),
    {
      key: 'priority',
      title: 'Priority',
      render: (row) => <PriorityBadge priority={row.priority} size="sm" />,
    },
  ];
  if (!compact) {
    columns.push(updatedColumn<CaseRow>());
  }
  return (
    <ListTable
      rows={rows}
      columns={columns}
      testId="case-table"
      // The code and the title are narrow and wide: the type fits from 800 px of table on.
      dropBelow={{ secondary: 560, tertiary: 800 }}
      rowTestId={(row) => `case-row-${row.caseNumber}`}
      rowTitle={(row) => `${caseCode(row.caseNumber)} ${row.title}`}
      rowAttributes={(row) =>
        blocked(row) ? { 'aria-disabled': true, style: { cursor: 'default', opacity: 0.55 } } : {}
      }
      onOpen={onOpen ?? (selection ? (row) => !blocked(row) && selection.toggle(row) : undefined)}
      selection={
        selection && {
          ...selection,
          isDisabled: blocked,
          allLabel: 'Select all cases on this page',
          rowLabel: (row) => `Select ${caseCode(row.caseNumber)}`,
        }
      }
    />
  );
}
