import { Avatar, Table, Text, Tooltip } from '@mantine/core';
import type { UserRequirement } from '@shared/schemas/requirements';
import { LinkAnchor } from '../../../components/Links/Links';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { initials } from '../../../components/UserMenu/UserMenu';
import { displayName, PriorityBadge, TagBadges } from '../work-items/WorkItemBadges';
import { RequirementStatusBadge } from './RequirementStatusBadge';

interface UserRequirementTableProps {
  identifier: string;
  productId: string;
  rows: UserRequirement[];
  onOpen: (row: UserRequirement) => void;
}

/** Badges, names and times read best on one line; the title takes what is left and wraps. */
const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** The "raw needs" of a product: a click on a row opens it. */
export function UserRequirementTable({ identifier, productId, rows, onOpen }: UserRequirementTableProps) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table
        verticalSpacing={10}
        horizontalSpacing="xs"
        highlightOnHover
        data-testid="user-requirement-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th miw={180}>Title</Table.Th>
            <Table.Th style={NOWRAP}>Source</Table.Th>
            <Table.Th style={NOWRAP}>Priority</Table.Th>
            <Table.Th style={NOWRAP}>Module</Table.Th>
            <Table.Th style={NOWRAP}>Status</Table.Th>
            <Table.Th style={NOWRAP}>Author</Table.Th>
            <Table.Th style={NOWRAP} ta="right">
              Specs
            </Table.Th>
            <Table.Th style={NOWRAP}>Updated</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr
              key={row.id}
              data-testid={`user-requirement-row-${row.number}`}
              style={{ cursor: 'pointer' }}
              // A click anywhere on the row opens it; the title link is the keyboard way.
              onClick={(event) => {
                if ((event.target as HTMLElement).closest('a, button, input, label')) return;
                onOpen(row);
              }}
            >
              <Table.Td>
                <LinkAnchor
                  to="/$identifier/products/$productId/needs/$needsId"
                  params={{ identifier, productId, needsId: row.id }}
                  size="sm"
                  fw={550}
                  c="var(--mantine-color-text)"
                  lineClamp={2}
                >
                  <Text span c="dimmed" size="sm">
                    UR-{row.number}
                  </Text>{' '}
                  {row.title}
                </LinkAnchor>
                {row.tags.length > 0 && (
                  <div style={{ marginTop: 4 }}>
                    <TagBadges tags={row.tags} max={3} />
                  </div>
                )}
              </Table.Td>
              <Table.Td style={NOWRAP}>
                <Text size="sm">{row.sourceName}</Text>
              </Table.Td>
              <Table.Td style={NOWRAP}>
                <PriorityBadge priority={row.priority} size="sm" />
              </Table.Td>
              <Table.Td maw={120}>
                <Text size="sm" truncate c={row.moduleName ? undefined : 'dimmed'}>
                  {row.moduleName ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td style={NOWRAP}>
                <RequirementStatusBadge kind="userRequirement" status={row.status} size="sm" />
              </Table.Td>
              <Table.Td>
                <Tooltip label={displayName(row.author)}>
                  <Avatar
                    size={26}
                    radius="xl"
                    color="brand"
                    aria-label={`Author: ${displayName(row.author)}`}
                  >
                    {initials(displayName(row.author))}
                  </Avatar>
                </Tooltip>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" c={row.specCount === 0 ? 'dimmed' : undefined}>
                  {row.specCount}
                </Text>
              </Table.Td>
              <Table.Td style={NOWRAP}>
                <RelativeTime value={row.updatedAt} size="xs" />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
