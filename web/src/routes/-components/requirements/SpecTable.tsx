import type { Spec } from '@shared/schemas/requirements';
import { textColumn } from '../../../kit/ListTable/cells';
import type { ListColumn } from '../../../kit/ListTable/ListTable';
import { UserChip } from '../work-items/WorkItemBadges';
import { countColumn } from './columns';
import type { CommonColumns } from './RequirementTable';

/** The spec table's columns: type, plan, owner and demand count among the shared ones. */
export function specColumns(common: CommonColumns<Spec>): ListColumn<Spec>[] {
  return [
    common.title,
    textColumn<Spec>('type', 'Type', (row) => row.typeName, 'tertiary'),
    common.priority,
    common.module,
    textColumn<Spec>('plan', 'Plan', (row) => row.planTitle, 'secondary'),
    {
      key: 'owner',
      title: 'Owner',
      role: 'secondary',
      render: (row) => <UserChip user={row.owner} empty="—" />,
    },
    common.status,
    countColumn<Spec>('demands', 'Demands', (row) => row.demandCount),
  ];
}

/** Nine columns beside the module tree: the type, plan and demand count go first. */
export const SPEC_TABLE_DROP = { secondary: 680, tertiary: 1000 };
