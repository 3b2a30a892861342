import type { Spec, UserRequirement } from '@shared/schemas/requirements';
import { useMemo } from 'react';
import { type DropBelow, type ListColumn, ListTable, type RowPicker } from '../../../kit/ListTable/ListTable';
import { requirementColumns, requirementRowTitle } from './columns';

/** The row type of each kind of requirement table. */
interface RowOf {
  spec: Spec;
  userRequirement: UserRequirement;
}
type Kind = keyof RowOf;

/** How each kind names its table, its rows and its checkboxes. */
const NAMES = {
  spec: { testId: 'spec', prefix: 'SR', plural: 'specs' },
  userRequirement: { testId: 'user-requirement', prefix: 'UR', plural: 'user requirements' },
} as const satisfies Record<Kind, { testId: string; prefix: 'SR' | 'UR'; plural: string }>;

/** The columns every kind shares (title, priority, module, status), for a table to place among its own. */
export type CommonColumns<T extends Spec | UserRequirement> = ReturnType<typeof requirementColumns<T>>;

interface RequirementTableProps<K extends Kind> {
  kind: K;
  identifier: string;
  productId: string;
  rows: RowOf[K][];
  /** The table's columns around the shared ones; a module-level function, so that it stays the same. */
  columns: (common: CommonColumns<RowOf[K]>) => ListColumn<RowOf[K]>[];
  /** The widths below which secondary and tertiary columns drop (the table's defaults unless told). */
  dropBelow?: DropBelow;
  /** Present when rows can be selected for a batch action. */
  selection?: RowPicker<RowOf[K]>;
  onOpen: (row: RowOf[K]) => void;
}

/**
 * A product's specs or user requirements as a table: a click on a row opens it, the hover text
 * and test ids name it by its code (`SR-12`, `UR-3`), checkboxes select for a batch bar.
 */
export function RequirementTable<K extends Kind>({
  kind,
  identifier,
  productId,
  rows,
  columns,
  dropBelow,
  selection,
  onOpen,
}: RequirementTableProps<K>) {
  const { testId, prefix, plural } = NAMES[kind];
  const shown = useMemo(
    () => columns(requirementColumns<RowOf[K]>(kind, identifier, productId)),
    [columns, kind, identifier, productId],
  );
  return (
    <ListTable
      rows={rows}
      columns={shown}
      testId={`${testId}-table`}
      dropBelow={dropBelow}
      rowTestId={(row) => `${testId}-row-${row.number}`}
      rowTitle={requirementRowTitle(prefix)}
      onOpen={onOpen}
      selection={
        selection && {
          ...selection,
          allLabel: `Select all ${plural} on this page`,
          rowLabel: (row) => `Select ${prefix}-${row.number}`,
        }
      }
    />
  );
}
