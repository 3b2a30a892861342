import { Avatar, Tooltip } from '@mantine/core';
import type { UserRequirement } from '@shared/schemas/requirements';
import { useMemo } from 'react';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { initials } from '../../../components/UserMenu/UserMenu';
import { textColumn } from '../../../kit/ListTable/cells';
import { ListTable } from '../../../kit/ListTable/ListTable';
import { displayName } from '../work-items/WorkItemBadges';
import { countColumn, requirementColumns, requirementRowTitle } from './columns';

interface UserRequirementTableProps {
  identifier: string;
  productId: string;
  rows: UserRequirement[];
  onOpen: (row: UserRequirement) => void;
}

function AuthorCell({ row }: { row: UserRequirement }) {
  const name = displayName(row.author);
  return (
    <Tooltip label={name}>
      <Avatar size={26} radius="xl" color="brand" aria-label={`Author: ${name}`}>
        {initials(name)}
      </Avatar>
    </Tooltip>
  );
}

/** The "raw needs" of a product: a click on a row opens it. */
export function UserRequirementTable({ identifier, productId, rows, onOpen }: UserRequirementTableProps) {
  const columns = useMemo(() => {
    const common = requirementColumns<UserRequirement>('userRequirement', identifier, productId);
    return [
      common.title,
      textColumn<UserRequirement>('source', 'Source', (row) => row.sourceName, 'tertiary'),
      common.priority,
      common.module,
      common.status,
      { key: 'author', title: 'Author', render: (row: UserRequirement) => <AuthorCell row={row} /> },
      countColumn<UserRequirement>('specs', 'Specs', (row) => row.specCount),
      {
        key: 'updated',
        title: 'Updated',
        role: 'secondary' as const,
        render: (row: UserRequirement) => <RelativeTime value={row.updatedAt} size="xs" />,
      },
    ];
  }, [identifier, productId]);
  return (
    <ListTable
      rows={rows}
      columns={columns}
      testId="user-requirement-table"
      rowTestId={(row) => `user-requirement-row-${row.number}`}
      rowTitle={requirementRowTitle('UR')}
      onOpen={onOpen}
    />
  );
}
