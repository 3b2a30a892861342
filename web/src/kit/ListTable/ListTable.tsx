import 'mantine-datatable/styles.css';
import { Checkbox } from '@mantine/core';
import { useElementSize, useMergedRef } from '@mantine/hooks';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import { type ReactNode, type RefObject, useLayoutEffect, useRef, useState } from 'react';

/**
 * How a column behaves as the table narrows. `title`: the one column that takes the room left,
 * wraps instead of being clipped, and never drops. `secondary` and `tertiary` drop when the
 * table's own width is below its `dropBelow` widths (a list beside a module tree is narrower than
 * the window says), and also when the columns still do not fit or leave the title less than
 * TITLE_ROOM (tertiary first): what the rows hold decides, not only the width. Columns without a
 * role always show and keep to one line.
 */
export type ColumnRole = 'title' | 'secondary' | 'tertiary';

export interface ListColumn<T> {
  /** Unique per table; also the sort key when `sortable`. */
  key: string;
  title: ReactNode;
  render: (row: T) => ReactNode;
  role?: ColumnRole;
  /** The header sorts by this column (the table's `sort` decides what that means). */
  sortable?: boolean;
  align?: 'left' | 'center' | 'right';
  width?: number | string;
}

export interface TableSort {
  key: string;
  direction: 'asc' | 'desc';
  onChange: (key: string, direction: 'asc' | 'desc') => void;
}

/** What the checkboxes read and change: a `useRowSelection`, or any set of ids with the same calls. */
export interface RowPicker<T> {
  selected: { has(id: string): boolean };
  toggle: (row: T) => void;
  toggleAll: (rows: T[]) => void;
}

export interface TableSelection<T> extends RowPicker<T> {
  /** Rows that cannot be picked (already in the sheet, say): their checkbox is off and "all" skips them. */
  isDisabled?: (row: T) => boolean;
  allLabel: string;
  rowLabel: (row: T) => string;
}

export interface ListTableProps<T> {
  rows: T[];
  /** A row's key; its `id` unless told. */
  rowKey?: (row: T) => string;
  columns: ListColumn<T>[];
  /** `data-testid` of the table element. */
  testId?: string;
  /** `data-testid` of each row. */
  rowTestId?: (row: T) => string;
  /** The text a title cell shows in full on hover (its `title` attribute). */
  rowTitle?: (row: T) => string;
  /** A click on a row (not on a link, button or checkbox in it) opens it. */
  onOpen?: (row: T) => void;
  /** Checkboxes for a batch action; the labels name what they select. */
  selection?: TableSelection<T>;
  sort?: TableSort;
  /** Rows are compact (a table inside a drawer, a panel). */
  compact?: boolean;
  highlightOnHover?: boolean;
  /** The widths below which secondary and tertiary columns drop: 640 and 900 px unless told. */
  dropBelow?: DropBelow;
  /** More attributes of a row's element (drag and drop). */
  rowAttributes?: (row: T) => Record<string, unknown>;
  /** A row's background, e.g. a failed case. */
  rowBackground?: (row: T) => string | undefined;
}

/** The table widths (px) below which secondary and tertiary columns drop. */
export interface DropBelow {
  secondary: number;
  tertiary: number;
}

const DROP_BELOW: DropBelow = { secondary: 640, tertiary: 900 };

/** How many roles dropped because the columns did not fit: 0 none, 1 tertiary, 2 secondary too. */
type Dropped = 0 | 1 | 2;

function isHidden(role: ColumnRole | undefined, width: number, dropBelow: DropBelow, dropped: Dropped) {
  if (!role || role === 'title') return false;
  // Unmeasured (0: not laid out yet, or a test without layout) shows every column.
  if (width > 0 && width < dropBelow[role]) return true;
  return role === 'tertiary' ? dropped >= 1 : dropped >= 2;
}

/** The title column's header, found to measure the room it got. */
const TITLE_CLASS = 'list-table-title';
/** Below this the title column wraps a usual title onto three lines or more: other columns give way. */
const TITLE_ROOM = 280;

/**
 * Drops tertiary, then secondary columns while the table is wider than its box (a clipped
 * column at the right edge) or its title column has less than TITLE_ROOM, measured after each
 * layout. A new box width starts again from none dropped, so a wider window brings them back.
 */
function useDropWhileCramped(box: RefObject<HTMLDivElement | null>, width: number): Dropped {
  const [state, setState] = useState<{ width: number; dropped: Dropped }>({ width, dropped: 0 });
  const dropped = state.width === width ? state.dropped : 0;
  useLayoutEffect(() => {
    const table = box.current?.querySelector('table');
    if (!box.current || !table || width === 0 || dropped === 2) return;
    const title = table.querySelector(`th.${TITLE_CLASS}`);
    const clipped = table.scrollWidth > box.current.clientWidth + 1;
    // A title of no width has no layout (a hidden tab, or a DOM without one): nothing to judge.
    const titleWidth = title?.getBoundingClientRect().width ?? 0;
    const cramped = titleWidth > 0 && titleWidth < TITLE_ROOM;
    if (clipped || cramped) setState({ width, dropped: (dropped + 1) as Dropped });
  });
  return dropped;
}

