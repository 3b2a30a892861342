import { Avatar, Tooltip } from '@mantine/core';
import type { UserRequirement } from '@shared/schemas/requirements';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { initials } from '../../../components/UserMenu/UserMenu';
import { textColumn } from '../../../kit/ListTable/cells';
import type { ListColumn } from '../../../kit/ListTable/ListTable';
import { displayName } from '../work-items/WorkItemBadges';
import { countColumn } from './columns';
import type { CommonColumns } from './RequirementTable';

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

/** The "raw needs" table's columns: source, author, spec count and last update among the shared ones. */
export function userRequirementColumns(
  common: CommonColumns<UserRequirement>,
): ListColumn<UserRequirement>[] {
  return [
    common.title,
    textColumn<UserRequirement>('source', 'Source', (row) => row.sourceName, 'tertiary'),
    common.priority,
    common.module,
    common.status,
    { key: 'author', title: 'Author', render: (row) => <AuthorCell row={row} /> },
    countColumn<UserRequirement>('specs', 'Specs', (row) => row.specCount),
    {
      key: 'updated',
      title: 'Updated',
      role: 'secondary',
      render: (row) => <RelativeTime value={row.updatedAt} size="xs" />,
    },
  ];
}
