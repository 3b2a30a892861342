import type { Spec } from '@shared/schemas/requirements';
import { useMemo } from 'react';
import { textColumn } from '../../../kit/ListTable/cells';
import { ListTable, type RowPicker } from '../../../kit/ListTable/ListTable';
import { UserChip } from '../work-items/WorkItemBadges';
import { countColumn, requirementColumns, requirementRowTitle } from './columns';

interface SpecTableProps {
  identifier: string;
  productId: string;
  rows: Spec[];
  /** Present when rows can be selected for a batch action. */
  selection?: RowPicker<Spec>;
  onOpen: (row: Spec) => void;
}

/** The requirement specs of a product: a click on a row opens it, checkboxes select for the batch bar. */
export function SpecTable({ identifier, productId, rows, selection, onOpen }: SpecTableProps) {
  const columns = useMemo(() => {
    const common = requirementColumns<Spec>('spec', identifier, productId);
    return [
      common.title,
      textColumn<Spec>('type', 'Type', (row) => row.typeName, 'tertiary'),
      common.priority,
      common.module,
      textColumn<Spec>('plan', 'Plan', (row) => row.planTitle, 'secondary'),
      {
        key: 'owner',
        title: 'Owner',
        role: 'secondary' as const,
        render: (row: Spec) => <UserChip user={row.owner} empty="—" />,
      },
      common.status,
      countColumn<Spec>('demands', 'Demands', (row) => row.demandCount),
    ];
  }, [identifier, productId]);
  return (
    <ListTable
      rows={rows}
      columns={columns}
      testId="spec-table"
      // Nine columns beside the module tree: the type, plan and demand count go first.
      dropBelow={{ secondary: 680, tertiary: 1000 }}
      rowTestId={(row) => `spec-row-${row.number}`}
      rowTitle={requirementRowTitle('SR')}
      onOpen={onOpen}
      selection={
        selection && {
          ...selection,
          allLabel: 'Select all specs on this page',
          rowLabel: (row) => `Select SR-${row.number}`,
        }
      }
    />
  );
}