function toColumn<T>(
  column: ListColumn<T>,
  rowTitle: ((row: T) => string) | undefined,
  width: number,
  dropBelow: DropBelow,
  dropped: Dropped,
): DataTableColumn<T> {
  const isTitle = column.role === 'title';
  return {
    accessor: column.key,
    title: column.title,
    render: (row) => column.render(row),
    sortable: column.sortable,
    textAlign: column.align,
    width: column.width ?? (isTitle ? '100%' : undefined),
    titleClassName: isTitle ? TITLE_CLASS : undefined,
    noWrap: !isTitle,
    hidden: isHidden(column.role, width, dropBelow, dropped),
    cellsStyle: isTitle
      ? () => ({ minWidth: 220, whiteSpace: 'normal', overflowWrap: 'anywhere' })
      : undefined,
    customCellAttributes: isTitle && rowTitle ? (row) => ({ title: rowTitle(row) }) : undefined,
  };
}

/** The checkbox column: ours, not the library's, so the labels and "select all" rule stay ours. */
function selectionColumn<T>(
  rows: T[],
  selection: TableSelection<T>,
  rowKey: (row: T) => string,
): ListColumn<T> {
  const selectable = selection.isDisabled ? rows.filter((row) => !selection.isDisabled?.(row)) : rows;
  const count = selectable.filter((row) => selection.selected.has(rowKey(row))).length;
  return {
    key: '__select',
    width: 40,
    title: (
      <Checkbox
        aria-label={selection.allLabel}
        checked={count > 0 && count === selectable.length}
        indeterminate={count > 0 && count < selectable.length}
        disabled={selectable.length === 0}
        onChange={() => selection.toggleAll(selectable)}
      />
    ),
    render: (row) => (
      <Checkbox
        aria-label={selection.rowLabel(row)}
        checked={!selection.isDisabled?.(row) && selection.selected.has(rowKey(row))}
        disabled={selection.isDisabled?.(row)}
        onChange={() => selection.toggle(row)}
      />
    ),
  };
}

/**
 * The kit's table (mantine-datatable underneath): the title column takes the room and wraps,
 * secondary columns drop on narrow screens, headers sort, checkboxes select for a batch bar, and a
 * row opens on click. Loading, empty and error states belong to `ListPage`, not to the table.
 */
export function ListTable<T>({
  rows,
  rowKey = (row) => (row as { id: string }).id,
  columns,
  testId,
  rowTestId,
  rowTitle,
  onOpen,
  selection,
  sort,
  compact,
  highlightOnHover = true,
  rowBackground,
  rowAttributes,
  dropBelow = DROP_BELOW,
}: ListTableProps<T>) {
  const { ref: sizeRef, width } = useElementSize();
  const box = useRef<HTMLDivElement>(null);
  const ref = useMergedRef(sizeRef, box);
  const dropped = useDropWhileCramped(box, width);
  const all = selection ? [selectionColumn(rows, selection, rowKey), ...columns] : columns;
  const sortable = sort
    ? {
        sortStatus: { columnAccessor: sort.key, direction: sort.direction } as DataTableSortStatus<T>,
        onSortStatusChange: (status: DataTableSortStatus<T>) =>
          sort.onChange(String(status.columnAccessor), status.direction),
      }
    : {};
  return (
    // Inline-size containment: the table never widens the grid or flex cell it sits in (a pane
    // of the planning page would grow past its card and clip its last columns); it fits the
    // cell, and the columns that do not fit drop (useDropWhileCramped).
    <div ref={ref} style={{ containerType: 'inline-size' }}>
      <DataTable<T>
        records={rows}
        columns={all.map((column) => toColumn(column, rowTitle, width, dropBelow, dropped))}
        idAccessor={rowKey}
        data-testid={testId}
        highlightOnHover={highlightOnHover}
        verticalSpacing={compact ? 6 : 10}
        horizontalSpacing="xs"
        verticalAlign="top"
        fz="sm"
        minHeight={0}
        noHeader={false}
        onRowClick={
          onOpen
            ? ({ record, event }) => {
                if ((event.target as HTMLElement).closest('a, button, input, label')) return;
                onOpen(record);
              }
            : undefined
        }
        customRowAttributes={
          rowTestId || rowAttributes
            ? (row) => ({ 'data-testid': rowTestId?.(row), ...rowAttributes?.(row) })
            : undefined
        }
        rowBackgroundColor={
          selection || rowBackground
            ? (row) =>
                selection?.selected.has(rowKey(row))
                  ? 'var(--mantine-color-brand-light)'
                  : rowBackground?.(row)
            : undefined
        }
        {...sortable}
      />
    </div>
  );
}
