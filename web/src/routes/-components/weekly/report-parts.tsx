import { Badge, NumberInput, Table, Tabs } from '@mantine/core';
import { type ItemList, TABLE_COLUMNS } from '@shared/domain/weekly';
import type { WeeklyIssue } from '@shared/schemas/weekly';
import type { ReactNode } from 'react';

/** Where a report's list of items shows when no section of its template shows it. */
export const LIST_TITLES: Record<ItemList, string> = {
  thisWeek: "This week's work items",
  nextWeek: "Next week's planned items",
};

/** A listed item's line: "#12 Title", or a note that it was deleted. */
export const itemTitle = (item: { issue: WeeklyIssue | null }) =>
  item.issue ? `#${item.issue.issueNumber} ${item.issue.title}` : 'A work item that was deleted';

/** The head of a table section: section 9's columns (and an empty one for the row actions). */
export function TableHead({ withActions = false }: { withActions?: boolean }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {TABLE_COLUMNS.map((column) => (
          <Table.Th key={column.key}>{column.title}</Table.Th>
        ))}
        {withActions && <Table.Th className="weekly-no-print" />}
      </Table.Tr>
    </Table.Thead>
  );
}

/**
 * The cells a listed item fills in a table section, from "No." to "Actual completion": its title
 * as the major item, its status as the detail, its assignee and dates (an item has no
 * department). The progress cell follows, read-only or as an input.
 */
export function ItemCells({ item, index }: { item: { issue: WeeklyIssue | null }; index: number }) {
  return (
    <>
      <Table.Td>{index + 1}</Table.Td>
      <Table.Td>{itemTitle(item)}</Table.Td>
      <Table.Td>{item.issue?.statusName ?? ''}</Table.Td>
      <Table.Td />
      <Table.Td>{item.issue?.assignee?.nickname ?? ''}</Table.Td>
      <Table.Td>{item.issue?.endDate ?? ''}</Table.Td>
      <Table.Td>{item.issue?.closedAt?.slice(0, 10) ?? ''}</Table.Td>
    </>
  );
}

/** A percentage from 0 to 100, typed or stepped. */
export function PercentInput({
  label,
  value,
  onChange,
  onBlur,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  onBlur?: () => void;
}) {
  return (
    <NumberInput
      size="xs"
      w={84}
      min={0}
      max={100}
      suffix="%"
      aria-label={label}
      value={value}
      onChange={(next) => onChange(Math.max(0, Math.min(100, Number(next) || 0)))}
      onBlur={onBlur}
    />
  );
}

/** A tab with how many it holds in a small badge (the week's item categories, the picker's lists). */
export function CountTab({
  value,
  count,
  children,
}: {
  value: string;
  count: ReactNode;
  children: ReactNode;
}) {
  return (
    <Tabs.Tab
      value={value}
      rightSection={
        <Badge size="xs" variant="light" color="gray">
          {count}
        </Badge>
      }
    >
      {children}
    </Tabs.Tab>
  );
}
