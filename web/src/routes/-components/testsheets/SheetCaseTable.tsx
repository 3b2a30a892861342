import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { caseCode } from '@shared/domain/testing';
import type { SheetCaseRow } from '@shared/schemas/testruns';
import { IconBug } from '@tabler/icons-react';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { OpenLink, TextCell } from '../../../kit/ListTable/cells';
import { type ListColumn, ListTable } from '../../../kit/ListTable/ListTable';
import { displayName, PriorityBadge } from '../work-items/WorkItemBadges';
import { ResultActions } from './ResultActions';
import { ResultBadge } from './ResultBadges';

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
  const columns: ListColumn<SheetCaseRow>[] = [
    { key: 'case', title: 'Case', role: 'title', render: (row) => <CaseCell row={row} onOpen={onOpen} /> },
    {
      key: 'priority',
      title: 'Priority',
      role: 'tertiary',
      render: (row) => <PriorityBadge priority={row.priority} size="sm" />,
    },
    { key: 'result', title: 'Result', render: (row) => <ResultBadge result={row.result} size="sm" /> },
    { key: 'executed', title: 'Executed', role: 'secondary', render: (row) => <ExecutedCell row={row} /> },
    {
      key: 'bugs',
      title: <IconBug size={15} aria-label="Linked bugs" style={{ verticalAlign: 'middle' }} />,
      align: 'center',
      width: 44,
      render: (row) =>
        row.linkIssueIds.length > 0 ? (
          <Group gap={2} justify="center" wrap="nowrap" aria-label={`${row.linkIssueIds.length} linked`}>
            <IconBug size={14} color="var(--mantine-color-red-6)" />
            <Text size="sm">{row.linkIssueIds.length}</Text>
          </Group>
        ) : (
          <TextCell value={0} dimmed />
        ),
    },
  ];
  if (canExecute) {
    columns.push({
      key: 'record',
      title: 'Record',
      render: (row) => <ResultActions projectId={projectId} row={row} />,
    });
  }
  return (
    <ListTable
      rows={rows}
      columns={columns}
      testId="sheet-cases"
      rowTestId={(row) => `sheet-case-${row.caseNumber}`}
      rowTitle={(row) => `${caseCode(row.caseNumber)} ${row.title}`}
      compact
      onOpen={onOpen}
      selection={{
        selected,
        toggle: onToggle,
        toggleAll: onToggleAll,
        allLabel: 'Select all shown cases',
        rowLabel: (row) => `Select ${caseCode(row.caseNumber)}`,
      }}
    />
  );
}

function CaseCell({ row, onOpen }: { row: SheetCaseRow; onOpen: (row: SheetCaseRow) => void }) {
  return (
    <>
      <Group gap={6} wrap="nowrap">
        <Text span td={row.caseDeleted ? 'line-through' : undefined}>
          <OpenLink onOpen={() => onOpen(row)}>{row.title}</OpenLink>
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
      <Text size="xs" c="dimmed">
        <Text span inherit ff="monospace">
          {caseCode(row.caseNumber)}
        </Text>{' '}
        · {row.moduleName || 'No module'}
      </Text>
    </>
  );
}

function ExecutedCell({ row }: { row: SheetCaseRow }) {
  if (!row.executor || !row.executedAt) return <TextCell value={null} />;
  return (
    <>
      <Text size="xs" truncate maw={130}>
        {displayName(row.executor)}
      </Text>
      <RelativeTime value={row.executedAt} />
    </>
  );
}
